package org.courseplatform.courses.screen;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.util.List;

/**
 * The one way into a library screen for the other features (the player shows one, the editor
 * changes one): reads in the caller's session, which checks who may see the screen itself.
 */
@ApplicationScoped
public class LibraryScreens {

    private final LibraryScreenRepository repository;

    public LibraryScreens(LibraryScreenRepository repository) {
        this.repository = repository;
    }

    /** The screen, or null. */
    public Uni<LibraryScreen> find(long id) {
        return repository.findById(id);
    }

    /** The screen, or null, locked until the transaction ends: for a caller that changes it. */
    public Uni<LibraryScreen> findForUpdate(long id) {
        return repository.findById(id, LockModeType.PESSIMISTIC_WRITE);
    }

    /** The screen and the others of its group, in id order; the screen alone when it has no group. */
    public Uni<List<LibraryScreen>> withGroup(LibraryScreen screen) {
        return repository.withGroup(screen);
    }
}

package org.courseplatform.courses.screen;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

@ApplicationScoped
public class LibraryScreenRepository implements PanacheRepositoryBase<LibraryScreen, Long> {

    /** The screen and the others of its group, in id order; the screen alone when it has no group. */
    public Uni<List<LibraryScreen>> withGroup(LibraryScreen screen) {
        if (screen.groupKey == null) {
            return Uni.createFrom().item(List.of(screen));
        }
        return list("workspaceId = ?1 and groupKey = ?2", Sort.by("id"), screen.workspaceId, screen.groupKey);
    }
}

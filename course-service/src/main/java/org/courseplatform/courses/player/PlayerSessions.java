package org.courseplatform.courses.player;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The player's sessions as the other features see them: the editor and generation bind an edit
 * session to the course or screen it made, the media library authorises an editor's upload by
 * its session. Reads and writes run in the caller's session and transaction.
 */
@ApplicationScoped
public class PlayerSessions {

    private final PlayerRepository repository;

    public PlayerSessions(PlayerRepository repository) {
        this.repository = repository;
    }

    /** The session, or null when unknown or expired; locked until the transaction ends when {@code lock}. */
    public Uni<PlayerSession> find(String id, boolean lock) {
        return repository.session(id, lock);
    }

    /** Binds an edit session without a course to the one its editor created; false when it already had one. */
    public Uni<Boolean> bindCourse(String sessionId, long courseId) {
        return repository.bindCourse(sessionId, courseId);
    }

    /** Binds an edit session without a screen to the one its editor created; false when it already had one. */
    public Uni<Boolean> bindScreen(String sessionId, long screenId) {
        return repository.bindScreen(sessionId, screenId);
    }
}

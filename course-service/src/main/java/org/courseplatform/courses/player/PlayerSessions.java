package org.courseplatform.courses.player;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.regex.Pattern;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;

/**
 * The player's sessions as the other features see them: the editor and generation bind an edit
 * session to the course or screen it made, the media library authorises an editor's upload by
 * its session. Reads and writes run in the caller's session and transaction.
 */
@ApplicationScoped
public class PlayerSessions {

    /** The header a page sends its session id in. */
    public static final String HEADER = "X-Player-Session";

    public static final String MODE_VIEW = "view";
    public static final String MODE_EDIT = "edit";
    public static final String INTENT_PLAY = "play";
    public static final String INTENT_EDIT = "edit";
    private static final Pattern SESSION_ID = Pattern.compile("[0-9a-f]{64}");

    private final PlayerRepository repository;

    public PlayerSessions(PlayerRepository repository) {
        this.repository = repository;
    }

    /** The session, or null when unknown or expired; locked until the transaction ends when {@code lock}. */
    public Uni<PlayerSession> find(String id, boolean lock) {
        return repository.session(id, lock);
    }

    /**
     * The session of the header if it may edit: missing, unknown or expired is 401
     * ({@code session}), one opened from a view URL 403 ({@code view_only}). Locked until the
     * transaction ends when {@code lock} (it is about to be bound).
     */
    public Uni<PlayerSession> findEditing(String id, boolean lock) {
        if (!wellFormed(id)) {
            return Uni.createFrom().failure(noSession());
        }
        return find(id, lock).map(session -> {
            if (session == null) {
                throw noSession();
            }
            if (!MODE_EDIT.equals(session.mode())) {
                throw viewOnly("This session plays the course; editing, and the media library, need a session"
                        + " opened from an editing link");
            }
            return session;
        });
    }

    /** Whether {@code id} can be a session id at all (64 hex characters); others are not looked up. */
    public static boolean wellFormed(String id) {
        return id != null && SESSION_ID.matcher(id).matches();
    }

    /** 401 with reason {@code session}: no session, an unknown one or an expired one. */
    public static ApiException noSession() {
        return ApiException.unauthorized(
                "session", "This player session does not exist or has expired; open the player link again");
    }

    /** 403 with reason {@code view_only}: a learner's link or session where an editing one is needed. */
    public static ApiException viewOnly(String message) {
        return new ApiException(ErrorCode.FORBIDDEN, "view_only", message, null, null);
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

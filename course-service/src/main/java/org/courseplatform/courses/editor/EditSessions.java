package org.courseplatform.courses.editor;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.courseplatform.courses.course.Course;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.course.Courses;
import org.courseplatform.courses.player.PlayerSession;
import org.courseplatform.courses.player.PlayerSessions;
import org.courseplatform.courses.theme.EditorTheme;
import org.courseplatform.courses.theme.ThemeService;
import org.courseplatform.platform.web.ApiException;

/**
 * The editor API's credential and boundary (docs/course-builder.md): the session an {@code edit}
 * URL opened. It names one workspace, tenant, author ({@code identifier}) and one course or
 * library screen (or none yet, until the editor creates it), and the builder and the screen
 * editor reach nothing else: {@link CourseEditor} and {@link ScreenEditor} start every call here.
 */
@ApplicationScoped
public class EditSessions {

    static final String KIND_COURSE = "course";
    static final String KIND_SCREEN = "screen";

    private final PlayerSessions sessions;
    private final Courses courses;
    private final EditorCatalogue catalogue;
    private final ThemeService themes;

    public EditSessions(PlayerSessions sessions, Courses courses, EditorCatalogue catalogue, ThemeService themes) {
        this.sessions = sessions;
        this.courses = courses;
        this.catalogue = catalogue;
        this.themes = themes;
    }

    @WithSession
    public Uni<EditorViews.Catalogue> catalogue(String sessionId) {
        return find(sessionId, false).map(session -> catalogue.get());
    }

    /**
     * The themes the builder offers: the built-ins, then the workspace themes of the course's
     * tenant (the session's tenant while it has no course yet), the ones it may apply. The themes
     * are read through the pool once the Hibernate session has ended: read inside it, each call
     * held one connection while it waited for a second.
     */
    public Uni<List<EditorTheme>> themes(String sessionId) {
        return Panache.withSession(() -> find(sessionId, false).chain(session -> {
                    Uni<String> tenant = KIND_COURSE.equals(session.kind()) && session.courseId() != null
                            ? course(session, false).map(course -> course.clientIdentifier)
                            : Uni.createFrom().item(session.clientIdentifier());
                    return tenant.map(t -> new Tenant(session.workspaceId(), t));
                }))
                .chain(tenant -> themes.forTenant(tenant.workspaceId(), tenant.clientIdentifier()));
    }

    /** The workspace and tenant whose themes the builder offers. */
    private record Tenant(long workspaceId, String clientIdentifier) {}

    /**
     * The session of the header if it may edit: missing, unknown or expired is 401 ({@code session}),
     * one opened from a view URL 403 ({@code view_only}). Locked when it is about to be bound.
     */
    public Uni<PlayerSession> find(String id, boolean lock) {
        return sessions.findEditing(id, lock);
    }

    /** What the session may reach, as a course scope: its workspace, its tenant when its URL named one, its key's mode. */
    public static CourseScope scope(PlayerSession session) {
        return new CourseScope(
                session.workspaceId(),
                session.clientIdentifier(),
                session.clientIdentifier() == null,
                session.testMode());
    }

    public static void requireKind(PlayerSession session, String kind) {
        if (!kind.equals(session.kind())) {
            throw ApiException.conflict(
                    KIND_COURSE.equals(session.kind())
                            ? "This session edits a course; the screen calls are for the screen editor's sessions"
                            : "This session edits a library screen; the course calls are for the builder's sessions");
        }
    }

    public static long courseIdOf(PlayerSession session) {
        requireKind(session, KIND_COURSE);
        if (session.courseId() == null) {
            throw ApiException.notFound(
                    "This editing session has no course yet: create it (POST /v1/headless/player/editor/course)");
        }
        return session.courseId();
    }

    /** The session's course, locked for this transaction when {@code lock}; 404 once deleted or out of reach. */
    public Uni<Course> course(PlayerSession session, boolean lock) {
        long id = courseIdOf(session);
        CourseScope scope = scope(session);
        Uni<Course> found = lock ? courses.findLiveForUpdate(scope, id) : courses.findLive(scope, id);
        return found.invoke(Course::requireNative);
    }

    /** Binds a session without a course to the one its editor created; 409 when it already had one. */
    public Uni<Void> bindCourse(PlayerSession session, long courseId) {
        return sessions.bindCourse(session.id(), courseId)
                .invoke(bound -> {
                    if (!bound) {
                        throw ApiException.conflict("This editing session already has a course");
                    }
                })
                .replaceWithVoid();
    }

    /** Binds a session without a screen to the one its editor created; 409 when it already had one. */
    public Uni<Void> bindScreen(PlayerSession session, long screenId) {
        return sessions.bindScreen(session.id(), screenId)
                .invoke(bound -> {
                    if (!bound) {
                        throw ApiException.conflict("This editing session already has a screen");
                    }
                })
                .replaceWithVoid();
    }
}

package org.courseplatform.courses.editor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.courses.course.Course;
import org.courseplatform.courses.course.CourseMigrations;
import org.courseplatform.courses.course.CourseRequests;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.course.CourseService;
import org.courseplatform.courses.course.CourseViews;
import org.courseplatform.courses.course.Courses;
import org.courseplatform.courses.course.IfMatch;
import org.courseplatform.courses.document.CourseDocuments;
import org.courseplatform.courses.generation.GenerationRequests;
import org.courseplatform.courses.generation.GenerationService;
import org.courseplatform.courses.language.Job;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.courseplatform.platform.web.QueryParams;
import org.courseplatform.platform.web.Workers;

/**
 * The builder's course calls: the session's course, its creation, saves, publishing, reverting,
 * the migration preview and generation. It adds no course rules of its own: they are
 * {@link CourseService} and {@link CourseMigrations} with a {@link CourseScope} made from the
 * session (its tenant when the URL named one, the issuing key's test mode), so a builder save is
 * the same change, with the same {@code course.*} event, as {@code PUT /v1/headless/course/{id}/content}.
 * Every save must name the revision it was made from ({@code If-Match}, 428 without), so an
 * editor never overwrites a newer save unseen.
 */
@ApplicationScoped
public class CourseEditor {

    private static final int MAX_TITLE = 500;
    private static final int MAX_DESCRIPTION = 10_000;

    private final EditSessions sessions;
    private final Courses courses;
    private final CourseService courseService;
    private final CourseMigrations migrations;
    private final CourseViews views;
    private final ObjectMapper mapper;
    private final GenerationService generation;

    public CourseEditor(
            EditSessions sessions,
            Courses courses,
            CourseService courseService,
            CourseMigrations migrations,
            CourseViews views,
            ObjectMapper mapper,
            GenerationService generation) {
        this.sessions = sessions;
        this.courses = courses;
        this.courseService = courseService;
        this.migrations = migrations;
        this.views = views;
        this.mapper = mapper;
        this.generation = generation;
    }

    /** The session's course, its draft and revision; 404 while the session has none. */
    @WithSession
    public Uni<EditorViews.CourseDraft> course(String sessionId) {
        return sessions.find(sessionId, false)
                .chain(session -> sessions.course(session, false))
                .chain(this::draft);
    }

    /**
     * Creates a Builder 2 course (one empty screen) owned by the session's author in its tenant,
     * and binds the session to it. The session row is locked first, so of two creations at once
     * the second finds the course and is refused (409).
     */
    @WithTransaction
    public Uni<EditorViews.CourseDraft> createCourse(String sessionId, EditorRequests.NewCourse body) {
        return sessions.find(sessionId, true).chain(session -> {
            EditSessions.requireKind(session, EditSessions.KIND_COURSE);
            if (session.courseId() != null) {
                throw ApiException.conflict("This editing session already has course " + session.courseId());
            }
            String title = body == null ? null : body.title();
            String description = body == null ? null : body.description();
            List<ApiError.Detail> problems = new ArrayList<>();
            if (title == null || title.isBlank()) {
                problems.add(new ApiError.Detail("title", "is required"));
            } else if (title.length() > MAX_TITLE) {
                problems.add(new ApiError.Detail("title", "must be at most " + MAX_TITLE + " characters"));
            }
            if (description != null && description.length() > MAX_DESCRIPTION) {
                problems.add(new ApiError.Detail("description", "must be at most " + MAX_DESCRIPTION + " characters"));
            }
            if (!problems.isEmpty()) {
                throw ApiException.invalid(problems);
            }
            return courseService
                    .create(
                            EditSessions.scope(session),
                            new CourseRequests.Create(
                                    title, session.identifier(), session.clientIdentifier(), description))
                    .call(view -> sessions.bindCourse(session, view.id()))
                    .call(() -> Panache.flush())
                    .chain(view -> courses.find(EditSessions.scope(session), view.id()))
                    .invoke(course -> Log.debugf("Editor session created course %d for its author", course.id))
                    .chain(this::draft);
        });
    }

    /**
     * Saves the whole Builder 2 draft with {@code If-Match} (required): 412 when the revision is no
     * longer current, 400 for an invalid document or one that is not Builder 2, 422 for a Classic
     * course (it is converted first). The document is checked on a worker: it may be megabytes.
     */
    @WithTransaction
    public Uni<EditorViews.CourseSaved> saveCourse(
            String sessionId, List<String> ifMatchLines, EditorRequests.Document body) {
        return sessions.find(sessionId, false).chain(session -> {
            long id = EditSessions.courseIdOf(session);
            IfMatch ifMatch = IfMatch.required(ifMatchLines);
            JsonNode document = body == null ? null : body.document();
            return Workers.call(() -> courseService.parse(document))
                    .chain(parsed -> {
                        if (!CourseDocuments.BUILDER2.equals(parsed.format())) {
                            throw ApiException.invalid(
                                    "document.format", "must be builder2: the builder saves Builder 2 documents");
                        }
                        return sessions.course(session, true).chain(course -> {
                            if (!CourseDocuments.BUILDER2.equals(course.format)) {
                                throw ApiException.unprocessable(
                                        "Course " + id + " is a Classic course: convert it to Builder 2 "
                                                + "first (POST /v1/headless/player/editor/course/migration-preview, then accept)");
                            }
                            return courseService.replaceContent(EditSessions.scope(session), id, parsed, ifMatch);
                        });
                    })
                    .map(saved -> new EditorViews.CourseSaved(
                            saved.course(), saved.revision(), saved.course().updated()));
        });
    }

    /**
     * Publishes the draft (course.published). The course row changes, so its revision grows: the
     * answer carries the new one for the editor's next save.
     */
    @WithTransaction
    public Uni<EditorViews.CoursePublished> publish(String sessionId) {
        return sessions.find(sessionId, false)
                .chain(session -> sessions.course(session, true)
                        .chain(course -> courseService
                                .publish(EditSessions.scope(session), course.id)
                                .call(() -> Panache.flush())
                                .map(view -> new EditorViews.CoursePublished(view, course.revision))));
    }

    /** The published version becomes the draft again (409 when never published). */
    @WithTransaction
    public Uni<EditorViews.CourseDraft> revert(String sessionId) {
        return sessions.find(sessionId, false)
                .chain(session -> sessions.course(session, true)
                        .chain(course -> courseService
                                .revert(EditSessions.scope(session), course.id)
                                .call(() -> Panache.flush())
                                .chain(() -> draft(course))))
                .map(draft -> new EditorViews.CourseDraft(draft.course(), draft.document(), draft.revision(), null));
    }

    /**
     * Converts a Classic draft to Builder 2 and keeps the Classic one aside; a course with slides
     * that cannot convert stays Classic ({@code status: blocked}, {@code migrationPreview: false}).
     */
    @WithTransaction
    public Uni<EditorViews.Migration> startMigrationPreview(String sessionId) {
        return sessions.find(sessionId, false)
                .chain(session -> sessions.course(session, true)
                        .chain(course -> migrations
                                .startPreview(EditSessions.scope(session), course.id)
                                .call(() -> Panache.flush())
                                .chain(preview -> migration(
                                        course,
                                        new EditorViews.PreviewResult(
                                                preview.status(),
                                                preview.total(),
                                                preview.changed(),
                                                preview.blocked().stream()
                                                        .map(b -> new EditorViews.Blocked(b.screenId(), b.reason()))
                                                        .toList()),
                                        preview.preview()))));
    }

    /** Keeps the conversion: the stash is dropped and the course stays Builder 2 (409 when not in preview). */
    @WithTransaction
    public Uni<EditorViews.Migration> acceptMigrationPreview(String sessionId) {
        return sessions.find(sessionId, false)
                .chain(session -> sessions.course(session, true).chain(course -> {
                    if (course.migrationStash == null) {
                        throw ApiException.conflict("Course " + course.id + " is not in migration preview");
                    }
                    return migrations
                            .migrate(EditSessions.scope(session), course.id, null)
                            .call(() -> Panache.flush())
                            .chain(outcome -> migration(course, null, false));
                }));
    }

    /** Drops the conversion: the Classic draft is back (409 when not in preview). */
    @WithTransaction
    public Uni<EditorViews.Migration> discardMigrationPreview(String sessionId) {
        return sessions.find(sessionId, false)
                .chain(session -> sessions.course(session, true)
                        .chain(course -> migrations
                                .discardPreview(EditSessions.scope(session), course.id)
                                .call(() -> Panache.flush())
                                .chain(view -> migration(course, null, false))));
    }

    /**
     * Generates the session's course (docs/generation.md) for its author in its tenant, as
     * POST /v1/headless/generate/course does; the job binds the session to the course in the
     * transaction that creates it. 409 when the session already has a course. A failure within the
     * wait is not an error here: the builder reads the job's {@code error}.
     */
    public Uni<GenerationService.Outcome> generate(String sessionId, GenerationRequests.EditorGenerate body) {
        return Panache.withSession(() -> sessions.find(sessionId, false)).chain(session -> {
            EditSessions.requireKind(session, EditSessions.KIND_COURSE);
            if (session.courseId() != null) {
                throw ApiException.conflict("This editing session already has course " + session.courseId());
            }
            return generation
                    .generateForEditor(
                            EditSessions.scope(session),
                            session.identifier(),
                            session.clientIdentifier(),
                            session.id(),
                            body)
                    .onFailure(ApiException.class)
                    .recoverWithUni(e -> {
                        ApiException failure = (ApiException) e;
                        String location = failure.headers().get("Location");
                        if (failure.code() != ErrorCode.UNAVAILABLE || location == null) {
                            return Uni.createFrom().failure(e);
                        }
                        long jobId = Long.parseLong(location.substring(location.lastIndexOf('/') + 1));
                        return generation
                                .editorJob(session.workspaceId(), session.id(), jobId)
                                .map(GenerationService.Pending::new);
                    });
        });
    }

    /** A generation job this session asked for; 404 for any other. */
    public Uni<Job> generation(String sessionId, String rawId) {
        return Panache.withSession(() -> sessions.find(sessionId, false)).chain(session -> {
            long id = QueryParams.id("id", rawId);
            return generation.editorJob(session.workspaceId(), session.id(), id);
        });
    }

    /** The course with its draft read on a worker (a draft is up to 5 MB). */
    private Uni<EditorViews.CourseDraft> draft(Course course) {
        var view = views.of(course);
        long revision = course.revision;
        boolean preview = course.migrationStash != null;
        String draft = course.draft;
        return Workers.call(() -> mapper.readTree(draft))
                .map(document -> new EditorViews.CourseDraft(view, document, revision, preview));
    }

    private Uni<EditorViews.Migration> migration(Course course, EditorViews.PreviewResult preview, boolean active) {
        return draft(course)
                .map(draft ->
                        new EditorViews.Migration(preview, draft.course(), draft.document(), draft.revision(), active));
    }
}

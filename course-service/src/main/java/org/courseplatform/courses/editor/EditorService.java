package org.courseplatform.courses.editor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.courses.course.Course;
import org.courseplatform.courses.course.CourseConfig;
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
import org.courseplatform.courses.player.PlayerSession;
import org.courseplatform.courses.player.PlayerSessions;
import org.courseplatform.courses.screen.LibraryScreen;
import org.courseplatform.courses.screen.LibraryScreens;
import org.courseplatform.courses.screen.ScreenRequest;
import org.courseplatform.courses.screen.ScreenService;
import org.courseplatform.courses.theme.EditorTheme;
import org.courseplatform.courses.theme.ThemeService;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.courseplatform.platform.web.QueryParams;
import org.courseplatform.platform.web.Workers;

/**
 * The rules of the editor API (docs/course-builder.md): what the builder and the screen editor
 * may do with the session an {@code edit} URL opened. The session is the credential and the
 * boundary: it names one workspace, tenant, author ({@code identifier}) and one course or library
 * screen (or none yet, until the editor creates it), and the editor reaches nothing else.
 *
 * <p>It adds no course rules of its own: saves, publishing, reverting and the migration preview
 * are {@link CourseService} and {@link CourseMigrations} with a {@link CourseScope} made from the
 * session (its tenant when the URL named one, the issuing key's test mode), so a builder save is
 * the same change, with the same {@code course.*} event, as {@code PUT /v1/headless/course/{id}/content}.
 * Every save must name the revision it was made from ({@code If-Match}, 428 without), so an
 * editor never overwrites a newer save unseen.
 */
@ApplicationScoped
public class EditorService {

    private static final String KIND_COURSE = "course";
    private static final String KIND_SCREEN = "screen";
    private static final int MAX_TITLE = 500;
    private static final int MAX_DESCRIPTION = 10_000;

    private final PlayerSessions sessions;
    private final Courses courses;
    private final CourseService courseService;
    private final CourseMigrations migrations;
    private final CourseViews views;
    private final LibraryScreens screens;
    private final ScreenService screenService;
    private final EditorCatalogue catalogue;
    private final CourseConfig config;
    private final ObjectMapper mapper;
    private final ThemeService themes;
    private final GenerationService generation;

    public EditorService(
            PlayerSessions sessions,
            Courses courses,
            CourseService courseService,
            CourseMigrations migrations,
            CourseViews views,
            LibraryScreens screens,
            ScreenService screenService,
            EditorCatalogue catalogue,
            CourseConfig config,
            ObjectMapper mapper,
            ThemeService themes,
            GenerationService generation) {
        this.themes = themes;
        this.generation = generation;
        this.sessions = sessions;
        this.courses = courses;
        this.courseService = courseService;
        this.migrations = migrations;
        this.views = views;
        this.screens = screens;
        this.screenService = screenService;
        this.catalogue = catalogue;
        this.config = config;
        this.mapper = mapper;
    }

    /** A library screen checked and serialised, ready to store. */
    private record StagedScreen(ObjectNode document, String json) {}

    @WithSession
    public Uni<EditorViews.Catalogue> catalogue(String sessionId) {
        return editSession(sessionId, false).map(session -> catalogue.get());
    }

    /**
     * The themes the builder offers: the built-ins, then the workspace themes of the course's
     * tenant (the session's tenant while it has no course yet), the ones it may apply. The themes
     * are read through the pool once the Hibernate session has ended: read inside it, each call
     * held one connection while it waited for a second.
     */
    public Uni<List<EditorTheme>> themes(String sessionId) {
        return Panache.withSession(() -> editSession(sessionId, false).chain(session -> {
                    Uni<String> tenant = KIND_COURSE.equals(session.kind()) && session.courseId() != null
                            ? course(session, false).map(course -> course.clientIdentifier)
                            : Uni.createFrom().item(session.clientIdentifier());
                    return tenant.map(t -> new Tenant(session.workspaceId(), t));
                }))
                .chain(tenant -> themes.forTenant(tenant.workspaceId(), tenant.clientIdentifier()));
    }

    /** The workspace and tenant whose themes the builder offers. */
    private record Tenant(long workspaceId, String clientIdentifier) {}

    // ------------------------------------------------------------------------------------ courses

    /** The session's course, its draft and revision; 404 while the session has none. */
    @WithSession
    public Uni<EditorViews.CourseDraft> course(String sessionId) {
        return editSession(sessionId, false)
                .chain(session -> course(session, false))
                .chain(this::draft);
    }

    /**
     * Creates a Builder 2 course (one empty screen) owned by the session's author in its tenant,
     * and binds the session to it. The session row is locked first, so of two creations at once
     * the second finds the course and is refused (409).
     */
    @WithTransaction
    public Uni<EditorViews.CourseDraft> createCourse(String sessionId, EditorRequests.NewCourse body) {
        return editSession(sessionId, true).chain(session -> {
            requireKind(session, KIND_COURSE);
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
                            scope(session),
                            new CourseRequests.Create(
                                    title, session.identifier(), session.clientIdentifier(), description))
                    .call(view -> sessions.bindCourse(session.id(), view.id()).invoke(bound -> {
                        if (!bound) {
                            throw ApiException.conflict("This editing session already has a course");
                        }
                    }))
                    .call(() -> Panache.flush())
                    .chain(view -> courses.find(scope(session), view.id()))
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
        return editSession(sessionId, false).chain(session -> {
            long id = courseIdOf(session);
            IfMatch ifMatch = IfMatch.required(ifMatchLines);
            JsonNode document = body == null ? null : body.document();
            return Workers.call(() -> courseService.parse(document))
                    .chain(parsed -> {
                        if (!CourseDocuments.BUILDER2.equals(parsed.format())) {
                            throw ApiException.invalid(
                                    "document.format", "must be builder2: the builder saves Builder 2 documents");
                        }
                        return course(session, true).chain(course -> {
                            if (!CourseDocuments.BUILDER2.equals(course.format)) {
                                throw ApiException.unprocessable(
                                        "Course " + id + " is a Classic course: convert it to Builder 2 "
                                                + "first (POST /v1/headless/player/editor/course/migration-preview, then accept)");
                            }
                            return courseService.replaceContent(scope(session), id, parsed, ifMatch);
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
        return editSession(sessionId, false)
                .chain(session -> course(session, true)
                        .chain(course -> courseService
                                .publish(scope(session), course.id)
                                .call(() -> Panache.flush())
                                .map(view -> new EditorViews.CoursePublished(view, course.revision))));
    }

    /** The published version becomes the draft again (409 when never published). */
    @WithTransaction
    public Uni<EditorViews.CourseDraft> revert(String sessionId) {
        return editSession(sessionId, false)
                .chain(session -> course(session, true)
                        .chain(course -> courseService
                                .revert(scope(session), course.id)
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
        return editSession(sessionId, false)
                .chain(session -> course(session, true)
                        .chain(course -> migrations
                                .startPreview(scope(session), course.id)
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
        return editSession(sessionId, false)
                .chain(session -> course(session, true).chain(course -> {
                    if (course.migrationStash == null) {
                        throw ApiException.conflict("Course " + course.id + " is not in migration preview");
                    }
                    return migrations
                            .migrate(scope(session), course.id, null)
                            .call(() -> Panache.flush())
                            .chain(outcome -> migration(course, null, false));
                }));
    }

    /** Drops the conversion: the Classic draft is back (409 when not in preview). */
    @WithTransaction
    public Uni<EditorViews.Migration> discardMigrationPreview(String sessionId) {
        return editSession(sessionId, false)
                .chain(session -> course(session, true)
                        .chain(course -> migrations
                                .discardPreview(scope(session), course.id)
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
        return Panache.withSession(() -> editSession(sessionId, false)).chain(session -> {
            requireKind(session, KIND_COURSE);
            if (session.courseId() != null) {
                throw ApiException.conflict("This editing session already has course " + session.courseId());
            }
            return generation
                    .generateForEditor(
                            scope(session), session.identifier(), session.clientIdentifier(), session.id(), body)
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
        return Panache.withSession(() -> editSession(sessionId, false)).chain(session -> {
            long id = QueryParams.id("id", rawId);
            return generation.editorJob(session.workspaceId(), session.id(), id);
        });
    }

    // ------------------------------------------------------------------------------------ screens

    /** The session's library screen, or its whole quiz group in order; 404 while the session has none. */
    @WithSession
    public Uni<EditorViews.Screens> screens(String sessionId) {
        return editSession(sessionId, false).chain(this::screenOf).chain(this::group);
    }

    /**
     * Creates the screen(s) of a catalogue layout for the session's author in its tenant (as
     * POST /v1/headless/screen does) and binds the session to the first (a quiz's cover).
     */
    @WithTransaction
    public Uni<EditorViews.Screens> createScreen(String sessionId, EditorRequests.NewScreen body) {
        return editSession(sessionId, true).chain(session -> {
            requireKind(session, KIND_SCREEN);
            if (session.screenId() != null) {
                throw ApiException.conflict("This editing session already has screen " + session.screenId());
            }
            String layoutId = body == null ? null : body.layoutId();
            if (layoutId == null || layoutId.isBlank()) {
                throw ApiException.invalid(
                        "layoutId", "is required: the id of a layout of the catalogue (GET /catalogue)");
            }
            return screenService
                    .create(
                            scope(session),
                            new ScreenRequest(
                                    layoutId, null, null, null, session.identifier(), session.clientIdentifier()))
                    .call(id -> sessions.bindScreen(session.id(), id).invoke(bound -> {
                        if (!bound) {
                            throw ApiException.conflict("This editing session already has a screen");
                        }
                    }))
                    .invoke(id -> Log.debugf("Editor session created library screen %d from layout %s", id, layoutId))
                    .chain(id -> screens.find(id))
                    .chain(this::group);
        });
    }

    /**
     * Saves one screen of the session (its screen or another of its quiz group; 404 for any other)
     * with {@code If-Match} (required). The document is one Builder 2 screen checked by the screen
     * rules of a course document; its {@code id} stays the screen's. The row is locked before its
     * revision is compared, so of two saves from one revision exactly one applies.
     */
    @WithTransaction
    public Uni<EditorViews.ScreenSaved> saveScreen(
            String sessionId, String rawId, List<String> ifMatchLines, EditorRequests.Document body) {
        return editSession(sessionId, false).chain(session -> {
            requireKind(session, KIND_SCREEN);
            long id = QueryParams.id("id", rawId);
            IfMatch ifMatch = IfMatch.required(ifMatchLines);
            if (session.screenId() == null) {
                throw ApiException.notFound("Screen " + id + " not found");
            }
            JsonNode document = body == null ? null : body.document();
            return Workers.call(() -> stage(document))
                    .chain(staged -> screens.findForUpdate(id)
                            .chain(target -> memberOfSession(session, target, id))
                            .chain(target -> {
                                ifMatch.check(
                                        "Screen " + id,
                                        target.revision,
                                        "the screen (GET /v1/headless/player/editor/screen)");
                                String stored = target.document;
                                return Workers.call(() -> mapper.readTree(stored)
                                                .path("id")
                                                .asText(null))
                                        .map(storedId -> {
                                            String given =
                                                    staged.document().path("id").asText();
                                            if (storedId != null && !storedId.equals(given)) {
                                                throw ApiException.invalid(
                                                        "document.id",
                                                        "must stay \"" + storedId
                                                                + "\": a screen's id does not change");
                                            }
                                            apply(target, staged);
                                            return new EditorViews.ScreenSaved(
                                                    target.id, target.revision, target.updatedAt);
                                        });
                            }));
        });
    }

    // ------------------------------------------------------------------------------------ helpers

    /**
     * The session of the header if it may edit: missing, unknown or expired is 401 ({@code session}),
     * one opened from a view URL 403 ({@code view_only}). Locked when it is about to be bound.
     */
    private Uni<PlayerSession> editSession(String id, boolean lock) {
        return sessions.findEditing(id, lock);
    }

    /** What the session may reach, as a course scope: its workspace, its tenant when its URL named one, its key's mode. */
    private static CourseScope scope(PlayerSession session) {
        return new CourseScope(
                session.workspaceId(),
                session.clientIdentifier(),
                session.clientIdentifier() == null,
                session.testMode());
    }

    private static void requireKind(PlayerSession session, String kind) {
        if (!kind.equals(session.kind())) {
            throw ApiException.conflict(
                    KIND_COURSE.equals(session.kind())
                            ? "This session edits a course; the screen calls are for the screen editor's sessions"
                            : "This session edits a library screen; the course calls are for the builder's sessions");
        }
    }

    private static long courseIdOf(PlayerSession session) {
        requireKind(session, KIND_COURSE);
        if (session.courseId() == null) {
            throw ApiException.notFound(
                    "This editing session has no course yet: create it (POST /v1/headless/player/editor/course)");
        }
        return session.courseId();
    }

    /** The session's course, locked for this transaction when {@code lock}; 404 once deleted or out of reach. */
    private Uni<Course> course(PlayerSession session, boolean lock) {
        long id = courseIdOf(session);
        CourseScope scope = scope(session);
        Uni<Course> found = lock ? courses.findLiveForUpdate(scope, id) : courses.findLive(scope, id);
        return found.invoke(Course::requireNative);
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

    private Uni<LibraryScreen> screenOf(PlayerSession session) {
        requireKind(session, KIND_SCREEN);
        if (session.screenId() == null) {
            throw ApiException.notFound(
                    "This editing session has no screen yet: create it (POST /v1/headless/player/editor/screen)");
        }
        long id = session.screenId();
        CourseScope scope = scope(session);
        return screens.find(id).map(screen -> {
            if (screen == null || !scope.sees(screen.workspaceId, screen.clientIdentifier)) {
                throw ApiException.notFound("Screen " + id + " no longer exists");
            }
            return screen;
        });
    }

    /** A screen the session may save: its own, or another of its own's quiz group; 404 otherwise. */
    private Uni<LibraryScreen> memberOfSession(PlayerSession session, LibraryScreen target, long id) {
        CourseScope scope = scope(session);
        if (target == null || !scope.sees(target.workspaceId, target.clientIdentifier)) {
            throw ApiException.notFound("Screen " + id + " not found");
        }
        if (target.id.equals(session.screenId())) {
            return Uni.createFrom().item(target);
        }
        return screens.find(session.screenId()).map(own -> {
            if (own == null
                    || own.groupKey == null
                    || own.workspaceId != target.workspaceId
                    || !own.groupKey.equals(target.groupKey)) {
                throw ApiException.notFound("Screen " + id + " not found");
            }
            return target;
        });
    }

    /** The screen and the rest of its quiz group, oldest first (cover, question, results). */
    private Uni<EditorViews.Screens> group(LibraryScreen screen) {
        return screens.withGroup(screen).chain(list -> {
            List<LibraryScreen> snapshot = List.copyOf(list);
            List<String> documents = snapshot.stream().map(s -> s.document).toList();
            return Workers.call(() -> {
                List<EditorViews.ScreenInfo> infos = new ArrayList<>();
                for (int i = 0; i < snapshot.size(); i++) {
                    LibraryScreen s = snapshot.get(i);
                    infos.add(new EditorViews.ScreenInfo(
                            s.id,
                            s.title,
                            s.layoutId,
                            s.type,
                            s.typeId,
                            s.groupRole,
                            mapper.readTree(documents.get(i)),
                            s.revision));
                }
                return new EditorViews.Screens(infos);
            });
        });
    }

    /** Checks one screen document and serialises it, within the document size limit (413 beyond). */
    private StagedScreen stage(JsonNode document) throws JsonProcessingException {
        ObjectNode normalised = CourseDocuments.parseScreen(document);
        String json = mapper.writeValueAsString(normalised);
        long size = json.getBytes(StandardCharsets.UTF_8).length;
        long max = config.documentMaxSize().asLongValue();
        if (size > max) {
            throw ApiException.payloadTooLarge(
                    "The screen document is " + size + " bytes; at most " + max + " are accepted");
        }
        return new StagedScreen(normalised, json);
    }

    /** The stored row follows the document: its title, type and a new revision. */
    private static void apply(LibraryScreen screen, StagedScreen staged) {
        JsonNode title = staged.document().get("title");
        screen.document = staged.json();
        screen.title = title != null && title.isTextual() ? title.asText() : null;
        screen.type = staged.document().path("type").asText();
        screen.typeId = staged.document().path("typeId").asInt();
        screen.revision++;
        screen.updatedAt = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
        Log.debugf(
                "Library screen %s saved at revision %s", String.valueOf(screen.id), String.valueOf(screen.revision));
    }
}

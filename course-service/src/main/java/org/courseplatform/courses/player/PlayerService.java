package org.courseplatform.courses.player;

import static org.courseplatform.courses.player.PlayerSessions.INTENT_EDIT;
import static org.courseplatform.courses.player.PlayerSessions.INTENT_PLAY;
import static org.courseplatform.courses.player.PlayerSessions.MODE_EDIT;
import static org.courseplatform.courses.player.PlayerSessions.MODE_VIEW;
import static org.courseplatform.courses.player.PlayerSessions.noSession;
import static org.courseplatform.courses.player.PlayerSessions.viewOnly;
import static org.courseplatform.courses.player.PlayerSessions.wellFormed;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.courseplatform.courses.analytics.AnalyticsProjection;
import org.courseplatform.courses.course.Course;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.course.Courses;
import org.courseplatform.courses.document.ClassicConverter;
import org.courseplatform.courses.document.CourseDocuments;
import org.courseplatform.courses.language.NarrationService;
import org.courseplatform.courses.screen.LibraryScreen;
import org.courseplatform.courses.screen.LibraryScreens;
import org.courseplatform.courses.theme.Theme;
import org.courseplatform.courses.theme.ThemeFonts;
import org.courseplatform.courses.theme.ThemeService;
import org.courseplatform.platform.auth.Tokens;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Workers;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.MalformedClaimException;
import org.jose4j.jwt.consumer.InvalidJwtException;

/**
 * Player sessions and what they record. The page exchanges its embed token once for a session
 * (the token's {@code jti} is recorded in the session's transaction, so a second exchange is
 * refused); the session's random id then authenticates every call as the {@code X-Player-Session}
 * header, never in a URL. A {@code view} session belongs to the learner's tracking record, made
 * at the first view with the issuing key's mode; an {@code edit} session (the builder's and the
 * screen editor's, also the player's preview of a draft) records nothing, and authenticates the
 * editor API ({@code org.courseplatform.courses.editor}). Sessions of mode {@code preview} are
 * those opened from edit tokens before the builder existed.
 */
@ApplicationScoped
public class PlayerService {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'");
    private static final TypeReference<Map<String, List<String>>> ANSWERS = new TypeReference<>() {};
    private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {};
    private static final int MAX_ANSWERS = 100;

    private final PlayerRepository repository;
    private final Courses courses;
    private final LibraryScreens screens;
    private final PlayerEvents events;
    private final Tokens tokens;
    private final PlayerConfig config;
    private final ObjectMapper mapper;
    private final ThemeService themes;
    private final AnalyticsProjection analytics;
    private final NarrationService narration;

    public PlayerService(
            PlayerRepository repository,
            Courses courses,
            LibraryScreens screens,
            PlayerEvents events,
            Tokens tokens,
            PlayerConfig config,
            ObjectMapper mapper,
            ThemeService themes,
            AnalyticsProjection analytics,
            NarrationService narration) {
        this.themes = themes;
        this.narration = narration;
        this.repository = repository;
        this.courses = courses;
        this.screens = screens;
        this.events = events;
        this.tokens = tokens;
        this.config = config;
        this.mapper = mapper;
        this.analytics = analytics;
    }

    /** The claims of a verified embed token of this service; {@code targetId} null only for an edit token. */
    private record Claims(
            String jti,
            Instant expires,
            long workspaceId,
            String clientIdentifier,
            String identifier,
            String action,
            String kind,
            Long targetId,
            boolean testMode,
            Map<String, Object> options,
            String parentOrigin,
            Map<String, Object> collection) {

        boolean view() {
            return EmbedService.VIEW.equals(action);
        }

        /** The collection the tracking belongs to; null when played standalone. */
        Long collectionId() {
            return collection != null && collection.get("id") instanceof Number id ? id.longValue() : null;
        }

        CourseScope scope() {
            return new CourseScope(workspaceId, clientIdentifier, clientIdentifier == null, testMode);
        }
    }

    /**
     * What the session plays: its outline, the document as stored (for the outline and the
     * theme), the document the page is given ({@code shown}: a learner's has no correctness,
     * {@link LearnerDocument}), and for a course its summary.
     */
    private record Opened(
            Outline outline,
            JsonNode document,
            JsonNode shown,
            String locale,
            PlayerViews.CourseInfo course,
            PlayerViews.ScreenInfo screen) {}

    /**
     * Exchanges an embed token for a session (201). 401 with {@code error.reason} {@code expired},
     * {@code invalid} or {@code used}; 404 when the course or screen is gone or outside the token's
     * tenant; 409 when a course to view is no longer published. With intent {@code edit} a
     * {@code view} token is 403 with reason {@code view_only} and stays unused, so a learner's link
     * pasted into an editor page opens nothing.
     */
    public Uni<PlayerViews.Session> exchange(String token, String intent) {
        if (intent != null && !INTENT_PLAY.equals(intent) && !INTENT_EDIT.equals(intent)) {
            throw ApiException.invalid("intent", "must be play or edit");
        }
        Claims claims = verify(token);
        if (INTENT_EDIT.equals(intent) && claims.view()) {
            throw viewOnly("This link opens the course for learning, not for editing; ask for an editing link");
        }
        return open(claims, intent).chain(this::present);
    }

    /**
     * Opens a {@code view} session of a published course for a learner let in by a share link
     * (org.courseplatform.courses.share), exactly as an embed token of the course's tenant with the
     * link's mode would: same tracking record per identifier, same events, same resume. Joins the
     * caller's transaction, so a refusal here (course gone or unpublished) undoes the link's use.
     * The caller hands the answer to {@link #present} once its transaction has committed.
     */
    public Uni<Opening> openShared(
            long workspaceId, String clientIdentifier, String identifier, long courseId, boolean testMode) {
        Claims claims = new Claims(
                "share-" + randomId(16),
                Instant.now().plus(config.embedTtl()),
                workspaceId,
                clientIdentifier,
                identifier,
                EmbedService.VIEW,
                EmbedService.KIND_COURSE,
                courseId,
                testMode,
                new LinkedHashMap<>(),
                null,
                null);
        return open(claims, INTENT_PLAY);
    }

    /**
     * A session written in its transaction, not yet shown: {@link #present} reads its theme and
     * narration afterwards, through the pool. Read inside the transaction, each exchange held one
     * connection while it waited for a second, and as many exchanges at once as the pool has
     * connections waited until the pool's timeout (bench/learners.sh: 200 learners at once).
     */
    public record Opening(
            String sessionId, OffsetDateTime expires, Claims claims, Opened opened, PlayerViews.Progress progress) {}

    /** The session's answer: the opening with its theme and narration, read outside any transaction. */
    public Uni<PlayerViews.Session> present(Opening opening) {
        Claims claims = opening.claims();
        Opened opened = opening.opened();
        return themes.resolve(
                        claims.workspaceId(), themeTenant(claims, opened), themeId(claims.options(), opened.document()))
                .chain(theme -> narration(claims, opened)
                        .map(audio -> sessionView(
                                opening.sessionId(),
                                opening.expires(),
                                claims,
                                opened,
                                opening.progress(),
                                theme,
                                audio)));
    }

    private Uni<Opening> open(Claims claims, String intent) {
        String sessionId = randomId(32);
        OffsetDateTime expires =
                OffsetDateTime.now(ZoneOffset.UTC).plus(config.sessionTtl()).truncatedTo(ChronoUnit.MILLIS);
        OffsetDateTime tokenExpires = OffsetDateTime.ofInstant(claims.expires(), ZoneOffset.UTC);
        // The token is used in the session's transaction: an exchange that fails (course gone)
        // leaves it unused, and of two exchanges at once the second waits and is refused.
        return Panache.withTransaction(() -> repository
                .useToken(claims.jti(), sessionId, tokenExpires)
                .chain(used -> {
                    if (!used) {
                        throw ApiException.unauthorized(
                                "used", "This player link has already been used; ask for a new one");
                    }
                    if (claims.targetId() == null) {
                        return Uni.createFrom().item(openNothing(claims));
                    }
                    return EmbedService.KIND_COURSE.equals(claims.kind())
                            ? openCourse(claims, INTENT_EDIT.equals(intent))
                            : openScreen(claims);
                })
                .chain(opened -> {
                    Uni<Long> tracking = claims.view()
                            ? repository.tracking(
                                    claims.workspaceId(),
                                    claims.kind(),
                                    claims.targetId(),
                                    claims.identifier(),
                                    opened.course() != null ? tenantOf(claims, opened) : claims.clientIdentifier(),
                                    claims.collection() == null ? null : json(claims.collection()),
                                    claims.collectionId(),
                                    claims.testMode())
                            : Uni.createFrom().nullItem();
                    return tracking.chain(trackingId -> {
                        PlayerSession row = new PlayerSession(
                                sessionId,
                                claims.workspaceId(),
                                claims.kind(),
                                opened.course() != null ? claims.targetId() : null,
                                opened.screen() != null ? claims.targetId() : null,
                                trackingId,
                                mode(claims),
                                claims.clientIdentifier(),
                                claims.identifier(),
                                json(claims.options()),
                                claims.parentOrigin(),
                                json(opened.outline()),
                                claims.testMode());
                        return repository
                                .insertSession(row, expires)
                                .chain(() -> trackingId == null
                                        ? Uni.createFrom().item(emptyProgress())
                                        : repository
                                                .tracking(trackingId, false)
                                                .map(t -> progressOf(t, opened.outline())))
                                .map(progress -> new Opening(sessionId, expires, claims, opened, progress));
                    });
                }));
    }

    private String tenantOf(Claims claims, Opened opened) {
        return claims.clientIdentifier() != null
                ? claims.clientIdentifier()
                : opened.outline().clientIdentifier();
    }

    /** Screen id to narration audio URL for a course session (docs/translation-and-narration.md); empty otherwise. */
    private Uni<Map<String, String>> narration(Claims claims, Opened opened) {
        if (!EmbedService.KIND_COURSE.equals(claims.kind()) || opened.course() == null) {
            return Uni.createFrom().item(Map.of());
        }
        return narration.audioUrls(opened.course().id());
    }

    /**
     * What a learner of the course's published version is shown, as a view session gives it: the
     * document (a Classic course converted, 422 when it cannot be), its locale and the resolved
     * theme in the session's {@code theme} shape. For packages that carry the course with them
     * (SCORM export); the caller has checked that the course is visible and published.
     */
    public Uni<PlayerViews.Published> published(Course course) {
        String stored = course.requirePublished();
        return Workers.call(() -> openDocument(course, stored, null, true, false))
                .chain(opened -> themes.resolve(
                                course.workspaceId, course.clientIdentifier, themeId(Map.of(), opened.document()))
                        .map(theme -> new PlayerViews.Published(
                                opened.course(),
                                opened.document(),
                                opened.locale(),
                                themeView(theme, null, colorPrimary(Map.of(), opened.document())))));
    }

    /** The tenant whose workspace themes the page may show: the course's or screen's own. */
    private static String themeTenant(Claims claims, Opened opened) {
        return opened.document() == null
                ? claims.clientIdentifier()
                : opened.outline().clientIdentifier();
    }

    /** The course document's {@code theme.themeId}, else the embed URL's {@code themeId} when it is an id. */
    private static Long themeId(Map<String, Object> options, JsonNode document) {
        JsonNode own = document == null ? null : document.path("theme").path("themeId");
        if (own != null && own.isIntegralNumber() && own.canConvertToLong() && own.asLong() > 0) {
            return own.asLong();
        }
        Object given = options.get("themeId");
        String text = given == null ? "" : given.toString().strip();
        return text.matches("[1-9][0-9]{0,17}") ? Long.valueOf(text) : null;
    }

    private PlayerViews.Session sessionView(
            String id,
            OffsetDateTime expires,
            Claims claims,
            Opened opened,
            PlayerViews.Progress progress,
            Theme resolved,
            Map<String, String> narration) {
        Map<String, Object> options = new LinkedHashMap<>();
        for (String name : List.of("themeId", "colorPrimary", "back", "flow", "language")) {
            options.put(name, claims.options().get(name));
        }
        options.put("parentOrigin", claims.parentOrigin());
        Map<String, Object> theme =
                themeView(resolved, claims.options().get("themeId"), colorPrimary(claims.options(), opened.document()));
        boolean course = EmbedService.KIND_COURSE.equals(claims.kind());
        return new PlayerViews.Session(
                id,
                ISO.format(expires),
                mode(claims),
                claims.kind(),
                course ? Optional.ofNullable(opened.course()) : null,
                course ? null : Optional.ofNullable(opened.screen()),
                opened.shown(),
                opened.locale(),
                options,
                theme,
                progress,
                narration);
    }

    /** The session's {@code theme}: the resolved theme's look, the themeId asked for when none resolved, the colour. */
    private static Map<String, Object> themeView(Theme resolved, Object askedThemeId, Object colorPrimary) {
        Map<String, Object> theme = new LinkedHashMap<>();
        theme.put("themeId", resolved != null ? resolved.id() : askedThemeId);
        theme.put("colorPrimary", colorPrimary);
        theme.put("name", resolved == null ? null : resolved.name());
        theme.put("colors", resolved == null ? null : resolved.colors());
        theme.put("fonts", resolved == null ? null : resolved.fonts());
        theme.put("fontStacks", resolved == null ? null : ThemeFonts.stacksOf(resolved.fonts()));
        theme.put("cornerStyle", resolved == null ? null : resolved.cornerStyle());
        return theme;
    }

    private static String mode(Claims claims) {
        return claims.view() ? MODE_VIEW : MODE_EDIT;
    }

    /** The embed URL's colour, else the course's own (the builder's theme setting), else none. */
    private static Object colorPrimary(Map<String, Object> options, JsonNode document) {
        Object given = options.get("colorPrimary");
        if (given != null || document == null) {
            return given;
        }
        JsonNode own = document.path("theme").path("colorPrimary");
        return own.isTextual() ? own.asText() : null;
    }

    /** An edit session without a course or screen yet: nothing to play, the editor creates it. */
    private Opened openNothing(Claims claims) {
        String language = (String) claims.options().get("language");
        Outline outline = Outline.of(null, null, claims.clientIdentifier(), mapper.createObjectNode());
        return new Opened(
                outline, null, null, language != null ? language : CourseDocuments.DEFAULT_LOCALE, null, null);
    }

    /**
     * The course's published version (view) or draft (edit). The player gets a Classic document
     * converted to Builder 2; an editor ({@code asStored}) gets the draft as stored, as its
     * {@code GET /course} does: a Classic course is converted through the migration preview.
     */
    private Uni<Opened> openCourse(Claims claims, boolean asStored) {
        long courseId = claims.targetId();
        CourseScope scope = claims.scope();
        return courses.findLive(scope, courseId).chain(course -> {
            course.requireNative();
            String stored = claims.view() ? course.requirePublished() : course.draft;
            String language = (String) claims.options().get("language");
            return Workers.call(() -> openDocument(course, stored, language, !asStored, claims.view()));
        });
    }

    /**
     * Reads (and, for a Classic course, converts) the document on a worker: it may be megabytes. A
     * {@code learner} is shown the document without correctness ({@link LearnerDocument}).
     */
    private Opened openDocument(Course course, String stored, String language, boolean convert, boolean learner)
            throws JsonProcessingException {
        JsonNode document = mapper.readTree(stored);
        if (convert && CourseDocuments.CLASSIC.equals(document.path("format").asText())) {
            ClassicConverter.Result converted = ClassicConverter.convert(document);
            if (converted.document() == null) {
                throw ApiException.unprocessable("This Classic course has slides the player cannot show ("
                        + converted.blocked().stream()
                                .map(ClassicConverter.Blocked::reason)
                                .distinct()
                                .toList()
                        + "); migrate it to Builder 2 first");
            }
            document = converted.document();
        }
        String locale = language != null ? language : document.path("locale").asText(CourseDocuments.DEFAULT_LOCALE);
        Outline outline = Outline.of(course.title, course.key, course.clientIdentifier, document, locale);
        return new Opened(
                outline,
                document,
                learner ? LearnerDocument.of(document) : document,
                locale,
                new PlayerViews.CourseInfo(course.id, course.title, course.key, course.format),
                null);
    }

    private Uni<Opened> openScreen(Claims claims) {
        long screenId = claims.targetId();
        CourseScope scope = claims.scope();
        return screens.find(screenId).chain(screen -> {
            if (screen == null || !scope.sees(screen.workspaceId, screen.clientIdentifier)) {
                throw ApiException.notFound("This screen no longer exists");
            }
            return screens.withGroup(screen)
                    .chain(members -> Workers.call(() -> {
                        ObjectNode document = mapper.createObjectNode().put("format", CourseDocuments.BUILDER2);
                        document.put("title", members.get(0).title);
                        document.put("locale", CourseDocuments.DEFAULT_LOCALE);
                        var list = document.putArray("screens");
                        for (LibraryScreen member : members) {
                            list.add(mapper.readTree(member.document));
                        }
                        String title = members.get(0).title;
                        String language = (String) claims.options().get("language");
                        String locale = language != null ? language : CourseDocuments.DEFAULT_LOCALE;
                        return new Opened(
                                Outline.of(title, null, screen.clientIdentifier, document, locale),
                                document,
                                claims.view() ? LearnerDocument.of(document) : document,
                                locale,
                                null,
                                new PlayerViews.ScreenInfo(screen.id, title));
                    }));
        });
    }

    /**
     * Records progress: {@code screenIndex} is the screen now shown, {@code visibleSeconds} the
     * visible time since the last call. The first call commences the tracking record
     * ({@code course.commenced}); reaching the last screen with every question answered completes
     * it ({@code course.completed}), each once. A preview answers the same and records nothing.
     * A write with a {@code sequence} not above the session's last one arrived after a newer write:
     * its time still counts and its answers fill only questions without one, but the stored screen
     * stays the newer write's, and the answer is the stored progress (so a page relays only that).
     */
    public Uni<PlayerViews.ProgressAnswer> progress(String sessionId, PlayerRequests.Progress request) {
        List<ApiError.Detail> problems = new ArrayList<>();
        if (request == null) {
            throw ApiException.badRequest("The body must be {screenIndex, visibleSeconds, answers?}");
        }
        if (request.screenIndex() == null || request.screenIndex() < 0) {
            problems.add(new ApiError.Detail("screenIndex", "is required: the 0-based index of the screen now shown"));
        }
        if (request.visibleSeconds() == null || request.visibleSeconds() < 0 || request.visibleSeconds() > 300) {
            problems.add(new ApiError.Detail(
                    "visibleSeconds", "is required: seconds visible since the last call, 0 to 300"));
        }
        if (request.sequence() != null && request.sequence() < 0) {
            problems.add(new ApiError.Detail(
                    "sequence", "must be 0 or more: the write's number in the session, rising with each write"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        Map<String, List<String>> given = request.answers() == null ? Map.of() : request.answers();
        return Panache.withTransaction(() -> session(sessionId).chain(session -> {
            Outline outline = read(session.outline(), Outline.class);
            if (request.screenIndex() >= outline.screenCount()) {
                throw ApiException.invalid(
                        "screenIndex", "must be below " + outline.screenCount() + ", the number of screens");
            }
            checkAnswers(outline, given);
            if (!MODE_VIEW.equals(session.mode())) {
                int percent = percent(outline, request.screenIndex(), false);
                return Uni.createFrom()
                        .item(new PlayerViews.ProgressAnswer(
                                progress(outline, request.screenIndex(), percent, false, false, given)));
            }
            Uni<Boolean> newest = request.sequence() == null
                    ? Uni.createFrom().item(true)
                    : repository.takeSequence(session.id(), request.sequence());
            return newest.chain(latest -> repository
                    .tracking(session.trackingId(), true)
                    .chain(t -> record(session, outline, request, given, latest, t)));
        }));
    }

    /**
     * Applies one progress write to the locked tracking record; {@code latest} false for a write
     * that arrived after a newer one of its session (the stored screen stays, see {@link #progress}).
     */
    private Uni<PlayerViews.ProgressAnswer> record(
            PlayerSession session,
            Outline outline,
            PlayerRequests.Progress request,
            Map<String, List<String>> given,
            boolean latest,
            PlayerRepository.TrackingRow t) {
        if (!latest) {
            Log.debugf(
                    "Progress write %d of tracking %d arrived late: the screen stays %d",
                    request.sequence(), Long.valueOf(t.id()), Integer.valueOf(t.screenIndex()));
        }
        int screenIndex = latest ? request.screenIndex() : t.screenIndex();
        String now = ISO.format(OffsetDateTime.now(ZoneOffset.UTC));
        Map<String, List<String>> answers = new LinkedHashMap<>(read(t.answers(), ANSWERS));
        if (latest) {
            answers.putAll(given);
        } else {
            given.forEach(answers::putIfAbsent);
        }
        int furthest = Math.max(t.furthestIndex(), request.screenIndex());
        long total = t.totalSeconds() + request.visibleSeconds();
        boolean course = EmbedService.KIND_COURSE.equals(session.kind());
        boolean commenceNow = t.commenced() == null;
        boolean completeNow = course
                && t.completed() == null
                && furthest == outline.screenCount() - 1
                && outline.allAnswered(answers);
        boolean completed = t.completed() != null || completeNow;
        int percent = percent(outline, furthest, completed);
        String commenced = commenceNow ? now : t.commenced();
        PlayerEvents.Tracked tracked = new PlayerEvents.Tracked(
                t.id(), t.identifier(), commenced, completeNow ? now : t.completed(), total, t.testMode());
        JsonNode collection = t.collection() == null ? null : read(t.collection(), JsonNode.class);
        Uni<Void> update = repository.updateTracking(
                t.id(),
                screenIndex,
                furthest,
                percent,
                json(answers),
                total,
                commenceNow ? instant(now) : null,
                completeNow ? instant(now) : null);
        if (course && (furthest > t.furthestIndex() || completeNow)) {
            // Per-screen reach and the quiz outcome for the analytics (no event carries them).
            Boolean passed = completeNow && !outline.answers().isEmpty() ? passed(outline, answers) : null;
            update = update.chain(() -> analytics.reached(
                    t.id(), session.workspaceId(), session.courseId(), t.identifier(), t.testMode(), furthest, passed));
        }
        return update.chain(() -> course && commenceNow
                        ? events.course(
                                Events.COURSE_COMMENCED,
                                session.workspaceId(),
                                session.courseId(),
                                outline,
                                new PlayerEvents.Tracked(t.id(), t.identifier(), commenced, null, total, t.testMode()),
                                collection)
                        : Uni.createFrom().voidItem())
                .chain(() -> completeNow
                        ? events.course(
                                Events.COURSE_COMPLETED,
                                session.workspaceId(),
                                session.courseId(),
                                outline,
                                tracked,
                                collection)
                        : Uni.createFrom().voidItem())
                .map(x -> new PlayerViews.ProgressAnswer(
                        progress(outline, screenIndex, percent, true, completed, answers)));
    }

    /** Whether the course's questions were passed: the percentage answered right reaches the pass mark (as a quiz scores). */
    static boolean passed(Outline outline, Map<String, List<String>> answers) {
        long right = outline.answers().keySet().stream()
                .filter(q -> outline.right(q, answers.get(q)))
                .count();
        return Math.round(100.0 * right / outline.answers().size()) >= outline.passPercent();
    }

    /**
     * Scores a library screen's quiz: a question is right when exactly its correct answers were
     * chosen; {@code score} is the percentage of questions right and passes at the quiz results
     * element's {@code passPercent}. A view records the answers and completes the tracking record,
     * and every submission raises {@code quiz.completed} (passed) or {@code quiz.failed}.
     */
    public Uni<PlayerViews.QuizResult> quiz(String sessionId, PlayerRequests.Quiz request) {
        if (request == null || request.answers() == null) {
            throw ApiException.invalid("answers", "is required: {elementId: [answerId]}");
        }
        Map<String, List<String>> given = request.answers();
        return Panache.withTransaction(() -> session(sessionId).chain(session -> {
            if (!EmbedService.KIND_SCREEN.equals(session.kind())) {
                throw ApiException.conflict(
                        "Quiz scoring is for the screen player; a course records answers with progress");
            }
            Outline outline = read(session.outline(), Outline.class);
            checkAnswers(outline, given);
            if (outline.answers().isEmpty()) {
                throw ApiException.unprocessable("This screen has no questions to score");
            }
            Map<String, PlayerViews.QuestionResult> results = new LinkedHashMap<>();
            int right = 0;
            for (String question : outline.answers().keySet()) {
                boolean correct = outline.right(question, given.get(question));
                right += correct ? 1 : 0;
                results.put(
                        question,
                        new PlayerViews.QuestionResult(
                                correct, outline.correct().get(question), outline.feedbackOf(question)));
            }
            int score = (int) Math.round(100.0 * right / outline.answers().size());
            boolean passed = score >= outline.passPercent();
            PlayerViews.QuizResult result = new PlayerViews.QuizResult(score, passed, outline.passPercent(), results);
            if (!MODE_VIEW.equals(session.mode())) {
                return Uni.createFrom().item(result);
            }
            return repository.tracking(session.trackingId(), true).chain(t -> {
                String now = ISO.format(OffsetDateTime.now(ZoneOffset.UTC));
                Map<String, List<String>> answers = new LinkedHashMap<>(read(t.answers(), ANSWERS));
                answers.putAll(given);
                String commenced = t.commenced() == null ? now : t.commenced();
                String completed = t.completed() == null ? now : t.completed();
                PlayerEvents.Tracked tracked = new PlayerEvents.Tracked(
                        t.id(), t.identifier(), commenced, completed, t.totalSeconds(), t.testMode());
                return repository
                        .updateTracking(
                                t.id(),
                                t.screenIndex(),
                                t.furthestIndex(),
                                100,
                                json(answers),
                                t.totalSeconds(),
                                instant(commenced),
                                instant(completed))
                        .chain(() -> events.quiz(
                                session.workspaceId(),
                                session.screenId(),
                                outline.title(),
                                tracked,
                                score,
                                outline.passPercent(),
                                passed,
                                given))
                        .replaceWith(result);
            });
        }));
    }

    /** The open session named by the header; missing, unknown or expired: 401 with reason {@code session}. */
    private Uni<PlayerSession> session(String id) {
        if (!wellFormed(id)) {
            throw noSession();
        }
        return repository.session(id).map(row -> {
            if (row == null) {
                throw noSession();
            }
            return row;
        });
    }

    /** Every answered element must be a question of the document and every answer one of its answers. */
    private static void checkAnswers(Outline outline, Map<String, List<String>> given) {
        List<ApiError.Detail> problems = new ArrayList<>();
        if (given.size() > MAX_ANSWERS) {
            throw ApiException.invalid("answers", "must answer at most " + MAX_ANSWERS + " questions at once");
        }
        given.forEach((element, chosen) -> {
            List<String> known = outline.answers().get(element);
            String field = "answers." + (element.length() > 64 ? element.substring(0, 64) + "…" : element);
            if (known == null) {
                problems.add(new ApiError.Detail(field, "is not a question of what this session plays"));
            } else if (chosen == null
                    || chosen.size() > known.size()
                    || chosen.stream().anyMatch(a -> a == null || !known.contains(a))) {
                problems.add(new ApiError.Detail(field, "must list answer ids of this question"));
            }
        });
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
    }

    /** Furthest screen reached over the screen count, 100 only once completed. */
    static int percent(Outline outline, int furthest, boolean completed) {
        if (completed) {
            return 100;
        }
        return Math.min(99, (int) Math.floor(100.0 * (furthest + 1) / Math.max(outline.screenCount(), 1)));
    }

    private PlayerViews.Progress progressOf(PlayerRepository.TrackingRow t, Outline outline) {
        return progress(
                outline,
                t.screenIndex(),
                t.percent(),
                t.commenced() != null,
                t.completed() != null,
                read(t.answers(), ANSWERS));
    }

    private static PlayerViews.Progress emptyProgress() {
        return new PlayerViews.Progress(0, 0, false, false, Map.of(), Map.of(), null, null);
    }

    /**
     * The learner's place with the server's grading of each answered question ({@link #results})
     * and the score and pass of the answers so far ({@link #score}).
     */
    private static PlayerViews.Progress progress(
            Outline outline,
            int screenIndex,
            int percent,
            boolean commenced,
            boolean completed,
            Map<String, List<String>> answers) {
        Integer score = score(outline, answers);
        return new PlayerViews.Progress(
                screenIndex,
                percent,
                commenced,
                completed,
                answers,
                results(outline, answers),
                score,
                score == null ? null : score >= outline.passPercent());
    }

    /**
     * Each answered question graded against the session's document: right or not, the right
     * answers and the feedback. Only answered questions: a learner's document carries no
     * correctness, so this is where a learner sees which answers were right, after answering.
     */
    static Map<String, PlayerViews.QuestionResult> results(Outline outline, Map<String, List<String>> answers) {
        Map<String, PlayerViews.QuestionResult> results = new LinkedHashMap<>();
        answers.forEach((question, chosen) -> {
            if (outline.answers().containsKey(question) && chosen != null && !chosen.isEmpty()) {
                results.put(
                        question,
                        new PlayerViews.QuestionResult(
                                outline.right(question, chosen),
                                outline.correct().getOrDefault(question, List.of()),
                                outline.feedbackOf(question)));
            }
        });
        return results;
    }

    /**
     * The percentage of the questions answered right (a question is right when exactly its correct
     * answers were chosen), once every question has an answer; null before that and for a
     * document without questions. Passed is this score reaching the pass mark, as {@link #passed}.
     */
    static Integer score(Outline outline, Map<String, List<String>> answers) {
        if (outline.answers().isEmpty() || !outline.allAnswered(answers)) {
            return null;
        }
        long right = outline.answers().keySet().stream()
                .filter(q -> outline.right(q, answers.get(q)))
                .count();
        return (int) Math.round(100.0 * right / outline.answers().size());
    }

    private Claims verify(String token) {
        JwtClaims claims;
        try {
            if (token == null || token.isBlank() || token.length() > 8192) {
                throw new InvalidJwtException("no token", List.of(), null);
            }
            claims = tokens.verify(token.strip());
            if (!Tokens.EMBED.equals(claims.getStringClaimValue(Tokens.TYPE_CLAIM)) || claims.getJwtId() == null) {
                throw new InvalidJwtException("not an embed token", List.of(), null);
            }
            String kind = claims.getStringClaimValue("kind");
            String action = claims.getStringClaimValue("action");
            Object target = claims.getClaimValue(EmbedService.KIND_COURSE.equals(kind) ? "courseId" : "screenId");
            // Only an edit token may name no target: its editor creates the course or screen.
            boolean targetOk = target instanceof Number || target == null && EmbedService.EDIT.equals(action);
            if (!EmbedService.KIND_COURSE.equals(kind) && !EmbedService.KIND_SCREEN.equals(kind)
                    || !EmbedService.VIEW.equals(action) && !EmbedService.EDIT.equals(action)
                    || !targetOk
                    || !(claims.getClaimValue("workspaceId") instanceof Number)
                    || claims.getStringClaimValue("identifier") == null) {
                throw new InvalidJwtException("not a player token", List.of(), null);
            }
            return new Claims(
                    claims.getJwtId(),
                    Instant.ofEpochSecond(claims.getExpirationTime().getValue()),
                    ((Number) claims.getClaimValue("workspaceId")).longValue(),
                    claims.getStringClaimValue("clientIdentifier"),
                    claims.getStringClaimValue("identifier"),
                    action,
                    kind,
                    target == null ? null : Long.valueOf(((Number) target).longValue()),
                    Boolean.TRUE.equals(claims.getClaimValue("testMode")),
                    map(claims.getClaimValue("options")),
                    claims.getClaimValue("parentOrigin") instanceof String o ? o : null,
                    claims.getClaimValue("collection") instanceof Map<?, ?>
                            ? map(claims.getClaimValue("collection"))
                            : null);
        } catch (InvalidJwtException e) {
            if (e.hasExpired()) {
                throw ApiException.unauthorized("expired", "This player link has expired; ask for a new one");
            }
            throw invalidToken();
        } catch (MalformedClaimException | RuntimeException e) {
            throw invalidToken();
        }
    }

    private static ApiException invalidToken() {
        return ApiException.unauthorized("invalid", "This player link is not valid; ask for a new one");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        return value instanceof Map<?, ?> m ? new LinkedHashMap<>((Map<String, Object>) m) : new LinkedHashMap<>();
    }

    private String json(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private <T> T read(String json, Class<T> type) {
        try {
            return mapper.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored player value is not JSON", e);
        }
    }

    private <T> T read(String json, TypeReference<T> type) {
        try {
            return json == null ? mapper.readValue("{}", type) : mapper.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored player value is not JSON", e);
        }
    }

    private static OffsetDateTime instant(String iso) {
        return iso == null ? null : OffsetDateTime.parse(iso);
    }

    private static String randomId(int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}

package org.courseplatform.courses.player;

import static org.courseplatform.courses.player.PlayerSessions.INTENT_EDIT;
import static org.courseplatform.courses.player.PlayerSessions.INTENT_PLAY;
import static org.courseplatform.courses.player.PlayerSessions.MODE_EDIT;
import static org.courseplatform.courses.player.PlayerSessions.MODE_VIEW;
import static org.courseplatform.courses.player.PlayerSessions.viewOnly;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Workers;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.MalformedClaimException;
import org.jose4j.jwt.consumer.InvalidJwtException;

/**
 * Opens player sessions. The page exchanges its embed token once for a session (the token's
 * {@code jti} is recorded in the session's transaction, so a second exchange is refused); the
 * session's random id then authenticates every call as the {@code X-Player-Session} header,
 * never in a URL. A {@code view} session belongs to the learner's tracking record, made at the
 * first view with the issuing key's mode; an {@code edit} session (the builder's and the screen
 * editor's, also the player's preview of a draft) records nothing, and authenticates the editor
 * API ({@code org.courseplatform.courses.editor}). Share links and LMS launches open sessions
 * here too ({@link #openShared}). What a session then records is {@link ProgressService}'s.
 */
@ApplicationScoped
public class SessionExchange {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final PlayerRepository repository;
    private final Courses courses;
    private final LibraryScreens screens;
    private final Tokens tokens;
    private final PlayerConfig config;
    private final ObjectMapper mapper;
    private final PlayerJson json;
    private final ThemeService themes;
    private final NarrationService narration;

    public SessionExchange(
            PlayerRepository repository,
            Courses courses,
            LibraryScreens screens,
            Tokens tokens,
            PlayerConfig config,
            ObjectMapper mapper,
            PlayerJson json,
            ThemeService themes,
            NarrationService narration) {
        this.repository = repository;
        this.courses = courses;
        this.screens = screens;
        this.tokens = tokens;
        this.config = config;
        this.mapper = mapper;
        this.json = json;
        this.themes = themes;
        this.narration = narration;
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
                                    claims.collection() == null ? null : json.write(claims.collection()),
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
                                json.write(claims.options()),
                                claims.parentOrigin(),
                                json.write(opened.outline()),
                                claims.testMode());
                        return repository
                                .insertSession(row, expires)
                                .chain(() -> trackingId == null
                                        ? Uni.createFrom().item(Grading.emptyProgress())
                                        : repository
                                                .tracking(trackingId)
                                                .map(t -> Grading.progressOf(
                                                        t, opened.outline(), json.answers(t.answers()))))
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
                PlayerJson.ISO.format(expires),
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

    private static String randomId(int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}

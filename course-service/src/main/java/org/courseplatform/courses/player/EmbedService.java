package org.courseplatform.courses.player;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.build.JwtClaimsBuilder;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.net.URISyntaxException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.courseplatform.courses.collection.CollectionService;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.course.Courses;
import org.courseplatform.courses.screen.LibraryScreens;
import org.courseplatform.platform.auth.Scopes;
import org.courseplatform.platform.auth.Tokens;
import org.courseplatform.platform.auth.WorkspaceCaller;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Signed player and editor URLs. The token (RS256, {@code typ=embed}, issuer and audience course-service, a
 * random {@code jti}, 3 h) names the workspace, tenant, learner, action, kind, course or screen (an
 * {@code edit} token may name neither: the editor then creates one), the
 * issuing key's mode, the page options, the framing page's origin and, for the deprecated
 * POST /v1/headless/course/url, the {@code author} ({@code name}, {@code avatar}) the builder shows. It travels in the URL's
 * fragment ({@code <base>/play/course?w=<workspaceId>#token=…}), which browsers never send: no access
 * log, proxy or Referer sees it. The query's {@code w}, not secret, names the workspace so that the
 * page is answered with the workspace's frame-ancestors ({@link EmbedSettingsService}). The page exchanges it once for a session ({@link SessionExchange}).
 */
@ApplicationScoped
public class EmbedService {

    static final String VIEW = "view";
    static final String EDIT = "edit";
    static final String KIND_COURSE = "course";
    static final String KIND_SCREEN = "screen";

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Pattern LANGUAGE = Pattern.compile("[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}");
    private static final Pattern COLOR = Pattern.compile("#[0-9a-fA-F]{6}");

    /**
     * The keys of the deprecated POST's {@code options} that apply, each as the field of the same name of
     * POST /v1/headless/embed/course; any other key is ignored.
     */
    public static final List<String> OPTION_KEYS =
            List.of("back", "colorPrimary", "language", "flow", "translations", "brandVoice", "legacy", "parentOrigin");

    private final Courses courses;
    private final LibraryScreens screens;
    private final Tokens tokens;
    private final PlayerConfig config;
    private final CollectionService collections;
    private final String baseUrl;

    public EmbedService(
            Courses courses,
            LibraryScreens screens,
            Tokens tokens,
            PlayerConfig config,
            CollectionService collections,
            @ConfigProperty(name = "platform.public-base-url") String baseUrl) {
        this.courses = courses;
        this.collections = collections;
        this.screens = screens;
        this.tokens = tokens;
        this.config = config;
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    }

    /**
     * {@code view}: {@code <base>/play/course?w=<workspaceId>#token=…}, the player on the published
     * version, tracking the learner (409 while the course was never published). {@code edit}:
     * {@code <base>/play/builder?w=<workspaceId>#token=…}, the builder on that course's draft, or without
     * {@code courseId} on its "new course" form (the course is made for the URL's identifier and
     * tenant). Another workspace's or tenant's course, or a deleted one, is 404. A {@code collection}
     * must be one of the scope's (404), with its key (400), holding the course (404): the learner's
     * tracking then belongs to it.
     */
    @WithSession
    public Uni<String> courseUrl(WorkspaceCaller caller, EmbedRequests.Course r) {
        return courseUrl(caller, r, "courseId", null, new ArrayList<>());
    }

    /**
     * The deprecated GET /v1/headless/course/{view|edit}: the same URL, its course named {@code id}
     * (the spec's query parameter) in a 400.
     */
    @WithSession
    public Uni<String> actionUrl(WorkspaceCaller caller, EmbedRequests.Course r) {
        return courseUrl(caller, r, "id", null, new ArrayList<>());
    }

    /**
     * The deprecated POST /v1/headless/course/url, the spec's body: {@code action} is required,
     * {@code id} names the course, {@code name} and {@code avatar} are the author the builder shows
     * (carried in the signed URL, never stored), and the {@link #OPTION_KEYS} of {@code options} apply
     * as the fields of POST /v1/headless/embed/course; its other keys are ignored. The fields of the
     * new route that this route took before stay accepted in the body, and win over an option.
     */
    @WithSession
    public Uni<String> courseUrl(WorkspaceCaller caller, EmbedRequests.CourseUrl r) {
        List<ApiError.Detail> problems = new ArrayList<>();
        if (r.action() == null) {
            problems.add(new ApiError.Detail("action", "is required: view or edit"));
        }
        if (r.id() != null && r.courseId() != null && !r.id().equals(r.courseId())) {
            problems.add(new ApiError.Detail("id", "names another course than courseId: give only id"));
        }
        Map<String, Object> author = new LinkedHashMap<>();
        if (r.name() != null) {
            if (r.name().isBlank() || r.name().length() > 255) {
                problems.add(new ApiError.Detail("name", "must be the author's name, 1 to 255 characters"));
            } else {
                author.put("name", r.name().strip());
            }
        }
        if (r.avatar() != null) {
            if (httpUrl(r.avatar())) {
                author.put("avatar", r.avatar());
            } else {
                problems.add(new ApiError.Detail(
                        "avatar", "must be the URL of the author's picture: an absolute http(s) URL"));
            }
        }
        Options o = new Options(r.options(), problems);
        EmbedRequests.Course course = new EmbedRequests.Course(
                r.action() == null ? VIEW : r.action(),
                r.id() != null ? r.id() : r.courseId(),
                r.identifier(),
                r.clientIdentifier(),
                r.themeId(),
                either(r.language(), () -> o.text("language")),
                either(r.back(), () -> o.text("back")),
                either(r.colorPrimary(), () -> o.text("colorPrimary")),
                either(r.flow(), () -> o.text("flow")),
                either(r.translations(), () -> o.bool("translations")),
                either(r.brandVoice(), o::brandVoice),
                either(r.legacy(), () -> o.bool("legacy")),
                either(r.parentOrigin(), () -> o.text("parentOrigin")),
                r.collection());
        try {
            return courseUrl(caller, course, "id", author.isEmpty() ? null : author, problems);
        } catch (ApiException e) {
            throw optionsNamed(e, o.used);
        }
    }

    /** The body's own field, else the option's (a field given both ways takes the body's). */
    private static <T> T either(T field, Supplier<T> option) {
        return field != null ? field : option.get();
    }

    /** A 400 of the deprecated POST names an option's problem {@code options.<key>}, where the client put it. */
    private static ApiException optionsNamed(ApiException e, Set<String> fromOptions) {
        if (e.details() == null || e.details().stream().noneMatch(d -> fromOptions.contains(d.field()))) {
            return e;
        }
        return ApiException.invalid(e.details().stream()
                .map(d ->
                        fromOptions.contains(d.field()) ? new ApiError.Detail("options." + d.field(), d.message()) : d)
                .toList());
    }

    /** {@code options} of the deprecated POST: an object (or absent); a key that applies must have its field's type. */
    private static final class Options {
        private final JsonNode node;
        private final List<ApiError.Detail> problems;
        /** The keys whose values were taken from {@code options}. */
        final Set<String> used = new HashSet<>();

        Options(JsonNode node, List<ApiError.Detail> problems) {
            boolean absent = node == null || node.isNull() || node.isMissingNode();
            if (!absent && !node.isObject()) {
                problems.add(new ApiError.Detail(
                        "options", "must be a JSON object (keys that apply: " + String.join(", ", OPTION_KEYS) + ")"));
            }
            this.node = absent || !node.isObject() ? null : node;
            this.problems = problems;
        }

        private JsonNode given(String key) {
            JsonNode v = node == null ? null : node.get(key);
            if (v == null || v.isNull()) {
                return null;
            }
            used.add(key);
            return v;
        }

        String text(String key) {
            JsonNode v = given(key);
            if (v != null && !v.isTextual()) {
                problems.add(new ApiError.Detail("options." + key, "must be a string"));
                return null;
            }
            return v == null ? null : v.textValue();
        }

        Boolean bool(String key) {
            JsonNode v = given(key);
            if (v != null && !v.isBoolean()) {
                problems.add(new ApiError.Detail("options." + key, "must be a boolean"));
                return null;
            }
            return v == null ? null : v.booleanValue();
        }

        /** A boolean (the spec's) or the text of the new route's field. */
        String brandVoice() {
            JsonNode v = given("brandVoice");
            if (v != null && !v.isTextual() && !v.isBoolean()) {
                problems.add(new ApiError.Detail("options.brandVoice", "must be a boolean or a string"));
                return null;
            }
            return v == null ? null : v.asText();
        }
    }

    private Uni<String> courseUrl(
            WorkspaceCaller caller,
            EmbedRequests.Course r,
            String courseField,
            Map<String, Object> author,
            List<ApiError.Detail> problems) {
        String action = action(r.action(), problems);
        boolean edit = EDIT.equals(action);
        if (edit) {
            // A read scope lets a key make player URLs; an editor URL writes the course.
            Scopes.require(caller, Scopes.Family.COURSES, true);
        }
        if (r.courseId() == null) {
            if (!edit) {
                problems.add(new ApiError.Detail(
                        courseField,
                        "is required to view a course (an edit URL may leave it out "
                                + "to open the builder's new course form)"));
            }
        } else if (r.courseId() <= 0) {
            problems.add(new ApiError.Detail(courseField, "must be a positive course id"));
        }
        learner(r.identifier(), r.clientIdentifier(), problems);
        text("flow", r.flow(), 255, problems);
        text("brandVoice", r.brandVoice(), 2000, problems);
        if (r.language() != null && !LANGUAGE.matcher(r.language()).matches()) {
            problems.add(new ApiError.Detail("language", "must be a language tag such as en or fr-CA"));
        }
        if (r.colorPrimary() != null && !COLOR.matcher(r.colorPrimary()).matches()) {
            problems.add(new ApiError.Detail("colorPrimary", "must be a colour as #rrggbb"));
        }
        String back = back(r.back(), problems);
        String parentOrigin = parentOrigin(r.parentOrigin(), problems);
        Map<String, Object> collection = collection(r.collection(), problems);
        if (collection != null && r.courseId() == null) {
            problems.add(new ApiError.Detail("collection", "applies to a course of the collection: give courseId"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        CourseScope scope = CourseScope.of(caller, r.clientIdentifier());
        Map<String, Object> options = new LinkedHashMap<>();
        putIf(options, "themeId", r.themeId());
        putIf(options, "language", r.language());
        putIf(options, "back", back);
        putIf(
                options,
                "colorPrimary",
                r.colorPrimary() == null ? null : r.colorPrimary().toLowerCase(Locale.ROOT));
        putIf(options, "flow", r.flow());
        putIf(options, "translations", r.translations());
        putIf(options, "brandVoice", r.brandVoice());
        putIf(options, "legacy", r.legacy());
        if (r.courseId() == null) {
            // A builder without a course: the tenant the course will be made in (an agent's own only).
            String tenant = scope.tenantOf(r.clientIdentifier());
            JwtClaimsBuilder claims = claims(caller, r.identifier().strip(), tenant, action, KIND_COURSE, parentOrigin)
                    .claim("options", options);
            return Uni.createFrom().item(url(PlayerPages.BUILDER, caller, author(claims, author)));
        }
        long courseId = r.courseId();
        return courses.findLive(scope, courseId).chain(course -> {
            course.requireNative();
            if (VIEW.equals(action)) {
                course.requirePublished();
            }
            JwtClaimsBuilder claims = author(
                    claims(caller, r.identifier().strip(), r.clientIdentifier(), action, KIND_COURSE, parentOrigin)
                            .claim("courseId", course.id)
                            .claim("options", options),
                    author);
            if (collection == null) {
                return Uni.createFrom().item(url(edit ? PlayerPages.BUILDER : PlayerPages.COURSE, caller, claims));
            }
            return collections
                    .forEmbed(scope, (Long) collection.get("id"), (String) collection.get("key"), course.id)
                    .map(checked -> url(
                            edit ? PlayerPages.BUILDER : PlayerPages.COURSE,
                            caller,
                            claims.claim("collection", collection)));
        });
    }

    /** The author the builder shows ({@code name}, {@code avatar}), when the URL names one. */
    private static JwtClaimsBuilder author(JwtClaimsBuilder claims, Map<String, Object> author) {
        return author == null ? claims : claims.claim("author", author);
    }

    /**
     * {@code view}: {@code <base>/play/screen?w=<workspaceId>#token=…}, the Standalone Screen Player of a
     * library screen (a quiz layout's whole group). {@code edit}:
     * {@code <base>/play/screen-editor?w=<workspaceId>#token=…}, the screen editor on it, or without
     * {@code id} on its layout picker (the screen is made for the URL's identifier and tenant).
     */
    @WithSession
    public Uni<String> screenUrl(WorkspaceCaller caller, EmbedRequests.Screen r) {
        List<ApiError.Detail> problems = new ArrayList<>();
        String action = action(r.action(), problems);
        boolean edit = EDIT.equals(action);
        if (edit) {
            // A read scope lets a key make player URLs; an editor URL writes the course.
            Scopes.require(caller, Scopes.Family.COURSES, true);
        }
        if (r.id() == null) {
            if (!edit) {
                problems.add(new ApiError.Detail(
                        "id",
                        "is required to view a screen (an edit URL may leave it out "
                                + "to open the screen editor's layout picker)"));
            }
        } else if (r.id() <= 0) {
            problems.add(new ApiError.Detail("id", "must be a positive library screen id"));
        }
        learner(r.identifier(), r.clientIdentifier(), problems);
        String parentOrigin = parentOrigin(r.parentOrigin(), problems);
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        CourseScope scope = CourseScope.of(caller, r.clientIdentifier());
        if (r.id() == null) {
            String tenant = scope.tenantOf(r.clientIdentifier());
            return Uni.createFrom()
                    .item(url(
                            PlayerPages.SCREEN_EDITOR,
                            caller,
                            claims(caller, r.identifier().strip(), tenant, action, KIND_SCREEN, parentOrigin)
                                    .claim("options", Map.of())));
        }
        long screenId = r.id();
        return screens.find(screenId).map(screen -> {
            if (screen == null || !scope.sees(screen.workspaceId, screen.clientIdentifier)) {
                throw ApiException.notFound("Screen " + screenId + " not found");
            }
            return url(
                    edit ? PlayerPages.SCREEN_EDITOR : PlayerPages.SCREEN,
                    caller,
                    claims(caller, r.identifier().strip(), r.clientIdentifier(), action, KIND_SCREEN, parentOrigin)
                            .claim("screenId", screen.id)
                            .claim("options", Map.of()));
        });
    }

    private JwtClaimsBuilder claims(
            WorkspaceCaller caller,
            String identifier,
            String clientIdentifier,
            String action,
            String kind,
            String parentOrigin) {
        JwtClaimsBuilder claims = Jwt.claims()
                .subject(identifier)
                .claim("jti", randomId())
                .claim("workspaceId", caller.workspaceId())
                .claim("identifier", identifier)
                .claim("action", action)
                .claim("kind", kind)
                .claim("testMode", caller.testMode());
        if (clientIdentifier != null) {
            claims.claim("clientIdentifier", clientIdentifier);
        }
        if (parentOrigin != null) {
            claims.claim("parentOrigin", parentOrigin);
        }
        return claims;
    }

    private String url(String page, WorkspaceCaller caller, JwtClaimsBuilder claims) {
        String token = tokens.sign(claims, Tokens.EMBED, tokens.serviceName(), config.embedTtl());
        // The fragment never reaches a server: not the ingress's access log, a proxy's or a Referer.
        // The workspace id in the query is not secret: it only picks the page's frame-ancestors.
        return baseUrl + page + "?" + PlayerPages.WORKSPACE_PARAM + "=" + caller.workspaceId() + "#token=" + token;
    }

    private static String action(String value, List<ApiError.Detail> problems) {
        if (value == null) {
            return VIEW;
        }
        if (!VIEW.equals(value) && !EDIT.equals(value)) {
            problems.add(new ApiError.Detail("action", "must be view or edit"));
        }
        return value;
    }

    private static void learner(String identifier, String clientIdentifier, List<ApiError.Detail> problems) {
        if (identifier == null || identifier.isBlank()) {
            problems.add(new ApiError.Detail("identifier", "is required: the learner (or author) the player is for"));
        } else if (identifier.length() > 255) {
            problems.add(new ApiError.Detail("identifier", "must be at most 255 characters"));
        }
        if (clientIdentifier != null && (clientIdentifier.isEmpty() || clientIdentifier.length() > 255)) {
            problems.add(new ApiError.Detail("clientIdentifier", "must be 1 to 255 characters"));
        }
    }

    private static void text(String field, String value, int max, List<ApiError.Detail> problems) {
        if (value != null && value.length() > max) {
            problems.add(new ApiError.Detail(field, "must be at most " + max + " characters"));
        }
    }

    /** {@code event}, {@code hidden}, {@code native} or an absolute http(s) URL. */
    private static String back(String value, List<ApiError.Detail> problems) {
        if (value == null || value.equals("event") || value.equals("hidden") || value.equals("native")) {
            return value;
        }
        if (httpUrl(value)) {
            return value;
        }
        problems.add(new ApiError.Detail("back", "must be event, hidden, native or an http(s) URL"));
        return null;
    }

    /** An absolute http(s) URL with a host, at most 2,000 characters. */
    private static boolean httpUrl(String value) {
        try {
            URI uri = new URI(value);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null && value.length() <= 2000;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /** {@code {id, key}} of a collection: {@code id} its integer id, {@code key} its key; checked against it later. */
    private static Map<String, Object> collection(EmbedRequests.Collection value, List<ApiError.Detail> problems) {
        if (value == null) {
            return null;
        }
        Map<String, Object> collection = new LinkedHashMap<>();
        if (value.id() != null) {
            collection.put("id", value.id());
        } else {
            problems.add(new ApiError.Detail("collection.id", "is required: the collection's id"));
        }
        if (value.key() == null || value.key().isEmpty() || value.key().length() > 255) {
            problems.add(new ApiError.Detail("collection.key", "must be the collection's key (1 to 255 characters)"));
        }
        collection.put("key", value.key());
        return collection;
    }

    /**
     * The framing page's origin as browsers serialise it ({@code scheme://host[:port]}, lower case,
     * default port left out), or null. {@code *}, paths and other schemes are refused: it is the
     * only target the player posts messages to.
     */
    static String parentOrigin(String value, List<ApiError.Detail> problems) {
        if (value == null) {
            return null;
        }
        String problem = "must be the origin of the page that frames the player, such as https://lms.example.com "
                + "(http or https, host and optional port; no path, query or wildcard)";
        String v = value.strip();
        try {
            if (!v.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
                throw new URISyntaxException(v, "not ASCII");
            }
            URI uri = new URI(v);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            String path = uri.getRawPath() == null ? "" : uri.getRawPath();
            if (!scheme.equals("http") && !scheme.equals("https")
                    || uri.getHost() == null
                    || uri.getRawUserInfo() != null
                    || !path.isEmpty() && !path.equals("/")
                    || uri.getRawQuery() != null
                    || uri.getRawFragment() != null) {
                throw new URISyntaxException(v, "not an origin");
            }
            int port = uri.getPort();
            boolean defaultPort =
                    port < 0 || scheme.equals("http") && port == 80 || scheme.equals("https") && port == 443;
            return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port);
        } catch (URISyntaxException e) {
            problems.add(new ApiError.Detail("parentOrigin", problem));
            return null;
        }
    }

    private static void putIf(Map<String, Object> map, String key, Object value) {
        if (value != null) {
            map.put(key, value);
        }
    }

    static String randomId() {
        byte[] random = new byte[16];
        RANDOM.nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}

package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.courseplatform.platform.testing.HttpsReceiver;
import org.courseplatform.platform.testing.fuzz.OpenApi;
import org.courseplatform.platform.testing.fuzz.Operation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The cross-tenant matrix, generated from the six OpenAPI documents so that a new endpoint is in
 * it without a new test. Workspace A's tenant A1 owns one resource of every family; then every
 * operation that takes an id in its path is sent, with A1's ids, by each caller that must not see
 * them:
 *
 * <ul>
 *   <li>workspace B's API key, without and with {@code clientIdentifier} A1;
 *   <li>workspace A's key scoped to tenant A2 ({@code clientIdentifier=A2}), where the operation
 *       takes a {@code clientIdentifier};
 *   <li>a player session (embed token) of a course of tenant A2, for the player's own operations
 *       (those with the {@code X-Player-Session} header);
 *   <li>an agent token of tenant A2, for every agent tool that takes an id.
 * </ul>
 *
 * Each answer must be a 404 with the same body as the same request for ids that do not exist (the
 * ids themselves replaced in both), so a foreign id is not even distinguishable from a missing one.
 * Afterwards the owner reads every resource back and finds it unchanged. An operation with an id
 * whose family this test cannot make fails the test, unless {@link #EXCLUDED} names it with a reason.
 */
class TenantMatrixIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RUN = Long.toString(System.nanoTime(), 36);
    private static final String A1 = "matrix-a1-" + RUN;
    private static final String A2 = "matrix-a2-" + RUN;
    private static final String NUMERIC_MISSING = "987654321";
    private static final String UUID_MISSING = "00000000-0000-4000-8000-00000000beef";
    private static final String TEXT_MISSING = "zz-missing-id";
    private static final String SESSION_HEADER = "X-Player-Session";

    /** Operations with a path id the matrix does not send, and why. */
    static final Map<String, String> EXCLUDED = Map.ofEntries(
            Map.entry("/admin/", "operator API: the operator sees every workspace by design"),
            Map.entry("/internal/", "service-to-service API, never routed by the ingress"),
            Map.entry("/scorm/s/", "the SCORM player session in the path is itself the credential (ScormIT)"),
            Map.entry("/v1/headless/narration-audio/", "a signed, public capability URL (token in the path)"),
            Map.entry("/v1/headless/thumbnails/", "a signed, public capability URL (token in the path)"),
            Map.entry("/play/media/", "a public capability URL (the medium's token in the path)"),
            Map.entry(
                    "/v1/headless/player/editor/media/",
                    "the media library is the workspace's, shared by its tenants (docs/media.md); another"
                            + " workspace's medium is 404 there (MediaLibraryTest)"),
            Map.entry("/api/v1/agent/tools/{name}", "{name} is a tool name; the tools' ids are in the agent part"),
            Map.entry("/v1/headless/course/{action}", "{action} is view or edit, not an id"));

    /** JSON bodies of the operations with an id and a body; {@code {family}} is replaced by that family's id. */
    static final Map<String, String> BODIES = Map.ofEntries(
            Map.entry("PATCH /v1/headless/collections/{id}", "{\"title\":\"Changed\"}"),
            Map.entry("POST /v1/headless/collections/{id}/courses", "{\"courseId\":{course}}"),
            Map.entry("PUT /v1/headless/course/{id}/content", "{\"document\":{document}}"),
            Map.entry("POST /v1/headless/course/{id}/duplicate", "{}"),
            Map.entry("PUT /v1/headless/course/{id}/folder", "{\"folderId\":{folder}}"),
            Map.entry("POST /v1/headless/course/{id}/narration", "{\"audio\":false}"),
            Map.entry("PUT /v1/headless/course/{id}/narration/{screenId}", "{\"script\":\"Changed\"}"),
            Map.entry("POST /v1/headless/course/{id}/screens", "{\"type\":\"blocks\",\"title\":\"Changed\"}"),
            Map.entry("PATCH /v1/headless/course/{id}/screens/{screenId}", "{\"title\":\"Changed\"}"),
            Map.entry(
                    "POST /v1/headless/course/{id}/screens/{screenId}/elements",
                    "{\"element\":{\"type\":\"text\",\"title\":\"Changed\"}}"),
            Map.entry("POST /v1/headless/course/{id}/share-links", "{}"),
            Map.entry("PUT /v1/headless/course/{id}/theme", "{\"themeId\":{theme}}"),
            Map.entry("POST /v1/headless/course/{id}/translations", "{\"locale\":\"fr\"}"),
            Map.entry("PATCH /v1/headless/folders/{id}", "{\"name\":\"Changed\"}"),
            Map.entry("PATCH /v1/headless/media/{id}", "{\"altText\":\"Changed\"}"),
            Map.entry("PATCH /v1/headless/themes/{id}", "{\"name\":\"Changed\"}"),
            Map.entry("PATCH /v1/headless/webhooks/{id}", "{\"description\":\"Changed\"}"),
            Map.entry("POST /v1/headless/webhooks/{id}/test", "{}"),
            Map.entry("PUT /v1/headless/player/editor/screen/{id}", "{\"document\":{\"title\":\"Changed\"}}"));

    /** Valid values of required query parameters whose schema gives no enum. */
    static final Map<String, String> QUERY_VALUES = Map.of("type", "static", "version", "1.2");

    private static HttpsReceiver receiver;
    private static String keyA;
    private static String keyB;
    /** A1's ids by family ({@code course}, {@code screen}, …), and the draft document of its course. */
    private static final Map<String, String> IDS = new TreeMap<>();

    private static String document;

    @BeforeAll
    static void setUp() throws Exception {
        receiver = Suite.receiver();
        keyA = Suite.key(workspace("Matrix A"), "live")[1];
        keyB = Suite.key(workspace("Matrix B"), "live")[1];
        long course = created(
                        "/v1/headless/courses",
                        json(Map.of("title", "Matrix course " + RUN, "identifier", "author", "clientIdentifier", A1)))
                .path("id")
                .asLong();
        IDS.put("course", String.valueOf(course));
        JsonNode content = ok("/v1/headless/course/" + course + "/content?clientIdentifier=" + A1);
        IDS.put(
                "screen",
                content.path("document").path("screens").path(0).path("id").asText());
        document = content.path("document").toString();
        long other = created(
                        "/v1/headless/courses",
                        json(Map.of("title", "Matrix other " + RUN, "identifier", "author", "clientIdentifier", A1)))
                .path("id")
                .asLong();
        long third = created(
                        "/v1/headless/courses",
                        json(Map.of("title", "Matrix third " + RUN, "identifier", "author", "clientIdentifier", A1)))
                .path("id")
                .asLong();
        IDS.put("folder", id("/v1/headless/folders", json(Map.of("name", "Matrix", "clientIdentifier", A1))));
        IDS.put(
                "collection",
                id(
                        "/v1/headless/collections",
                        json(Map.of("title", "Matrix", "clientIdentifier", A1, "courseIds", List.of(course)))));
        IDS.put(
                "theme",
                id(
                        "/v1/headless/themes",
                        json(Map.of(
                                "name",
                                "Matrix",
                                "clientIdentifier",
                                A1,
                                "colors",
                                Map.of(
                                        "primary", "#112233",
                                        "background", "#ffffff",
                                        "surface", "#f0f0f0",
                                        "text", "#000000",
                                        "accent", "#aa3300"),
                                "fonts",
                                Map.of("heading", "serif", "body", "system-sans"),
                                "cornerStyle",
                                "rounded"))));
        expect("POST", "/v1/headless/course/" + course + "/publish?clientIdentifier=" + A1, null, 200);
        IDS.put("share-link", id("/v1/headless/course/" + course + "/share-links?clientIdentifier=" + A1, "{}"));
        IDS.put(
                "export",
                with(keyA)
                        .queryParam("type", "dynamic")
                        .queryParam("version", "2004")
                        .queryParam("clientIdentifier", A1)
                        .get("/v1/headless/course/scorm/" + course)
                        .then()
                        .statusCode(200)
                        .extract()
                        .header("X-Scorm-Export-Id"));
        IDS.put(
                "job",
                id("/v1/headless/course/" + other + "/translations?clientIdentifier=" + A1, "{\"locale\":\"fr\"}"));
        IDS.put(
                "library-screen",
                id(
                        "/v1/headless/screen",
                        json(Map.of(
                                "type", "blocks", "title", "Matrix", "identifier", "author", "clientIdentifier", A1))));
        IDS.put(
                "media",
                created("/v1/headless/media", json(Map.of("filename", "m.png", "contentType", "image/png", "size", 10)))
                        .path("media")
                        .path("id")
                        .asText());
        IDS.put("member", id("/api/v1/members", json(Map.of("email", "matrix-" + RUN + "@example.com"))));
        IDS.put("group", id("/api/v1/groups", json(Map.of("name", "Matrix"))));
        IDS.put(
                "webhook",
                id(
                        "/v1/headless/webhooks",
                        json(Map.of("url", receiver.url("/matrix"), "events", List.of("course.created")))));
        IDS.put(
                "delivery",
                created("/v1/headless/webhooks/" + IDS.get("webhook") + "/test", "{}")
                        .path("deliveryId")
                        .asText());
        IDS.put(
                "course-migration",
                expect("POST", "/v1/headless/course-migrations", json(Map.of("courseIds", List.of(other, third))), 202)
                        .path("id")
                        .asText());
        IDS.put("scorm-course", String.valueOf(scormCourse()));
    }

    @AfterAll
    static void tearDown() {
        if (receiver != null) {
            receiver.close();
        }
    }

    @Test
    void aResourceOfTenantA1IsNeitherReadableNorChangeableNorDistinguishableByAnyOtherCaller() throws Exception {
        Map<String, JsonNode> before = snapshot();
        List<Operation> operations = operations();
        List<String> failures = new ArrayList<>();
        List<String> unreachable = new ArrayList<>();
        int requests = 0;
        int covered = 0;
        String session = playerSession("/v1/headless/embed/course", true);
        String screenSession = playerSession("/v1/headless/embed/screen", false);
        for (Operation operation : operations) {
            if (operation.in("path").isEmpty() || excluded(operation) != null) {
                continue;
            }
            Map<String, String> ids = new LinkedHashMap<>();
            for (Operation.Parameter p : operation.in("path")) {
                String family = family(operation.path(), p.name());
                if (!IDS.containsKey(family)) {
                    unreachable.add(operation.name() + " (" + operation.service() + "): no id of family \"" + family
                            + "\" for {" + p.name() + "}");
                }
                ids.put(p.name(), IDS.get(family));
            }
            String body = null;
            if (!operation.bodies().isEmpty()) {
                body = BODIES.get(operation.name());
                if (body == null) {
                    unreachable.add(operation.name() + " (" + operation.service() + "): no body in BODIES");
                    continue;
                }
            }
            if (ids.containsValue(null)) {
                continue;
            }
            covered++;
            String sessionOfKind = operation.path().contains("/editor/screen") ? screenSession : session;
            for (Caller caller : callers(operation, sessionOfKind)) {
                String path = operation.path();
                String missingPath = operation.path();
                for (Map.Entry<String, String> id : ids.entrySet()) {
                    path = path.replace("{" + id.getKey() + "}", id.getValue());
                    missingPath = missingPath.replace("{" + id.getKey() + "}", missing(id.getValue()));
                }
                String query = requiredQuery(operation);
                path += query;
                missingPath += query;
                String filled = body == null ? null : fill(body, false);
                Caller sender = ifMatch(operation, caller);
                Response foreign = send(sender, operation.method(), path, filled);
                Response absent = send(sender, operation.method(), missingPath, body == null ? null : fill(body, true));
                requests += 2;
                compare(operation.name() + " as " + caller.name(), foreign, absent, failures);
            }
        }
        assertThat(unreachable)
                .as(
                        "operations with an id the matrix cannot fill: create that family in setUp(), or add the operation to"
                                + " EXCLUDED with a reason")
                .isEmpty();
        requests += agentTools(failures);
        System.out.println("tenant matrix: " + covered + " operations with ids, " + requests + " requests, "
                + failures.size() + " failures");
        assertThat(failures)
                .as("answers that reveal or touch tenant A1's resources")
                .isEmpty();
        assertThat(snapshot())
                .as("tenant A1's resources after every foreign write")
                .isEqualTo(before);
    }

    /** The agent tools over REST with a token of tenant A2: every tool that takes an id, given A1's. */
    private int agentTools(List<String> failures) throws Exception {
        Response minted = with(keyA)
                .body(json(Map.of("identifier", "matrix-agent", "clientIdentifier", A2, "readonly", false)))
                .post("/api/v1/agent/auth");
        assertThat(minted.statusCode()).as(minted.asString()).isEqualTo(200);
        String token = "Bearer " + minted.jsonPath().getString("token");
        JsonNode tools = JSON.readTree(with(token)
                .get("/api/v1/agent/tools")
                .then()
                .statusCode(200)
                .extract()
                .asString());
        int requests = 0;
        List<String> unreachable = new ArrayList<>();
        for (JsonNode tool : tools) {
            JsonNode schema = tool.path("inputSchema");
            ObjectNode foreign = JSON.createObjectNode();
            ObjectNode absent = JSON.createObjectNode();
            boolean hasId = false;
            for (Map.Entry<String, JsonNode> property :
                    schema.path("properties").properties()) {
                String name = property.getKey();
                if (idProperty(name)) {
                    String family = family("/" + name.substring(0, name.length() - 2), name);
                    String id = IDS.get(family);
                    if (id == null) {
                        unreachable.add(
                                tool.path("name").asText() + ": no id of family \"" + family + "\" for " + name);
                        continue;
                    }
                    hasId = true;
                    boolean number = property.getValue().path("type").asText().equals("integer");
                    foreign.set(name, number ? JSON.getNodeFactory().numberNode(Long.parseLong(id)) : text(id));
                    String gone = missing(id);
                    absent.set(name, number ? JSON.getNodeFactory().numberNode(Long.parseLong(gone)) : text(gone));
                } else if (required(schema, name)) {
                    JsonNode value = sample(property.getValue());
                    foreign.set(name, value);
                    absent.set(name, value);
                }
            }
            if (!hasId) {
                continue;
            }
            String path = "/api/v1/agent/tools/" + tool.path("name").asText();
            Caller agent = new Caller("agent of tenant A2", Map.of("Authorization", token), Map.of());
            Response a = send(agent, "POST", path, foreign.toString());
            Response b = send(agent, "POST", path, absent.toString());
            requests += 2;
            String label = "tool " + tool.path("name").asText() + " as agent of tenant A2";
            // A list filtered by a foreign id may succeed, as long as it answers as for a missing id (nothing).
            if (a.statusCode() != b.statusCode() || !normalised(a.asString()).equals(normalised(b.asString()))) {
                failures.add(label + ": foreign id answers " + a.statusCode() + " " + excerpt(a.asString())
                        + ", missing id " + b.statusCode() + " " + excerpt(b.asString()));
            }
        }
        assertThat(unreachable)
                .as("agent tools with an id the matrix cannot fill")
                .isEmpty();
        System.out.println("tenant matrix: " + requests / 2 + " agent tools with ids");
        return requests;
    }

    /** The caller with an {@code If-Match} of revision 1 where the operation takes one (some require it). */
    private static Caller ifMatch(Operation operation, Caller caller) {
        if (operation.in("header").stream().noneMatch(p -> p.name().equalsIgnoreCase("If-Match"))) {
            return caller;
        }
        Map<String, String> headers = new LinkedHashMap<>(caller.headers());
        headers.put("If-Match", "\"1\"");
        return new Caller(caller.name(), headers, caller.query());
    }

    /** Who must not see A1's resources through this operation. */
    private static List<Caller> callers(Operation operation, String session) {
        boolean player = operation.in("header").stream().anyMatch(p -> p.name().equalsIgnoreCase(SESSION_HEADER));
        if (player) {
            return List.of(new Caller("player session of tenant A2", Map.of(SESSION_HEADER, session), Map.of()));
        }
        List<Caller> callers = new ArrayList<>();
        callers.add(new Caller("workspace B", Map.of("Authorization", keyB), Map.of()));
        boolean tenanted = operation.in("query").stream().anyMatch(p -> p.name().equals("clientIdentifier"));
        if (tenanted) {
            callers.add(new Caller(
                    "workspace B naming tenant A1", Map.of("Authorization", keyB), Map.of("clientIdentifier", A1)));
            callers.add(new Caller(
                    "workspace A scoped to tenant A2", Map.of("Authorization", keyA), Map.of("clientIdentifier", A2)));
        }
        return callers;
    }

    private static void compare(String label, Response foreign, Response absent, List<String> failures) {
        if (foreign.statusCode() != 404) {
            failures.add(label + ": answers " + foreign.statusCode() + ", not 404: " + excerpt(foreign.asString()));
        } else if (absent.statusCode() != 404) {
            failures.add(label + ": a missing id answers " + absent.statusCode() + ", not 404 (the request itself is"
                    + " wrong?): " + excerpt(absent.asString()));
        } else if (!normalised(foreign.asString()).equals(normalised(absent.asString()))) {
            failures.add(label + ": the 404 differs from a missing id's: " + excerpt(foreign.asString()) + " vs "
                    + excerpt(absent.asString()));
        }
    }

    /**
     * The body with every id of A1 and every stand-in for a missing id replaced by {@code <id>}, and
     * the error's {@code traceId} by {@code <trace>}: every request has its own, so it tells nothing.
     */
    private static String normalised(String body) {
        List<String> ids = new ArrayList<>(IDS.values());
        ids.addAll(List.of(NUMERIC_MISSING, UUID_MISSING, TEXT_MISSING));
        ids.sort(Comparator.comparingInt(String::length).reversed());
        String text = body.replaceAll("\"traceId\"\\s*:\\s*\"[0-9a-f]{32}\"", "\"traceId\":\"<trace>\"");
        for (String id : ids) {
            text = text.replaceAll("(?<![\\w-])" + Pattern.quote(id) + "(?![\\w-])", "<id>");
        }
        return text;
    }

    /** What the snapshot reads: the owner's view of each resource, without what workers change on their own. */
    private static Map<String, JsonNode> snapshot() throws Exception {
        String c = "?clientIdentifier=" + A1;
        Map<String, String> reads = new TreeMap<>(Map.of(
                "course", "/v1/headless/courses/" + IDS.get("course") + c,
                "content", "/v1/headless/course/" + IDS.get("course") + "/content" + c,
                "folder", "/v1/headless/folders/" + IDS.get("folder") + c,
                "collection", "/v1/headless/collections/" + IDS.get("collection") + c,
                "theme", "/v1/headless/themes/" + IDS.get("theme") + c,
                "share-links", "/v1/headless/course/" + IDS.get("course") + "/share-links" + c,
                "member", "/api/v1/members/" + IDS.get("member"),
                "group", "/api/v1/groups/" + IDS.get("group"),
                "webhook", "/v1/headless/webhooks/" + IDS.get("webhook")));
        Map<String, JsonNode> snapshot = new TreeMap<>();
        for (Map.Entry<String, String> read : reads.entrySet()) {
            JsonNode json = ok(read.getValue());
            snapshot.put(read.getKey(), stable(json));
        }
        return snapshot;
    }

    private static final Set<String> VOLATILE = Set.of("thumbnail", "thumbnailRevision", "previewUrl");

    private static JsonNode stable(JsonNode json) {
        if (json.isObject()) {
            ObjectNode copy = JSON.createObjectNode();
            json.properties().forEach(f -> {
                if (!VOLATILE.contains(f.getKey())) {
                    copy.set(f.getKey(), stable(f.getValue()));
                }
            });
            return copy;
        }
        if (json.isArray()) {
            var copy = JSON.createArrayNode();
            json.forEach(e -> copy.add(stable(e)));
            return copy;
        }
        return json;
    }

    /** The family of the id a path parameter names: {@code courseId} is a course; {@code {id}} is named by the segment before it. */
    static String family(String path, String parameter) {
        if (path.startsWith("/v1/headless/scorm-package/")) {
            return "scorm-course";
        }
        if (path.startsWith("/v1/headless/player/editor/screen/")) {
            return "library-screen";
        }
        if (path.startsWith("/v1/headless/player/editor/generate/")) {
            return "job";
        }
        String noun;
        if (parameter.length() > 2 && parameter.endsWith("Id")) {
            noun = parameter.substring(0, parameter.length() - 2);
        } else if (!parameter.equals("id")) {
            noun = parameter;
        } else {
            String before = path.substring(0, path.indexOf("{" + parameter + "}"));
            String[] segments = before.split("/");
            noun = segments.length == 0 ? "" : segments[segments.length - 1];
        }
        noun = noun.toLowerCase(Locale.ROOT);
        noun = noun.endsWith("ies") ? noun.substring(0, noun.length() - 3) + "y" : noun;
        noun = noun.endsWith("s") ? noun.substring(0, noun.length() - 1) : noun;
        return switch (noun) {
            case "content", "scorm", "course" -> "course";
            case "user" -> "member";
            case "parent" -> "folder";
            case "link", "sharelink" -> "share-link";
            default -> noun;
        };
    }

    /** The operation's required query parameters (other than the tenant) with a valid value: {@code ?type=static&…}. */
    private static String requiredQuery(Operation operation) {
        StringBuilder query = new StringBuilder();
        for (Operation.Parameter p : operation.in("query")) {
            if (p.required() && !p.name().equals("clientIdentifier")) {
                query.append(query.isEmpty() ? '?' : '&')
                        .append(p.name())
                        .append('=')
                        .append(QUERY_VALUES.getOrDefault(
                                p.name(), sample(p.schema()).asText()));
            }
        }
        return query.toString();
    }

    private static boolean idProperty(String name) {
        return name.length() > 2 && name.endsWith("Id");
    }

    private static String excluded(Operation operation) {
        for (Map.Entry<String, String> e : EXCLUDED.entrySet()) {
            if (operation.path().startsWith(e.getKey())) {
                return e.getValue();
            }
        }
        return null;
    }

    private static List<Operation> operations() {
        HttpClient client = HttpClient.newHttpClient();
        List<Operation> all = new ArrayList<>();
        for (String service : FuzzIT.SERVICES) {
            all.addAll(OpenApi.fetch(
                    client,
                    Suite.env(service.toUpperCase(Locale.ROOT).replace('-', '_') + "_URL") + "/q/openapi?format=json"));
        }
        return all;
    }

    /** A stand-in of the same kind that names nothing. */
    private static String missing(String id) {
        if (id.matches("\\d+")) {
            return NUMERIC_MISSING;
        }
        if (id.matches("[0-9a-fA-F-]{36}")) {
            return UUID_MISSING;
        }
        return TEXT_MISSING;
    }

    private static String fill(String body, boolean missing) {
        Matcher m = Pattern.compile("\\{([a-z-]+)\\}").matcher(body);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String family = m.group(1);
            String value = family.equals("document") ? document : IDS.get(family);
            if (missing && !family.equals("document")) {
                value = missing(value);
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(value));
        }
        return m.appendTail(sb).toString();
    }

    private static Response send(Caller caller, String method, String path, String body) {
        RequestSpecification request = Suite.ingress().urlEncodingEnabled(false).headers(caller.headers());
        caller.query().forEach(request::queryParam);
        if (body != null) {
            request.contentType(ContentType.JSON).body(body);
        }
        long start = System.nanoTime();
        Response response = request.request(method, path);
        long millis = (System.nanoTime() - start) / 1_000_000;
        if (millis > 1000) {
            System.out.println("tenant matrix: slow answer (" + millis + " ms): " + method + " " + path + " as "
                    + caller.name() + " -> " + response.statusCode());
        }
        return response;
    }

    private static JsonNode sample(JsonNode schema) {
        if (schema.path("enum").isArray() && !schema.path("enum").isEmpty()) {
            return schema.path("enum").get(0);
        }
        return switch (schema.path("type").asText()) {
            case "integer", "number" -> JSON.getNodeFactory().numberNode(1);
            case "boolean" -> JSON.getNodeFactory().booleanNode(false);
            case "array" -> JSON.createArrayNode();
            case "object" -> JSON.createObjectNode();
            default -> text("Matrix");
        };
    }

    private static boolean required(JsonNode schema, String name) {
        for (JsonNode r : schema.path("required")) {
            if (r.asText().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A player session (an embed token exchanged) of tenant A2: of a new course of A2 through
     * {@code /v1/headless/embed/course}, or of the screen editor's picker through {@code /v1/headless/embed/screen}.
     */
    private static String playerSession(String embed, boolean ofCourse) throws Exception {
        Map<String, Object> request =
                new LinkedHashMap<>(Map.of("action", "edit", "identifier", "author", "clientIdentifier", A2));
        if (ofCourse) {
            request.put(
                    "courseId",
                    created(
                                    "/v1/headless/courses",
                                    json(Map.of(
                                            "title",
                                            "Matrix A2 " + RUN,
                                            "identifier",
                                            "author",
                                            "clientIdentifier",
                                            A2)))
                            .path("id")
                            .asLong());
        }
        String url = with(keyA)
                .body(json(request))
                .post(embed)
                .then()
                .statusCode(200)
                .extract()
                .asString();
        String token = url.substring(url.indexOf("#token=") + "#token=".length());
        Response session = Suite.ingress()
                .contentType(ContentType.JSON)
                .body(json(Map.of("token", token)))
                .post("/v1/headless/player/sessions");
        assertThat(session.statusCode()).as(session.asString()).isBetween(200, 201);
        return session.jsonPath().getString("session");
    }

    /** A hosted SCORM package of tenant A1 (a minimal zip; whether it processes does not matter here). */
    private static long scormCourse() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            zip.putNextEntry(new ZipEntry("imsmanifest.xml"));
            zip.write("<manifest identifier=\"m\"><organizations/><resources/></manifest>"
                    .getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        byte[] zip = bytes.toByteArray();
        JsonNode ticket = expect(
                "POST",
                "/v1/headless/scorm-package/upload",
                json(Map.of("name", "matrix.zip", "size", zip.length)),
                200);
        HttpResponse<String> put = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(ticket.path("url").asText()))
                                .timeout(Duration.ofSeconds(30))
                                .header("Content-Type", "application/zip")
                                .PUT(HttpRequest.BodyPublishers.ofByteArray(zip))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
        return created(
                        "/v1/headless/scorm-package",
                        json(Map.of(
                                "hash",
                                ticket.path("hash").asText(),
                                "name",
                                "matrix.zip",
                                "identifier",
                                "author",
                                "clientIdentifier",
                                A1)))
                .path("courseId")
                .asLong();
    }

    private record Caller(String name, Map<String, String> headers, Map<String, String> query) {}

    private static long workspace(String name) {
        return Suite.operator()
                .body("{\"name\":\"" + name + "\",\"plan\":\"enterprise\",\"addons\":[\"scorm_hosting\"],"
                        + "\"features\":[\"scorm_export\"],\"userLimit\":null}")
                .post("/admin/v1/workspaces")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    private static RequestSpecification with(String authorization) {
        return Suite.ingress().header("Authorization", authorization).contentType(ContentType.JSON);
    }

    /** A request of the owner (workspace A's key). */
    private static Response owner(String method, String path, String body) {
        RequestSpecification request = with(keyA);
        if (body != null) {
            request.body(body);
        }
        return request.request(method, path);
    }

    /** The JSON answer of the owner's request, which must succeed with one of {@code statuses}. */
    private static JsonNode expect(String method, String path, String body, Integer... statuses) throws Exception {
        Response response = owner(method, path, body);
        assertThat(response.statusCode())
                .as(method + " " + path + ": " + response.asString())
                .isIn((Object[]) statuses);
        return JSON.readTree(response.asString());
    }

    private static JsonNode created(String path, String body) throws Exception {
        return expect("POST", path, body, 200, 201, 202);
    }

    private static String id(String path, String body) throws Exception {
        return created(path, body).path("id").asText();
    }

    private static JsonNode ok(String path) throws Exception {
        return expect("GET", path, null, 200);
    }

    private static String json(Map<String, ?> value) throws Exception {
        return JSON.writeValueAsString(value);
    }

    private static JsonNode text(String value) {
        return JSON.getNodeFactory().textNode(value);
    }

    private static String excerpt(String text) {
        return text.length() > 300 ? text.substring(0, 300) + "…" : text;
    }
}

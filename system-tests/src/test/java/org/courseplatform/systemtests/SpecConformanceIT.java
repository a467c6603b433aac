package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The spec's own requests, through the ingress, as a tenant backend developer who has only
 * {@code spec/SPEC.md} would send them: its parameter names, its types (ids as numbers or as
 * strings of digits), its form fields, and a client that retries a slow call by sending it again
 * while the first is still running.
 */
class SpecConformanceIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static long ws;
    private static String key;

    @BeforeAll
    static void workspace() {
        ws = Suite.workspace("build");
        key = Suite.key(ws, "live")[1];
    }

    @Test
    void membersAndEnrolmentsTakeTheSpecsRequestsAndKeepWhatWasAsked() throws Exception {
        // Members: timezone and locale left out are detected, never null.
        Response created = Suite.ingress()
                .header("Authorization", key)
                .header("Accept-Language", "de-AT, de;q=0.9, en;q=0.5")
                .contentType(ContentType.JSON)
                .body("{\"email\":\"tz-" + System.nanoTime() + "@example.com\",\"lastname\":\"Zeit\",\"active\":true}")
                .post("/api/v1/members");
        created.then().statusCode(200).body("locale", equalTo("de-AT")).body("timezone", equalTo("UTC"));
        long student = created.jsonPath().getLong("id");
        long teacher = member("Trainer");
        long other = member("Other");
        long course = course("Putting for the spec");
        long course2 = course("Chipping for the spec");
        long group = Suite.ingress()
                .header("Authorization", key)
                .contentType(ContentType.JSON)
                .body("{\"name\":\"Spec group\"}")
                .post("/api/v1/groups")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");

        // POST /api/v1/enrolments, form data user + course + role=teacher: a teacher is stored.
        Response enrolled = awaitEnrolment(teacher, course, "teacher");
        assertThat(enrolled.statusCode()).as(enrolled.asString()).isEqualTo(201);
        assertThat(enrolled.jsonPath().getString("role")).isEqualTo("teacher");
        Suite.ingress()
                .header("Authorization", key)
                .queryParam("user", teacher)
                .queryParam("course", course)
                .get("/api/v1/enrolments")
                .then()
                .statusCode(200)
                .body("[0].role", equalTo("teacher"));
        awaitEnrolment(student, course2, null);

        // Six identical batches at once, as a client retrying a slow one: every one succeeds and
        // each pair is enrolled once. Ids as the spec's integers and as strings of digits.
        String batch = "{\"courses\":[" + course + ",\"" + course2 + "\"],\"groups\":[],\"students\":[" + student
                + ",\"" + other + "\"]}";
        assertThat(sixAtOnce(() -> Suite.ingress()
                        .header("Authorization", key)
                        .contentType(ContentType.JSON)
                        .body(batch)
                        .post("/api/v1/enrolments/batch")))
                .as("six identical batches at once")
                .containsOnly(204);
        String groupBatch = "{\"group\":" + group + ",\"courses\":[" + course + "," + course2 + "]}";
        assertThat(sixAtOnce(() -> Suite.ingress()
                        .header("Authorization", key)
                        .contentType(ContentType.JSON)
                        .body(groupBatch)
                        .post("/api/v1/enrolments/group/batch")))
                .as("six identical group batches at once")
                .containsOnly(204);
        for (long user : List.of(student, other)) {
            for (long c : List.of(course, course2)) {
                Suite.ingress()
                        .header("Authorization", key)
                        .queryParam("user", user)
                        .queryParam("course", c)
                        .get("/api/v1/enrolments")
                        .then()
                        .statusCode(200)
                        .header("X-Total-Count", "1");
            }
        }
        Suite.ingress()
                .header("Authorization", key)
                .queryParam("group", group)
                .get("/api/v1/enrolments")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "2");
        // The batch left the teacher's own enrolment alone.
        Suite.ingress()
                .header("Authorization", key)
                .queryParam("user", teacher)
                .queryParam("course", course)
                .get("/api/v1/enrolments")
                .then()
                .body("[0].role", equalTo("teacher"));
    }

    @Test
    void theAgentMcpEndpointIsJsonRpcOverHttpForAPlainClient() {
        long a = course("Pinned course");
        long b = course("Another course");
        String token = agentToken(Map.of(
                "identifier",
                "author",
                "readonly",
                false,
                "tools",
                List.of("list_courses", "apply_theme", "move_course_to_folder", "create_folder", "create_collection")));
        // A plain JSON-RPC client: its bearer token, Accept: application/json, no initialize.
        Response listed = rpc(token, "application/json", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
        listed.then().statusCode(200).contentType(ContentType.JSON).body("id", equalTo(1));
        assertThat(listed.jsonPath().getList("result.tools.name", String.class))
                .contains("apply_theme", "move_course_to_folder", "create_folder", "create_collection");
        // curl's default Accept.
        rpc(token, "*/*", "{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}")
                .then()
                .statusCode(200)
                .contentType(ContentType.JSON)
                .body("id", equalTo("p"));
        // Documented null arguments.
        call(token, 2, "apply_theme", "{\"courseId\":" + a + ",\"themeId\":null}")
                .then()
                .statusCode(200)
                .body("id", equalTo(2))
                .body("result.isError", equalTo(false));
        call(token, 3, "move_course_to_folder", "{\"courseId\":" + a + ",\"folderId\":null}")
                .then()
                .statusCode(200)
                .body("result.isError", equalTo(false))
                .body("result.structuredContent.folderId", equalTo(null));
        // A NUL character inside a string is that call's invalid-argument error, for its id.
        Response nul = call(token, 4, "create_folder", "{\"name\":\"a\\u0000b\"}");
        nul.then().statusCode(200).body("id", equalTo(4)).body("result.isError", equalTo(true));
        assertThat(nul.jsonPath().getString("result.content[0].text"))
                .contains("name")
                .contains("NUL");

        // A token pinned to course A cannot put course B anywhere, in any argument.
        String pinned = agentToken(Map.of(
                "identifier", "author", "readonly", false, "courseId", a, "tools", List.of("create_collection")));
        Response refused = call(pinned, 5, "create_collection", "{\"title\":\"Smuggled\",\"courseIds\":[" + b + "]}");
        refused.then()
                .statusCode(200)
                .body("id", equalTo(5))
                .body("error.code", equalTo(-32001))
                .body("error.message", containsString("pinned"));
        call(pinned, 6, "create_collection", "{\"title\":\"Own\",\"courseIds\":[" + a + "]}")
                .then()
                .statusCode(200)
                .body("result.isError", equalTo(false));
    }

    @Test
    void theDeprecatedEmbedRoutesTakeTheSpecsRequestsAndAnEditOpensThatCourse() throws Exception {
        String title = "Kept for old hosts " + System.nanoTime();
        long c = course(title);
        Suite.ingress()
                .header("Authorization", key)
                .post("/v1/headless/course/" + c + "/publish")
                .then()
                .statusCode(200);
        // GET /v1/headless/course/{view|edit}: the course is the query's `id`.
        String view = deprecatedGet("view", c);
        assertThat(view).startsWith(Suite.BASE_URL + "/play/course?w=" + ws + "#token=");
        assertThat(claims(view).path("courseId").asLong()).isEqualTo(c);
        String edit = deprecatedGet("edit", c);
        assertThat(edit).startsWith(Suite.BASE_URL + "/play/builder?w=" + ws + "#token=");
        assertThat(claims(edit).path("courseId").asLong()).isEqualTo(c);

        // POST /v1/headless/course/url with the spec's body: id a string, themeId a number, name,
        // avatar and an options object.
        String posted = embedText(
                "/v1/headless/course/url",
                "{\"action\":\"edit\",\"id\":\"" + c + "\",\"identifier\":\"author\",\"themeId\":3,"
                        + "\"name\":\"Ada Lovelace\",\"avatar\":\"https://cdn.example.com/ada.png\","
                        + "\"options\":{\"language\":\"fr\",\"somethingElse\":true}}");
        JsonNode postedClaims = claims(posted);
        assertThat(postedClaims.path("courseId").asLong()).isEqualTo(c);
        assertThat(postedClaims.path("author").path("name").asText()).isEqualTo("Ada Lovelace");
        String viewPosted = embedText(
                "/v1/headless/course/url",
                "{\"action\":\"view\",\"id\":\"" + c + "\",\"identifier\":\"learner-1\",\"themeId\":3}");
        assertThat(viewPosted).startsWith(Suite.BASE_URL + "/play/course?w=" + ws + "#token=");

        // POST /v1/headless/embed/course: the course id as a string of digits, the theme a number;
        // ids come back as numbers.
        String embedded = embedText(
                "/v1/headless/embed/course", "{\"courseId\":\"" + c + "\",\"identifier\":\"learner-2\",\"themeId\":3}");
        JsonNode embeddedClaims = claims(embedded);
        assertThat(embeddedClaims.path("courseId").isIntegralNumber()).isTrue();
        assertThat(embeddedClaims.path("options").path("themeId").isIntegralNumber())
                .isTrue();
        Suite.ingress()
                .header("Authorization", key)
                .contentType(ContentType.JSON)
                .body("{\"courseId\":\"3x\",\"identifier\":\"learner-2\"}")
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("courseId"));

        // In the browser, the deprecated edit link opens that course (not the "new course" form),
        // and the POSTed one shows the author it names.
        JsonNode done = BuilderIT.drive(Map.of(
                "outDir",
                Path.of("target/spec-conformance").toAbsolutePath().toString(),
                "runs",
                List.of(
                        Map.of(
                                "name",
                                "get",
                                "steps",
                                List.of(
                                        Map.of("do", "open", "url", edit),
                                        Map.of("do", "value", "label", "Course title", "as", "title"))),
                        Map.of(
                                "name",
                                "posted",
                                "steps",
                                List.of(
                                        Map.of("do", "open", "url", posted),
                                        Map.of("do", "see", "text", "Ada Lovelace"),
                                        Map.of("do", "value", "label", "Course title", "as", "title"))))));
        for (JsonNode run : done.path("runs")) {
            assertThat(run.path("error").isMissingNode())
                    .as(done.toPrettyString())
                    .isTrue();
            assertThat(run.path("values").path("title").asText()).isEqualTo(title);
        }
    }

    private static String deprecatedGet(String action, long course) {
        return Suite.ingress()
                .header("Authorization", key)
                .queryParam("id", course)
                .queryParam("identifier", "author")
                .get("/v1/headless/course/" + action)
                .then()
                .statusCode(200)
                .extract()
                .asString();
    }

    private static String embedText(String path, String body) {
        return Suite.ingress()
                .header("Authorization", key)
                .contentType(ContentType.JSON)
                .body(body)
                .post(path)
                .then()
                .statusCode(200)
                .contentType(ContentType.TEXT)
                .extract()
                .asString();
    }

    private static JsonNode claims(String url) throws Exception {
        String token = url.substring(url.indexOf("#token=") + "#token=".length());
        return JSON.readTree(Base64.getUrlDecoder().decode(token.split("\\.")[1]));
    }

    private static String agentToken(Map<String, Object> body) {
        return Suite.ingress()
                .header("Authorization", key)
                .contentType(ContentType.JSON)
                .body(body)
                .post("/api/v1/agent/auth")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("token");
    }

    private static Response rpc(String token, String accept, String message) {
        return Suite.ingress()
                .header("Authorization", "Bearer " + token)
                .header("Accept", accept)
                .contentType(ContentType.JSON)
                .body(message)
                .post("/api/v1/agent/mcp");
    }

    private static Response call(String token, int id, String tool, String arguments) {
        return rpc(
                token,
                "application/json",
                "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                        + "\",\"arguments\":" + arguments + "}}");
    }

    private static long member(String name) {
        return Suite.ingress()
                .header("Authorization", key)
                .contentType(ContentType.JSON)
                .body("{\"email\":\"" + name.toLowerCase() + "-" + System.nanoTime() + "@example.com\",\"lastname\":\""
                        + name + "\",\"active\":true}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    private static long course(String title) {
        return Suite.ingress()
                .header("Authorization", key)
                .contentType(ContentType.JSON)
                .body("{\"title\":\"" + title + "\",\"identifier\":\"author\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    /** POSTs the enrolment form until members-service has heard of the course (course-events). */
    private static Response awaitEnrolment(long user, long course, String role) {
        return await().alias("members-service to hear of course " + course + " (enrolling user " + user + ")")
                .atMost(Duration.ofSeconds(30))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(250))
                .until(
                        () -> {
                            var request = Suite.ingress()
                                    .header("Authorization", key)
                                    .contentType(ContentType.URLENC)
                                    .formParam("user", user)
                                    .formParam("course", course);
                            if (role != null) {
                                request.formParam("role", role);
                            }
                            return request.post("/api/v1/enrolments");
                        },
                        response -> response.statusCode() != 404);
    }

    /** Sends the same request six times at once; answers the six status codes. */
    private static List<Integer> sixAtOnce(Callable<Response> request) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Callable<Integer>> calls = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                calls.add(() -> request.call().statusCode());
            }
            List<Integer> codes = new ArrayList<>();
            for (Future<Integer> code : pool.invokeAll(calls)) {
                codes.add(code.get());
            }
            return codes;
        } finally {
            pool.shutdownNow();
        }
    }
}

package org.courseplatform.courses.player;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.courseplatform.courses.analytics.CourseAnalyticsTest;
import org.courseplatform.courses.collection.CollectionsTest;
import org.courseplatform.courses.course.CourseLifecycleTest;
import org.courseplatform.courses.export.LmsSessionsTest;
import org.courseplatform.courses.export.ScormExportTest;
import org.courseplatform.courses.share.ShareLinksTest;
import org.courseplatform.platform.testing.TestKafka;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.platform.testing.TestTokens;
import org.eclipse.microprofile.config.ConfigProvider;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/** Embed URLs of courses, the token exchange, progress, resume, the course events and the tracking list. */
@QuarkusTest
public class CoursePlayerTest {

    public static final ObjectMapper JSON = new ObjectMapper();

    public static RequestSpecification as(String key) {
        return given().header("Authorization", key).contentType(ContentType.JSON);
    }

    public static String base() {
        String base = ConfigProvider.getConfig().getValue("platform.public-base-url", String.class);
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }

    public static long publishedCourse(String key, String tenant) {
        long id = CourseLifecycleTest.importCourse(key, "author", tenant, CourseLifecycleTest.BUILDER2);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/publish")
                .then()
                .statusCode(200);
        return id;
    }

    public static String embed(String key, String body) {
        return as(key).body(body)
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(200)
                .contentType(startsWith("text/plain"))
                .extract()
                .asString();
    }

    public static String token(String url) {
        assertThat(url).contains("#token=");
        return url.substring(url.indexOf("#token=") + 7);
    }

    public static JsonNode payload(String token) throws Exception {
        return JSON.readTree(Base64.getUrlDecoder().decode(token.split("\\.")[1]));
    }

    public static Response exchange(String token) {
        return given().contentType(ContentType.JSON)
                .body(Map.of("token", token))
                .post("/v1/headless/player/sessions");
    }

    public static String session(String url) {
        return exchange(token(url)).then().statusCode(201).extract().jsonPath().getString("session");
    }

    public static Response progress(String session, String body) {
        return given().header("X-Player-Session", session)
                .contentType(ContentType.JSON)
                .body(body)
                .post("/v1/headless/player/progress");
    }

    @Test
    void embedUrlsOpenThePlayerWithASignedTokenAndTheDeprecatedEndpointsAnswerTheSame() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "test");
        long id = publishedCourse(key, "t1");
        JsonNode collection = CollectionsTest.collection(key, "t1", id);
        String url = embed(
                key,
                "{\"courseId\":" + id + ",\"identifier\":\"learner-1\",\"clientIdentifier\":\"t1\","
                        + "\"colorPrimary\":\"#12AB34\",\"back\":\"event\",\"language\":\"fr\",\"parentOrigin\":\"https://LMS.example.com:443/\","
                        + "\"collection\":" + CollectionsTest.ref(collection) + "}");
        assertThat(url).startsWith(base() + "/play/course?w=" + ws + "#token=");
        JsonNode claims = payload(token(url));
        assertThat(claims.path("iss").asText()).isEqualTo("course-service");
        assertThat(claims.path("typ").asText()).isEqualTo("embed");
        assertThat(claims.path("kind").asText()).isEqualTo("course");
        assertThat(claims.path("courseId").asLong()).isEqualTo(id);
        assertThat(claims.path("action").asText()).isEqualTo("view");
        assertThat(claims.path("testMode").asBoolean()).isTrue();
        assertThat(claims.path("parentOrigin").asText()).isEqualTo("https://lms.example.com");
        assertThat(claims.path("options").path("colorPrimary").asText()).isEqualTo("#12ab34");
        assertThat(claims.path("collection").path("key").asText())
                .isEqualTo(collection.path("key").asText());
        assertThat(claims.path("collection").path("id").isIntegralNumber()).isTrue();
        assertThat(claims.path("collection").path("id").asLong())
                .isEqualTo(collection.path("id").asLong());
        assertThat(claims.path("exp").asLong() - claims.path("iat").asLong()).isEqualTo(3 * 3600);
        assertThat(claims.path("jti").asText()).hasSize(32);

        for (String path : List.of("/v1/headless/course/view", "/v1/headless/course/edit")) {
            String old = given().header("Authorization", key)
                    .queryParam("courseId", id)
                    .queryParam("identifier", "learner-1")
                    .queryParam("legacy", "true")
                    .get(path)
                    .then()
                    .statusCode(200)
                    .contentType(startsWith("text/plain"))
                    .extract()
                    .asString();
            // An edit URL opens the builder.
            assertThat(old)
                    .startsWith(base() + (path.endsWith("view") ? "/play/course" : "/play/builder") + "?w=" + ws
                            + "#token=");
            assertThat(payload(token(old)).path("action").asText()).isEqualTo(path.endsWith("view") ? "view" : "edit");
            assertThat(payload(token(old)).path("options").path("legacy").asBoolean())
                    .isTrue();
        }
        String viaUrl = as(key).body("{\"action\":\"edit\",\"courseId\":" + id + ",\"identifier\":\"a\"}")
                .post("/v1/headless/course/url")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(payload(token(viaUrl)).path("action").asText()).isEqualTo("edit");
        assertThat(viaUrl).startsWith(base() + "/play/builder?w=" + ws + "#token=");
    }

    @Test
    void aReadScopedKeyMakesPlayerUrlsButNotEditorUrls() {
        long ws = TestKeys.newWorkspace();
        long id = publishedCourse(TestKeys.enterprise(ws), "t1");
        String reader = TestKeys.scoped(ws, List.of("courses:read"));
        embed(reader, "{\"courseId\":" + id + ",\"identifier\":\"learner-1\",\"clientIdentifier\":\"t1\"}");
        as(reader)
                .body("{\"action\":\"edit\",\"courseId\":" + id + ",\"identifier\":\"a\",\"clientIdentifier\":\"t1\"}")
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(403)
                .body("error.reason", equalTo("missing_scope"))
                .body("message", equalTo("Caller not authorized to manage courses"));
    }

    @Test
    void badEmbedRequestsAre400NamingTheFieldAndOtherTenantsCoursesAre404() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long id = publishedCourse(key, "t1");
        as(key).body("{\"courseId\":" + id + "}")
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("details[0].field", equalTo("identifier"));
        as(key).body("{\"identifier\":\"a\"}")
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("courseId"));
        // An edit URL may leave courseId out: the builder's new course form.
        as(key).body("{\"action\":\"edit\",\"identifier\":\"a\"}")
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(200);
        as(key).body("{\"action\":\"edit\",\"courseId\":0,\"identifier\":\"a\"}")
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("courseId"));
        for (String[] bad : List.of(
                new String[] {"action", "\"play\""},
                new String[] {"colorPrimary", "\"red\""},
                new String[] {"back", "\"javascript:alert(1)\""},
                new String[] {"parentOrigin", "\"*\""},
                new String[] {"language", "\"not a language\""})) {
            as(key).body("{\"courseId\":" + id + ",\"identifier\":\"a\",\"" + bad[0] + "\":" + bad[1] + "}")
                    .post("/v1/headless/embed/course")
                    .then()
                    .statusCode(400)
                    .body("details[0].field", equalTo(bad[0]));
        }
        given().header("Authorization", key)
                .queryParam("courseId", "x")
                .queryParam("identifier", "a")
                .get("/v1/headless/course/view")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("courseId"));

        long draft = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2);
        as(key).body("{\"courseId\":" + draft + ",\"identifier\":\"a\"}")
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(409)
                .body("error.code", equalTo("CONFLICT"));
        embed(key, "{\"action\":\"edit\",\"courseId\":" + draft + ",\"identifier\":\"a\"}");

        String other = TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live");
        as(other)
                .body("{\"courseId\":" + id + ",\"identifier\":\"a\"}")
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(404);
        as(key).body("{\"courseId\":" + id + ",\"identifier\":\"a\",\"clientIdentifier\":\"t2\"}")
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(404);
        as(TestKeys.header(ws, "starter", "", "", "live"))
                .body("{\"courseId\":" + id + ",\"identifier\":\"a\"}")
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(403);
    }

    @Test
    void aTokenOpensOneSessionAndRefusalsSayWhy() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long id = publishedCourse(key, null);
        String token = token(embed(
                key,
                "{\"courseId\":" + id + ",\"identifier\":\"learner-1\",\"colorPrimary\":\"#112233\","
                        + "\"parentOrigin\":\"https://lms.example.com\"}"));
        String tampered = token.substring(0, token.length() - 4) + (token.endsWith("AAAA") ? "BBBB" : "AAAA");
        exchange(tampered)
                .then()
                .statusCode(401)
                .body("error.code", equalTo("UNAUTHORIZED"))
                .body("error.status", equalTo(401))
                .body("error.reason", equalTo("invalid"));
        exchange(token)
                .then()
                .statusCode(201)
                .body("session", Matchers.matchesPattern("[0-9a-f]{64}"))
                .body("mode", equalTo("view"))
                .body("kind", equalTo("course"))
                .body("course.id", equalTo((int) id))
                .body("course.title", equalTo("Golf basics"))
                .body("course.format", equalTo("builder2"))
                .body("document.screens", hasSize(2))
                .body("locale", equalTo("en"))
                .body("options.colorPrimary", equalTo("#112233"))
                .body("options.parentOrigin", equalTo("https://lms.example.com"))
                .body("theme.colorPrimary", equalTo("#112233"))
                .body("screen", nullValue())
                .body("progress.screenIndex", equalTo(0))
                .body("progress.commenced", equalTo(false))
                .body("progress.completed", equalTo(false));
        exchange(token)
                .then()
                .statusCode(401)
                .body("error.code", equalTo("UNAUTHORIZED"))
                .body("error.reason", equalTo("used"));

        long past = Instant.now().minusSeconds(3600).getEpochSecond();
        String expired = TestTokens.sign(
                "course-service",
                "embed",
                "course-service",
                Map.of(
                        "exp",
                        past,
                        "iat",
                        past - 60,
                        "workspaceId",
                        ws,
                        "identifier",
                        "learner-1",
                        "action",
                        "view",
                        "kind",
                        "course",
                        "courseId",
                        id));
        exchange(expired).then().statusCode(401).body("error.reason", equalTo("expired"));
        String fromScorm = TestTokens.sign(
                "scorm-service",
                "embed",
                "course-service",
                Map.of(
                        "workspaceId",
                        ws,
                        "identifier",
                        "learner-1",
                        "action",
                        "view",
                        "kind",
                        "course",
                        "courseId",
                        id));
        exchange(fromScorm).then().statusCode(401).body("error.reason", equalTo("invalid"));
        exchange("not-a-token").then().statusCode(401).body("error.reason", equalTo("invalid"));
        given().contentType(ContentType.JSON)
                .body("{}")
                .post("/v1/headless/player/sessions")
                .then()
                .statusCode(401)
                .body("error.reason", equalTo("invalid"));

        given().contentType(ContentType.JSON)
                .body("{\"screenIndex\":0,\"visibleSeconds\":1}")
                .post("/v1/headless/player/progress")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("UNAUTHORIZED"))
                .body("error.reason", equalTo("session"));
        progress("0".repeat(64), "{\"screenIndex\":0,\"visibleSeconds\":1}")
                .then()
                .statusCode(401)
                .body("error.reason", equalTo("session"));
    }

    @Test
    void aTokenForACourseDeletedSinceIs404AndStaysUnused() {
        String key = TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live");
        long id = publishedCourse(key, null);
        String token = token(embed(key, "{\"courseId\":" + id + ",\"identifier\":\"l\"}"));
        given().header("Authorization", key)
                .delete("/v1/headless/course/" + id)
                .then()
                .statusCode(200);
        exchange(token).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/restore")
                .then()
                .statusCode(200);
        exchange(token).then().statusCode(201);
    }

    @Test
    void previewPlaysTheDraftAndRecordsNothing() {
        String key = TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live");
        long id = publishedCourse(key, null);
        String draft = CourseLifecycleTest.BUILDER2.replace("\"title\":\"Golf basics\"", "\"title\":\"Golf draft\"");
        as(key).body("{\"document\":" + draft + "}")
                .put("/v1/headless/course/" + id + "/content")
                .then()
                .statusCode(200);
        String session = exchange(
                        token(embed(key, "{\"action\":\"edit\",\"courseId\":" + id + ",\"identifier\":\"a\"}")))
                .then()
                .statusCode(201)
                .body("mode", equalTo("edit"))
                .body("document.title", equalTo("Golf draft"))
                .extract()
                .jsonPath()
                .getString("session");
        exchange(token(embed(key, "{\"courseId\":" + id + ",\"identifier\":\"a\"}")))
                .then()
                .statusCode(201)
                .body("document.title", equalTo("Golf basics"));
        progress(session, "{\"screenIndex\":1,\"visibleSeconds\":5,\"answers\":{\"q1\":[\"a1\"]}}")
                .then()
                .statusCode(200)
                .body("progress.screenIndex", equalTo(1))
                .body("progress.completed", equalTo(false));
        given().header("Authorization", key)
                .get("/v1/headless/course/" + id + "/tracking")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "1")
                .body("[0].commenced", nullValue())
                .body("[0].totalTime", equalTo(0));
    }

    @Test
    void progressCommencesAndCompletesOnceWithTheKeysModeAndResumes() throws Exception {
        for (String mode : List.of("live", "test")) {
            long ws = TestKeys.newWorkspace();
            String key = TestKeys.header(ws, "build", "", "", mode);
            long id = publishedCourse(key, "t1");
            JsonNode path = CollectionsTest.collection(key, "t1", id);
            String inPath = ",\"collection\":" + CollectionsTest.ref(path);
            String session = session(embed(
                    key,
                    "{\"courseId\":" + id + ",\"identifier\":\"learner-1\",\"clientIdentifier\":\"t1\"" + inPath
                            + "}"));
            progress(session, "{\"screenIndex\":0,\"visibleSeconds\":10}")
                    .then()
                    .statusCode(200)
                    .body("progress.commenced", equalTo(true))
                    .body("progress.completed", equalTo(false))
                    .body("progress.percent", equalTo(50));
            progress(session, "{\"screenIndex\":0,\"visibleSeconds\":301}")
                    .then()
                    .statusCode(400)
                    .body("details[0].field", equalTo("visibleSeconds"));
            progress(session, "{\"screenIndex\":2,\"visibleSeconds\":1}")
                    .then()
                    .statusCode(400)
                    .body("details[0].field", equalTo("screenIndex"));
            progress(session, "{\"screenIndex\":1,\"visibleSeconds\":1,\"answers\":{\"nope\":[\"a1\"]}}")
                    .then()
                    .statusCode(400)
                    .body("details[0].field", equalTo("answers.nope"));
            progress(session, "{\"screenIndex\":1,\"visibleSeconds\":1,\"answers\":{\"q1\":[\"zz\"]}}")
                    .then()
                    .statusCode(400)
                    .body("details[0].field", equalTo("answers.q1"));
            progress(session, "{\"screenIndex\":1,\"visibleSeconds\":20}")
                    .then()
                    .statusCode(200)
                    .body("progress.completed", equalTo(false))
                    .body("progress.percent", equalTo(99));
            // A new session of the same learner in the same collection resumes where they are.
            String second = exchange(
                            token(embed(key, "{\"courseId\":" + id + ",\"identifier\":\"learner-1\"" + inPath + "}")))
                    .then()
                    .statusCode(201)
                    .body("progress.screenIndex", equalTo(1))
                    .body("progress.commenced", equalTo(true))
                    .extract()
                    .jsonPath()
                    .getString("session");
            // The completing write comes with the tenant page's trace: its event carries that trace.
            String trace = "4bf92f3577b34da6a3ce929d0e0e4736";
            given().header("X-Player-Session", second)
                    .header("traceparent", "00-" + trace + "-00f067aa0ba902b7-01")
                    .contentType(ContentType.JSON)
                    .body("{\"screenIndex\":1,\"visibleSeconds\":5,\"answers\":{\"q1\":[\"a2\"]}}")
                    .post("/v1/headless/player/progress")
                    .then()
                    .statusCode(200)
                    .body("progress.completed", equalTo(true))
                    .body("progress.percent", equalTo(100))
                    .body("progress.answers.q1[0]", equalTo("a2"));
            progress(session, "{\"screenIndex\":1,\"visibleSeconds\":5}")
                    .then()
                    .statusCode(200)
                    .body("progress.completed", equalTo(true));
            exchange(token(embed(key, "{\"courseId\":" + id + ",\"identifier\":\"learner-1\"" + inPath + "}")))
                    .then()
                    .statusCode(201)
                    .body("progress.answers.q1[0]", equalTo("a2"))
                    .body("progress.completed", equalTo(true));

            List<JsonNode> events = events(ws, id, e -> e.path("type").asText().equals("course.completed"));
            List<JsonNode> commenced = events.stream()
                    .filter(e -> e.path("type").asText().equals("course.commenced"))
                    .toList();
            List<JsonNode> completed = events.stream()
                    .filter(e -> e.path("type").asText().equals("course.completed"))
                    .toList();
            assertThat(commenced).hasSize(1);
            assertThat(completed).hasSize(1);
            JsonNode done = completed.get(0);
            assertThat(done.path("testmode").asBoolean()).isEqualTo(mode.equals("test"));
            assertThat(done.path("traceparent").asText()).startsWith("00-" + trace + "-");
            assertThat(done.path("workspaceid").asLong()).isEqualTo(ws);
            JsonNode data = done.path("data");
            assertThat(data.path("course").path("id").asLong()).isEqualTo(id);
            assertThat(data.path("course").path("title").asText()).isEqualTo("Golf basics");
            assertThat(data.path("course").path("clientIdentifier").asText()).isEqualTo("t1");
            assertThat(data.path("course").path("key").asText()).isNotEmpty();
            assertThat(data.path("tracking").path("identifier").asText()).isEqualTo("learner-1");
            assertThat(data.path("tracking").has("email")).isTrue();
            assertThat(data.path("tracking").path("email").isNull()).isTrue();
            assertThat(data.path("tracking").path("totalTime").asLong()).isEqualTo(35);
            assertThat(data.path("tracking").path("completed").asText()).endsWith("Z");
            assertThat(data.path("tracking").path("commenced").asText())
                    .isEqualTo(commenced
                            .get(0)
                            .path("data")
                            .path("tracking")
                            .path("commenced")
                            .asText());
            assertThat(commenced
                            .get(0)
                            .path("data")
                            .path("tracking")
                            .path("completed")
                            .isNull())
                    .isTrue();
            assertThat(data.path("collection").path("id").asLong())
                    .isEqualTo(path.path("id").asLong());
            assertThat(data.path("collection").path("key").asText())
                    .isEqualTo(path.path("key").asText());

            given().header("Authorization", key)
                    .get("/v1/headless/course/" + id + "/tracking")
                    .then()
                    .statusCode(200)
                    .header("X-Total-Count", "1")
                    .body("[0].identifier", equalTo("learner-1"))
                    .body("[0].courseId", equalTo((int) id))
                    .body("[0].clientIdentifier", equalTo("t1"))
                    .body("[0].testMode", equalTo(mode.equals("test")))
                    .body("[0].totalTime", equalTo(40))
                    .body("[0].percent", equalTo(100))
                    .body("[0].screenIndex", equalTo(1))
                    .body("[0].collection.key", equalTo(path.path("key").asText()));
        }
    }

    /** BUILDER2 with feedback on its question, in English and in French. */
    public static final String WITH_FEEDBACK = CourseLifecycleTest.BUILDER2
            .replace(
                    "\"question\":\"What is par?\"",
                    "\"question\":\"What is par?\",\"feedback\":\"Par is the strokes expected.\"")
            .replace(
                    "\"screens\":{\"s1\":",
                    "\"screens\":{\"s2\":{\"elements\":{\"q1\":{\"feedback\":\"Le par est le nombre de coups attendu.\","
                            + "\"answers\":{\"a1\":{\"text\":\"Coups attendus\"},\"a2\":\"Un club\"}}}},\"s1\":");

    @Test
    void learnerSessionsCarryNoCorrectnessAndTheServerGradesWhatWasChosen() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = ScormExportTest.exportKey(ws, "live");
        long id = CourseLifecycleTest.importCourse(key, "author", null, WITH_FEEDBACK);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/publish")
                .then()
                .statusCode(200);

        // Every way a learner gets the course: an embed URL (in a translation too), a share link,
        // a dynamic SCORM package's launch.
        Response embedded = exchange(token(embed(key, "{\"courseId\":" + id + ",\"identifier\":\"forger\"}")));
        Response french =
                exchange(token(embed(key, "{\"courseId\":" + id + ",\"identifier\":\"fr\",\"language\":\"fr\"}")));
        String link = ShareLinksTest.create(key, id, "{}")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("url");
        Response shared = ShareLinksTest.open(ShareLinksTest.code(link), null);
        Response lms = LmsSessionsTest.launch(LmsSessionsTest.packageToken(key, id, "2004"), "lms-1", "Lee");
        for (Response opened : List.of(embedded, french, shared, lms)) {
            opened.then().statusCode(201);
            JsonNode answer = JSON.readTree(opened.asString());
            JsonNode document =
                    answer.has("learner") ? answer.path("session").path("document") : answer.path("document");
            JsonNode question = document.path("screens").get(1).path("elements").get(0);
            assertThat(question.path("question").asText()).isEqualTo("What is par?");
            assertThat(question.has("feedback")).isFalse();
            assertThat(question.path("answers"))
                    .hasSize(2)
                    .allSatisfy(a -> assertThat(a.has("correct")).isFalse());
            assertThat(document.toString())
                    .doesNotContain("correct")
                    .doesNotContain("feedback")
                    .doesNotContain("Le par");
            assertThat(document.path("translations")
                            .path("fr")
                            .path("screens")
                            .path("s2")
                            .path("elements")
                            .path("q1")
                            .path("answers")
                            .path("a1")
                            .path("text")
                            .asText())
                    .isEqualTo("Coups attendus");
        }
        // The author's preview keeps the whole document.
        exchange(token(embed(key, "{\"action\":\"edit\",\"courseId\":" + id + ",\"identifier\":\"author\"}")))
                .then()
                .statusCode(201)
                .body("document.screens[1].elements[0].answers[0].correct", equalTo(true))
                .body("document.screens[1].elements[0].feedback", equalTo("Par is the strokes expected."));

        // A result the page claims is no field of the call (400, nothing recorded); the wrong
        // answer alone is graded by the server: failed.
        String forger = embedded.jsonPath().getString("session");
        progress(forger, "{\"screenIndex\":0,\"visibleSeconds\":3}").then().statusCode(200);
        progress(
                        forger,
                        "{\"screenIndex\":1,\"visibleSeconds\":5,\"answers\":{\"q1\":[\"a2\"]},"
                                + "\"score\":100,\"passed\":true,\"results\":{\"q1\":{\"correct\":true}}}")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"));
        progress(forger, "{\"screenIndex\":0,\"visibleSeconds\":0}")
                .then()
                .statusCode(200)
                .body("progress.answers", equalTo(Map.of()))
                .body("progress.completed", equalTo(false));
        progress(forger, "{\"screenIndex\":1,\"visibleSeconds\":5,\"answers\":{\"q1\":[\"a2\"]}}")
                .then()
                .statusCode(200)
                .body("progress.completed", equalTo(true))
                .body("progress.score", equalTo(0))
                .body("progress.passed", equalTo(false))
                .body("progress.results.q1.correct", equalTo(false))
                .body("progress.results.q1.correctAnswers", equalTo(List.of("a1")))
                .body("progress.results.q1.feedback", equalTo("Par is the strokes expected."));
        // Resuming shows the graded answer again, from the server.
        exchange(token(embed(key, "{\"courseId\":" + id + ",\"identifier\":\"forger\"}")))
                .then()
                .statusCode(201)
                .body("progress.answers.q1[0]", equalTo("a2"))
                .body("progress.results.q1.correct", equalTo(false))
                .body("progress.passed", equalTo(false));

        // The right answer passes; the feedback comes in the session's language.
        String learner = french.jsonPath().getString("session");
        progress(learner, "{\"screenIndex\":1,\"visibleSeconds\":5}")
                .then()
                .statusCode(200)
                .body("progress.results", equalTo(Map.of()));
        progress(learner, "{\"screenIndex\":1,\"visibleSeconds\":5,\"answers\":{\"q1\":[\"a1\"]}}")
                .then()
                .statusCode(200)
                .body("progress.completed", equalTo(true))
                .body("progress.score", equalTo(100))
                .body("progress.passed", equalTo(true))
                .body("progress.results.q1.correct", equalTo(true))
                .body("progress.results.q1.feedback", equalTo("Le par est le nombre de coups attendu."));

        // The analytics count the server's grades: one pass of two attempts.
        JsonPath analytics = CourseAnalyticsTest.analytics(key, id, j -> j.getInt("quiz.attempts") == 2);
        assertThat(analytics.getInt("quiz.attempts")).isEqualTo(2);
        assertThat(analytics.getInt("quiz.passed")).isEqualTo(1);
    }

    @Test
    void trackingListPagesAndHidesOtherTenantsCourses() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long id = publishedCourse(key, "t1");
        for (int i = 0; i < 3; i++) {
            session(embed(key, "{\"courseId\":" + id + ",\"identifier\":\"learner-" + i + "\"}"));
        }
        given().header("Authorization", key)
                .queryParam("length", 2)
                .queryParam("page", 1)
                .get("/v1/headless/course/" + id + "/tracking")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "3")
                .body("", hasSize(1))
                .body("[0].identifier", equalTo("learner-2"));
        given().header("Authorization", key)
                .queryParam("identifier", "learner-1")
                .get("/v1/headless/course/" + id + "/tracking")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "1")
                .body("[0].identifier", equalTo("learner-1"));
        given().header("Authorization", key)
                .queryParam("page", "-1")
                .get("/v1/headless/course/" + id + "/tracking")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("page"));
        given().header("Authorization", key)
                .queryParam("clientIdentifier", "t2")
                .get("/v1/headless/course/" + id + "/tracking")
                .then()
                .statusCode(404);
        given().header("Authorization", TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live"))
                .get("/v1/headless/course/" + id + "/tracking")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
    }

    @Test
    void playerPagesCarryTheirOwnContentSecurityPolicy() {
        String policy = given().get("/play/course").then().extract().header("Content-Security-Policy");
        assertThat(policy)
                .startsWith("default-src 'self'; img-src 'self' https: data:; media-src 'self' https:;")
                .contains("script-src 'self'")
                .contains("connect-src 'self'")
                .endsWith("frame-ancestors 'none'");
        assertThat(given().get("/v1/headless/courses").then().extract().header("Content-Security-Policy"))
                .isEqualTo("default-src 'none'; frame-ancestors 'none'");
        // The LMS page (a dynamic SCORM package's course) is one of them: its HTML, the same policy.
        given().get("/play/lms")
                .then()
                .statusCode(200)
                .contentType(ContentType.HTML)
                .header("Content-Security-Policy", policy)
                .header("Referrer-Policy", "no-referrer")
                .body(containsString("<script type=\"module\""));
    }

    /** The events of one course on course-events (subject = course id), read until {@code last} arrives. */
    public static List<JsonNode> events(long workspace, long subject, Predicate<JsonNode> last) throws Exception {
        String marker = "\"subject\":\"" + subject + "\"";
        String of = "\"workspaceid\":" + workspace + ",";
        List<ConsumerRecord<String, String>> records = TestKafka.readUntil(
                "course-events",
                all -> all.stream()
                        .filter(r -> r.value().contains(marker) && r.value().contains(of))
                        .map(r -> parse(r.value()))
                        .anyMatch(last),
                Duration.ofSeconds(30));
        return records.stream()
                .filter(r -> r.value().contains(marker) && r.value().contains(of))
                .map(r -> parse(r.value()))
                .toList();
    }

    public static JsonNode parse(String value) {
        try {
            return JSON.readTree(value);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

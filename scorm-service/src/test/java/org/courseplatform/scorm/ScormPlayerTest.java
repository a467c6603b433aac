package org.courseplatform.scorm;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.courseplatform.platform.testing.TestKafka;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/** Embed URLs, the player, package files, the runtime's commits and resume, and the learner events. */
@QuarkusTest
class ScormPlayerTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final long workspace = TestKeys.newWorkspace();
    private final String live = TestKeys.enterprise(workspace);
    private final String test = TestKeys.header(workspace, "enterprise", "scorm_hosting", "", "test");

    private long ready(String fixture) {
        long id = Packages.upload(live, fixture, Zips.fixtureBytes(fixture));
        assertThat(Packages.settled(live, id).getString("status")).isEqualTo("ready");
        return id;
    }

    private static String embed(String auth, Map<String, Object> body) {
        String url = given().header("Authorization", auth).contentType(ContentType.JSON).body(body)
                .post("/v1/headless/embed/scorm").then().statusCode(200).contentType(containsString("text/plain"))
                .extract().asString();
        assertThat(url).startsWith("http://127.0.0.1:8080/scorm/launch?token=");
        return url;
    }

    /** Opens an embed URL as a browser would; answers the page path it redirects to. */
    private static String open(String url) {
        URI uri = URI.create(url);
        return given().redirects().follow(false).get(uri.getRawPath() + "?" + uri.getRawQuery()).then().statusCode(303)
                .extract().header("Location").replaceFirst("^https?://[^/]+", "");
    }

    @Test
    void aLearnerPlaysLeavesResumesAndCompletes() throws Exception {
        long id = ready("scorm12-single-sco.zip");
        JsonPath status = Packages.status(live, id);
        String sco = status.getString("launch.scos[0].identifier");
        String href = status.getString("launch.scos[0].href");

        // First launch minted by a test-mode key: the tracking record keeps test mode.
        String player = open(embed(test, Map.of("courseId", id, "identifier", "learner-1")));
        assertThat(player).matches("/scorm/s/[0-9a-f]{64}/player");
        String base = player.substring(0, player.length() - "player".length());
        given().get(player).then().statusCode(200).contentType(containsString("text/html"))
                .body(containsString("scorm-again.min.js"), containsString("\"version\":\"1.2\""));
        given().get("/scorm/assets/scorm-again.min.js").then().statusCode(200).body(containsString("Scorm12API"));
        byte[] served = given().get(base + "content/" + href.replaceAll("[?#].*$", "")).then().statusCode(200)
                .contentType(containsString("text/html")).extract().asByteArray();
        assertThat(served).isEqualTo(entry(Zips.fixtureBytes("scorm12-single-sco.zip"), href.replaceAll("[?#].*$", "")));
        given().get(base + "content/../../../etc/passwd").then().statusCode(404);
        given().get(base + "content/missing.html").then().statusCode(404);

        JsonPath first = given().get(base + "runtime/" + sco).then().statusCode(200).extract().jsonPath();
        assertThat(first.getString("core.entry")).isEqualTo("ab-initio");
        assertThat(first.getString("core.student_id")).isEqualTo("learner-1");
        given().post(base + "runtime/" + sco + "/initialize").then().statusCode(200).body("result", equalTo(true));
        commit(base, sco, """
                {"cmi":{"core":{"lesson_location":"page-3","lesson_status":"incomplete","exit":"suspend",
                "total_time":"0000:01:30.00","score":{"raw":"","min":"","max":""}},"suspend_data":"visited=1,2,3"}}""");

        // Relaunch with a live key: what the learner left is restored; the record stays in test mode.
        String again = open(embed(live, Map.of("courseId", id, "identifier", "learner-1")));
        String base2 = again.substring(0, again.length() - "player".length());
        assertThat(base2).isNotEqualTo(base);
        JsonPath restored = given().get(base2 + "runtime/" + sco).then().statusCode(200).extract().jsonPath();
        assertThat(restored.getString("core.lesson_location")).isEqualTo("page-3");
        assertThat(restored.getString("suspend_data")).isEqualTo("visited=1,2,3");
        assertThat(restored.getString("core.entry")).isEqualTo("resume");
        assertThat(restored.getString("core.lesson_status")).isEqualTo("incomplete");
        assertThat(restored.getString("core.total_time")).isEqualTo("0000:01:30.00");
        // Another learner starts afresh.
        String other = open(embed(live, Map.of("courseId", id, "identifier", "learner-2")));
        assertThat(given().get(other.replace("player", "runtime/" + sco)).then().extract().jsonPath().getString("core.entry"))
                .isEqualTo("ab-initio");

        commit(base2, sco, """
                {"cmi":{"core":{"lesson_location":"end","lesson_status":"passed","exit":"",
                "total_time":"0000:02:00.50","score":{"raw":"90","min":"0","max":"100"}},"suspend_data":""}}""");
        commit(base2, sco, """
                {"cmi":{"core":{"lesson_location":"end","lesson_status":"passed","exit":"",
                "total_time":"0000:02:10","score":{"raw":"95","min":"0","max":"100"}}}}""");

        List<JsonNode> events = events(id, 2);
        assertThat(events).extracting(e -> e.path("type").asText()).containsExactly("course.commenced", "course.completed");
        for (JsonNode event : events) {
            assertThat(event.path("testmode").asBoolean()).isTrue();
            assertThat(event.path("workspaceid").asLong()).isEqualTo(workspace);
            JsonNode data = event.path("data");
            assertThat(data.path("course").path("id").asLong()).isEqualTo(id);
            assertThat(data.path("course").path("key").asText()).isNotBlank();
            assertThat(data.path("course").path("title").asText()).isEqualTo(status.getString("title"));
            assertThat(data.path("tracking").path("identifier").asText()).isEqualTo("learner-1");
            assertThat(data.path("tracking").path("commenced").asText()).isNotBlank();
            assertThat(data.path("tracking").has("email")).isTrue();
        }
        JsonNode completed = events.get(1).path("data").path("tracking");
        assertThat(completed.path("completed").asText()).isNotBlank();
        assertThat(completed.path("totalTime").asDouble()).isEqualTo(120.5);
        assertThat(events.get(0).path("data").path("tracking").path("completed").isNull()).isTrue();
    }

    @Test
    void multiScoPackagesListEveryScoAndCompleteWhenAllAre() throws Exception {
        long id = ready("scorm2004-3rd-multi-sco.zip");
        List<String> scos = Packages.status(live, id).getList("launch.scos.identifier");
        assertThat(scos).hasSize(18);
        String player = open(embed(live, Map.of("courseId", id, "identifier", "learner-m")));
        String base = player.substring(0, player.length() - "player".length());
        String page = given().get(player).then().statusCode(200).extract().asString();
        for (String sco : scos) {
            assertThat(page).contains("data-sco=\"" + sco + "\"");
        }
        given().post(base + "runtime/" + scos.get(0) + "/initialize").then().statusCode(200);
        for (String sco : scos.subList(0, 17)) {
            commit(base, sco, "{\"cmi\":{\"completion_status\":\"completed\",\"success_status\":\"unknown\",\"total_time\":\"PT10S\"}}");
        }
        commit(base, scos.get(1), "{\"cmi\":{\"location\":\"p2\",\"completion_status\":\"completed\",\"exit\":\"suspend\"}}");
        // The learner resumes at the SCO they left.
        String again = open(embed(live, Map.of("courseId", id, "identifier", "learner-m")));
        assertThat(given().get(again).then().extract().asString()).contains("\"start\":\"" + scos.get(1) + "\"");
        assertThat(given().get(again.replace("player", "runtime/" + scos.get(1))).then().extract().jsonPath().getString("location"))
                .isEqualTo("p2");
        assertThat(events(id, 1)).extracting(e -> e.path("type").asText()).containsExactly("course.commenced");
        commit(base, scos.get(17), "{\"cmi\":{\"completion_status\":\"completed\",\"total_time\":\"PT1M\"}}");
        List<JsonNode> events = events(id, 2);
        assertThat(events.get(1).path("type").asText()).isEqualTo("course.completed");
        assertThat(events.get(1).path("testmode").asBoolean()).isFalse();
        assertThat(events.get(1).path("data").path("tracking").path("totalTime").asDouble()).isEqualTo(17 * 10 + 60);
    }

    @Test
    void editOpensAReadOnlyOverview() {
        long id = ready("scorm2004-3rd-single-sco.zip");
        JsonPath status = Packages.status(live, id);
        String overview = open(embed(live, Map.of("action", "edit", "courseId", id, "identifier", "author-1")));
        assertThat(overview).endsWith("/overview");
        given().get(overview).then().statusCode(200)
                .body(containsString(status.getString("title")), containsString("2004 3rd Edition"),
                        containsString(status.getString("launch.scos[0].identifier")), containsString("ready"),
                        containsString("cannot be edited"));
        String base = overview.substring(0, overview.length() - "overview".length());
        given().contentType(ContentType.JSON).body("{\"cmi\":{}}")
                .post(base + "runtime/" + status.getString("launch.scos[0].identifier")).then().statusCode(403);
        // A failed package has an overview too, but cannot be played.
        long failed = Packages.upload(live, "n.zip", Zips.fixtureBytes("scorm12-no-sco.zip"));
        Packages.settled(live, failed);
        given().get(open(embed(live, Map.of("action", "edit", "courseId", failed, "identifier", "a")))).then().statusCode(200)
                .body(containsString("failed"), containsString("no launchable SCO"));
        given().header("Authorization", live).contentType(ContentType.JSON).body(Map.of("courseId", failed, "identifier", "a"))
                .post("/v1/headless/embed/scorm").then().statusCode(409);
    }

    @Test
    void embedChecksItsInput() {
        long id = ready("scorm12-single-sco.zip");
        post(Map.of("courseId", id)).then().statusCode(400).body("details[0].field", equalTo("identifier"));
        post(Map.of("courseId", id, "identifier", "x", "action", "play")).then().statusCode(400)
                .body("details[0].field", equalTo("action"));
        post(Map.of("identifier", "x")).then().statusCode(400);
        post(Map.of("courseId", 987654321, "identifier", "x")).then().statusCode(404);
        post(Map.of("courseId", id, "identifier", "x", "clientIdentifier", "other-tenant")).then().statusCode(404);
        given().header("Authorization", TestKeys.enterprise(TestKeys.newWorkspace())).contentType(ContentType.JSON)
                .body(Map.of("courseId", id, "identifier", "x")).post("/v1/headless/embed/scorm").then().statusCode(404);
        given().redirects().follow(false).get("/scorm/launch?token=not.a.token").then().statusCode(401)
                .body("error.code", equalTo("UNAUTHORIZED"));
        given().get("/scorm/s/" + "0".repeat(64) + "/player").then().statusCode(404);
        given().get("/scorm/s/short/player").then().statusCode(404);
    }

    private io.restassured.response.Response post(Map<String, Object> body) {
        return given().header("Authorization", live).contentType(ContentType.JSON).body(body)
                .post("/v1/headless/embed/scorm");
    }

    private static void commit(String base, String sco, String body) {
        given().contentType("text/plain;charset=UTF-8").body(body).post(base + "runtime/" + sco).then().statusCode(200)
                .body("result", equalTo(true)).body("errorCode", equalTo(0));
    }

    private static List<JsonNode> events(long courseId, int count) {
        List<ConsumerRecord<String, String>> records = TestKafka.readUntil("scorm-events",
                rs -> rs.stream().filter(r -> r.value().contains("\"subject\":\"" + courseId + "\"")).count() >= count,
                Duration.ofSeconds(20));
        return records.stream().map(r -> {
            try {
                return JSON.readTree(r.value());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).filter(e -> e.path("subject").asText().equals(Long.toString(courseId))).toList();
    }

    private static byte[] entry(byte[] zip, String name) throws Exception {
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            ZipEntry e;
            while ((e = in.getNextEntry()) != null) {
                if (e.getName().equals(name)) {
                    return in.readAllBytes();
                }
            }
        }
        throw new IllegalStateException(name + " not in zip");
    }
}

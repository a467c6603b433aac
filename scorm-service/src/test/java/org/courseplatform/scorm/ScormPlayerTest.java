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
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.awaitility.Awaitility;
import org.courseplatform.platform.storage.ObjectStore;
import org.courseplatform.platform.testing.TestKafka;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.platform.testing.TestTokens;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/**
 * Embed URLs, the launch (one session per token, on the token's own content host), the player,
 * package files, the runtime's commits and resume, the pages' policies and the learner events.
 */
@QuarkusTest
class ScormPlayerTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    Pool pool;

    @Inject
    ObjectStore objects;

    private final long workspace = TestKeys.newWorkspace();
    private final String live = TestKeys.enterprise(workspace);
    private final String test = TestKeys.header(workspace, "enterprise", "scorm_hosting", "", "test");

    private long ready(String fixture) {
        long id = Packages.upload(live, fixture, Zips.fixtureBytes(fixture));
        assertThat(Packages.settled(live, id).getString("status")).isEqualTo("ready");
        return id;
    }

    private static String embed(String auth, Map<String, Object> body) {
        String url = given().header("Authorization", auth)
                .contentType(ContentType.JSON)
                .body(body)
                .post("/v1/headless/embed/scorm")
                .then()
                .statusCode(200)
                .contentType(containsString("text/plain"))
                .extract()
                .asString();
        // The content origin of the token's jti; the token in the fragment, never in the query.
        assertThat(url).matches(Launches.URL);
        return url;
    }

    @Test
    void aLearnerPlaysLeavesResumesAndCompletes() throws Exception {
        long id = ready("scorm12-single-sco.zip");
        JsonPath status = Packages.status(live, id);
        String sco = status.getString("launch.scos[0].identifier");
        String href = status.getString("launch.scos[0].href");

        // First launch minted by a test-mode key: the tracking record keeps test mode.
        Launches.Opened player = Launches.open(embed(test, Map.of("courseId", id, "identifier", "learner-1")));
        assertThat(player.page()).matches("/scorm/s/[0-9a-f]{64}/player");
        String base = player.base();
        player.on()
                .get(player.page())
                .then()
                .statusCode(200)
                .contentType(containsString("text/html"))
                .body(containsString("scorm-again.min.js"), containsString("\"version\":\"1.2\""));
        player.on()
                .get("/scorm/assets/scorm-again.min.js")
                .then()
                .statusCode(200)
                .body(containsString("Scorm12API"));
        byte[] served = player.on()
                .get(base + "content/" + href.replaceAll("[?#].*$", ""))
                .then()
                .statusCode(200)
                .contentType(containsString("text/html"))
                .extract()
                .asByteArray();
        assertThat(served)
                .isEqualTo(entry(Zips.fixtureBytes("scorm12-single-sco.zip"), href.replaceAll("[?#].*$", "")));
        player.on().get(base + "content/../../../etc/passwd").then().statusCode(404);
        player.on().get(base + "content/missing.html").then().statusCode(404);

        JsonPath first = player.on()
                .get(base + "runtime/" + sco)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(first.getString("core.entry")).isEqualTo("ab-initio");
        assertThat(first.getString("core.student_id")).isEqualTo("learner-1");
        player.on()
                .post(base + "runtime/" + sco + "/initialize")
                .then()
                .statusCode(200)
                .body("result", equalTo(true));
        commit(player, sco, """
                {"cmi":{"core":{"lesson_location":"page-3","lesson_status":"incomplete","exit":"suspend",
                "total_time":"0000:01:30.00","score":{"raw":"","min":"","max":""}},"suspend_data":"visited=1,2,3"}}""");

        // Relaunch with a live key: what the learner left is restored; the record stays in test mode.
        Launches.Opened again = Launches.open(embed(live, Map.of("courseId", id, "identifier", "learner-1")));
        String base2 = again.base();
        assertThat(base2).isNotEqualTo(base);
        assertThat(again.host()).isNotEqualTo(player.host());
        JsonPath restored = again.on()
                .get(base2 + "runtime/" + sco)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(restored.getString("core.lesson_location")).isEqualTo("page-3");
        assertThat(restored.getString("suspend_data")).isEqualTo("visited=1,2,3");
        assertThat(restored.getString("core.entry")).isEqualTo("resume");
        assertThat(restored.getString("core.lesson_status")).isEqualTo("incomplete");
        assertThat(restored.getString("core.total_time")).isEqualTo("0000:01:30.00");
        // Another learner starts afresh.
        Launches.Opened other = Launches.open(embed(live, Map.of("courseId", id, "identifier", "learner-2")));
        assertThat(other.on()
                        .get(other.base() + "runtime/" + sco)
                        .then()
                        .extract()
                        .jsonPath()
                        .getString("core.entry"))
                .isEqualTo("ab-initio");

        commit(again, sco, """
                {"cmi":{"core":{"lesson_location":"end","lesson_status":"passed","exit":"",
                "total_time":"0000:02:00.50","score":{"raw":"90","min":"0","max":"100"}},"suspend_data":""}}""");
        commit(again, sco, """
                {"cmi":{"core":{"lesson_location":"end","lesson_status":"passed","exit":"",
                "total_time":"0000:02:10","score":{"raw":"95","min":"0","max":"100"}}}}""");

        List<JsonNode> events = events(id, 2);
        assertThat(events)
                .extracting(e -> e.path("type").asText())
                .containsExactly("course.commenced", "course.completed");
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
        assertThat(events.get(0).path("data").path("tracking").path("completed").isNull())
                .isTrue();
    }

    @Test
    void packageFilesAreServedByteForByteOutOfTheZipAndOnlyTheSessionsOwn() throws Exception {
        byte[] noise = new byte[300_000];
        new java.util.Random(11).nextBytes(noise);
        Map<String, byte[]> files = new java.util.LinkedHashMap<>();
        files.put("media/noise.bin", noise);
        files.put("pages/long page é.html", "<p>Lesson</p>".repeat(20_000).getBytes(StandardCharsets.UTF_8));
        files.put("empty.txt", new byte[0]);
        byte[] zip = Zips.scorm12(files, Set.of("media/noise.bin", "empty.txt"));
        long id = Packages.upload(live, "files.zip", zip);
        assertThat(Packages.settled(live, id).getString("status")).isEqualTo("ready");
        long other = Packages.upload(
                live,
                "other.zip",
                Zips.scorm12(Map.of("only-in-other.html", "<p>other</p>".getBytes(StandardCharsets.UTF_8))));
        assertThat(Packages.settled(live, other).getString("status")).isEqualTo("ready");

        Launches.Opened player = Launches.open(embed(live, Map.of("courseId", id, "identifier", "learner-files")));
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            Response served = player.on().get(player.base() + "content/" + file.getKey());
            served.then().statusCode(200).header("Content-Length", String.valueOf(file.getValue().length));
            assertThat(served.asByteArray()).as(file.getKey()).isEqualTo(file.getValue());
        }
        player.on()
                .urlEncodingEnabled(false)
                .get(player.base() + "content/pages/long%20page%20%C3%A9.html")
                .then()
                .statusCode(200)
                .contentType(containsString("text/html"));
        player.on().get(player.base() + "content/media/./noise.bin").then().statusCode(200);
        // Ranges, as a video seeking asks for them: of a stored file (read as that range of the
        // zip) and of a deflated one (decoded up to it).
        byte[] page = files.get("pages/long page é.html");
        // header, first and last byte of the part it asks for
        for (Object[] part : new Object[][] {
            {"bytes=1000-1999", 1000, 1999}, {"bytes=299000-", 299_000, 299_999}, {"bytes=-10", 299_990, 299_999}
        }) {
            int first = (int) part[1];
            int last = (int) part[2];
            Response served = player.on().header("Range", part[0]).get(player.base() + "content/media/noise.bin");
            served.then()
                    .statusCode(206)
                    .header("Content-Length", String.valueOf(last - first + 1))
                    .header("Content-Range", "bytes " + first + "-" + last + "/300000")
                    .header("Accept-Ranges", "bytes");
            assertThat(served.asByteArray())
                    .as((String) part[0])
                    .isEqualTo(java.util.Arrays.copyOfRange(noise, first, last + 1));
        }
        Response middle = player.on()
                .urlEncodingEnabled(false)
                .header("Range", "bytes=100000-100099")
                .get(player.base() + "content/pages/long%20page%20%C3%A9.html");
        middle.then().statusCode(206).header("Content-Range", "bytes 100000-100099/" + page.length);
        assertThat(middle.asByteArray()).isEqualTo(java.util.Arrays.copyOfRange(page, 100_000, 100_100));
        // Past the end: 416 naming the size; an empty file has no byte to give.
        player.on()
                .header("Range", "bytes=300000-")
                .get(player.base() + "content/media/noise.bin")
                .then()
                .statusCode(416)
                .header("Content-Range", "bytes */300000")
                .body("error.code", equalTo("RANGE_NOT_SATISFIABLE"));
        player.on()
                .header("Range", "bytes=0-")
                .get(player.base() + "content/empty.txt")
                .then()
                .statusCode(416)
                .header("Content-Range", "bytes */0");
        // Several ranges, a malformed one, or an If-Range (files carry no validator): the whole file.
        for (Map<String, String> headers : List.of(
                Map.of("Range", "bytes=0-1,5-9"),
                Map.of("Range", "bytes=9-1"),
                Map.of("Range", "bytes=0-9", "If-Range", "\"v1\""))) {
            Response whole = player.on().headers(headers).get(player.base() + "content/media/noise.bin");
            whole.then().statusCode(200).header("Content-Length", "300000").header("Accept-Ranges", "bytes");
            assertThat(whole.asByteArray()).as(headers.toString()).isEqualTo(noise);
        }
        // Another package's file is not this session's, whatever the path.
        player.on().get(player.base() + "content/only-in-other.html").then().statusCode(404);
        player.on()
                .header("Range", "bytes=0-3")
                .get(player.base() + "content/only-in-other.html")
                .then()
                .statusCode(404);
        // A range names no session: on another host, or with no session, it reaches nothing.
        given().header("Range", "bytes=0-3")
                .get(player.base() + "content/media/noise.bin")
                .then()
                .statusCode(404);
        player.on().get(player.base() + "content/media").then().statusCode(404);
    }

    @Test
    void packagesReadyBeforeFilesCameFromTheZipAreServedFromTheirExtractedFiles() {
        long id = ready("scorm12-single-sco.zip");
        String prefix = "scorm/packages/" + id + "/content/";
        objects.put(prefix + "index.html", "<p>extracted</p>".getBytes(StandardCharsets.UTF_8), "text/html");
        pool.preparedQuery("update scorm_package set content_zip = null, content_prefix = $2 where course_id = $1")
                .execute(Tuple.of(id, prefix))
                .await()
                .atMost(Duration.ofSeconds(5));
        Launches.Opened player = Launches.open(embed(live, Map.of("courseId", id, "identifier", "learner-old")));
        player.on()
                .get(player.base() + "content/index.html")
                .then()
                .statusCode(200)
                .contentType(containsString("text/html"))
                .body(equalTo("<p>extracted</p>"));
        // Extracted files are sent whole and say so.
        player.on()
                .header("Range", "bytes=0-2")
                .get(player.base() + "content/index.html")
                .then()
                .statusCode(200)
                .header("Accept-Ranges", "none")
                .body(equalTo("<p>extracted</p>"));
        player.on().get(player.base() + "content/missing.html").then().statusCode(404);
    }

    @Test
    void multiScoPackagesListEveryScoAndCompleteWhenAllAre() throws Exception {
        long id = ready("scorm2004-3rd-multi-sco.zip");
        List<String> scos = Packages.status(live, id).getList("launch.scos.identifier");
        assertThat(scos).hasSize(18);
        Launches.Opened player = Launches.open(embed(live, Map.of("courseId", id, "identifier", "learner-m")));
        String base = player.base();
        String page =
                player.on().get(player.page()).then().statusCode(200).extract().asString();
        for (String sco : scos) {
            assertThat(page).contains("data-sco=\"" + sco + "\"");
        }
        player.on().post(base + "runtime/" + scos.get(0) + "/initialize").then().statusCode(200);
        for (String sco : scos.subList(0, 17)) {
            commit(
                    player,
                    sco,
                    "{\"cmi\":{\"completion_status\":\"completed\",\"success_status\":\"unknown\",\"total_time\":\"PT10S\"}}");
        }
        commit(
                player,
                scos.get(1),
                "{\"cmi\":{\"location\":\"p2\",\"completion_status\":\"completed\",\"exit\":\"suspend\"}}");
        // The learner resumes at the SCO they left.
        Launches.Opened again = Launches.open(embed(live, Map.of("courseId", id, "identifier", "learner-m")));
        assertThat(again.on().get(again.page()).then().extract().asString())
                .contains("\"start\":\"" + scos.get(1) + "\"");
        assertThat(again.on()
                        .get(again.base() + "runtime/" + scos.get(1))
                        .then()
                        .extract()
                        .jsonPath()
                        .getString("location"))
                .isEqualTo("p2");
        assertThat(events(id, 1)).extracting(e -> e.path("type").asText()).containsExactly("course.commenced");
        commit(player, scos.get(17), "{\"cmi\":{\"completion_status\":\"completed\",\"total_time\":\"PT1M\"}}");
        List<JsonNode> events = events(id, 2);
        assertThat(events.get(1).path("type").asText()).isEqualTo("course.completed");
        assertThat(events.get(1).path("testmode").asBoolean()).isFalse();
        assertThat(events.get(1).path("data").path("tracking").path("totalTime").asDouble())
                .isEqualTo(17 * 10 + 60);
    }

    @Test
    void editOpensAReadOnlyOverview() {
        long id = ready("scorm2004-3rd-single-sco.zip");
        JsonPath status = Packages.status(live, id);
        Launches.Opened overview =
                Launches.open(embed(live, Map.of("action", "edit", "courseId", id, "identifier", "author-1")));
        assertThat(overview.page()).endsWith("/overview");
        overview.on()
                .get(overview.page())
                .then()
                .statusCode(200)
                .header(
                        "Content-Security-Policy",
                        "default-src 'none'; base-uri 'none'; form-action 'none'; style-src 'self'; "
                                + "frame-ancestors *")
                .body(
                        containsString(status.getString("title")),
                        containsString("2004 3rd Edition"),
                        containsString(status.getString("launch.scos[0].identifier")),
                        containsString("ready"),
                        containsString("cannot be edited"));
        overview.on()
                .contentType(ContentType.JSON)
                .body("{\"cmi\":{}}")
                .post(overview.base() + "runtime/" + status.getString("launch.scos[0].identifier"))
                .then()
                .statusCode(403);
        // A failed package has an overview too, but cannot be played.
        long failed = Packages.upload(live, "n.zip", Zips.fixtureBytes("scorm12-no-sco.zip"));
        Packages.settled(live, failed);
        Launches.Opened failedOverview =
                Launches.open(embed(live, Map.of("action", "edit", "courseId", failed, "identifier", "a")));
        failedOverview
                .on()
                .get(failedOverview.page())
                .then()
                .statusCode(200)
                .body(containsString("failed"), containsString("no launchable SCO"));
        given().header("Authorization", live)
                .contentType(ContentType.JSON)
                .body(Map.of("courseId", failed, "identifier", "a"))
                .post("/v1/headless/embed/scorm")
                .then()
                .statusCode(409);
    }

    @Test
    void contentPathsNoObjectCanHaveAre404WithoutReachingStorage() {
        long id = ready("scorm12-single-sco.zip");
        Launches.Opened player = Launches.open(embed(live, Map.of("courseId", id, "identifier", "learner-p")));
        String base = player.base();
        // Over S3's 1,024-byte key limit: S3 itself answered 500 (retried) for these.
        player.on()
                .get(base + "content/" + "a".repeat(3000) + ".html")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        player.on().get(base + "content/" + "%C3%A9".repeat(600)).then().statusCode(404);
        // Control characters: S3 answered 400 for these.
        player.on()
                .urlEncodingEnabled(false)
                .get(base + "content/a%01b.html")
                .then()
                .statusCode(404);
        player.on()
                .urlEncodingEnabled(false)
                .get(base + "content/a%7Fb.html")
                .then()
                .statusCode(404);
        player.on().get(player.page()).then().statusCode(200);
    }

    @Test
    void aDeletedCourseCannotBeEmbeddedOrPlayedUntilRestored() {
        long id = ready("scorm12-single-sco.zip");
        Launches.Opened player = Launches.open(embed(live, Map.of("courseId", id, "identifier", "learner-d")));
        Launches.Launch launch = Launches.parse(embed(live, Map.of("courseId", id, "identifier", "learner-e")));
        player.on().get(player.page()).then().statusCode(200);

        courseEvent("course.deleted", id, OffsetDateTime.now());
        Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .until(() -> post(Map.of("courseId", id, "identifier", "x")).statusCode() == 404);
        player.on().get(player.page()).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        Launches.post(launch.host(), launch.token()).then().statusCode(404);

        courseEvent("course.restored", id, OffsetDateTime.now());
        Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .until(() -> post(Map.of("courseId", id, "identifier", "x")).statusCode() == 200);
        player.on().get(player.page()).then().statusCode(200);
        // The refused launch did not use the token up.
        Launches.post(launch.host(), launch.token()).then().statusCode(200);
    }

    private void courseEvent(String type, long courseId, OffsetDateTime time) {
        String event = "{\"specversion\":\"1.0\",\"id\":\"" + UUID.randomUUID() + "\",\"source\":\"/course-service\","
                + "\"type\":\"" + type + "\",\"subject\":\"" + courseId + "\",\"time\":\"" + time + "\","
                + "\"datacontenttype\":\"application/json\",\"workspaceid\":" + workspace + ",\"testmode\":false,"
                + "\"data\":{\"course\":{\"id\":" + courseId + ",\"title\":\"T\",\"type\":\"scorm\"}}}";
        TestKafka.send("course-events", Long.toString(courseId), event);
    }

    @Test
    void embedChecksItsInput() {
        long id = ready("scorm12-single-sco.zip");
        post(Map.of("courseId", id)).then().statusCode(400).body("details[0].field", equalTo("identifier"));
        // The course id is a number or a string of digits (one id rule for the whole API).
        embed(live, Map.of("courseId", String.valueOf(id), "identifier", "x"));
        for (Object bad : List.of("abc", "-1", "1.5", "", "1234567890123456789", -1, 1.5)) {
            post(Map.of("courseId", bad, "identifier", "x"))
                    .then()
                    .statusCode(400)
                    .body("error.code", equalTo("BAD_REQUEST"))
                    .body("details[0].field", equalTo("courseId"));
        }
        post(Map.of("courseId", id, "identifier", "x", "action", "play"))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("action"));
        post(Map.of("identifier", "x")).then().statusCode(400);
        post(Map.of("courseId", 987654321, "identifier", "x")).then().statusCode(404);
        post(Map.of("courseId", id, "identifier", "x", "clientIdentifier", "other-tenant"))
                .then()
                .statusCode(404);
        given().header("Authorization", TestKeys.enterprise(TestKeys.newWorkspace()))
                .contentType(ContentType.JSON)
                .body(Map.of("courseId", id, "identifier", "x"))
                .post("/v1/headless/embed/scorm")
                .then()
                .statusCode(404);
        String host = "0123456789abcdef0123456789abcdef.content.localhost:8080";
        Launches.post(host, "not.a.token").then().statusCode(401).body("error.code", equalTo("UNAUTHORIZED"));
        Launches.post(host, "").then().statusCode(400);
        given().header("Host", host)
                .get("/scorm/s/" + "0".repeat(64) + "/player")
                .then()
                .statusCode(404);
        given().header("Host", host).get("/scorm/s/short/player").then().statusCode(404);
        for (String origin : List.of(
                "*",
                "null",
                "https://lms.example.com/course",
                "https://lms.example.com?x=1",
                "javascript:alert(1)",
                "ftp://lms.example.com",
                "https://user@lms.example.com",
                "https://lms.exämple.com",
                "lms.example.com",
                "https://*.example.com")) {
            post(Map.of("courseId", id, "identifier", "x", "parentOrigin", origin))
                    .then()
                    .statusCode(400)
                    .body("details[0].field", equalTo("parentOrigin"));
        }
    }

    @Test
    void anEmbedUrlOpensOneSessionOnlyAndAFreshOneWorks() {
        long id = ready("scorm12-single-sco.zip");
        String url = embed(live, Map.of("courseId", id, "identifier", "learner-once"));
        Launches.Launch launch = Launches.parse(url);
        Launches.Opened first = Launches.open(url);
        assertThat(first.host()).isEqualTo(launch.host());
        // The same token again (a URL copied from a page, a history or a log): refused, in the error shape.
        Launches.post(launch.host(), launch.token())
                .then()
                .statusCode(401)
                .body("error.code", equalTo("UNAUTHORIZED"))
                .body("message", containsString("already been used"));
        first.on().get(first.page()).then().statusCode(200);
        // A fresh URL for the same learner opens a new session on a new host.
        Launches.Opened fresh = Launches.open(embed(live, Map.of("courseId", id, "identifier", "learner-once")));
        assertThat(fresh.host()).isNotEqualTo(first.host());
        assertThat(fresh.sessionId()).isNotEqualTo(first.sessionId());
        // Two launches of one token at once: exactly one session.
        Launches.Launch racing = Launches.parse(embed(live, Map.of("courseId", id, "identifier", "learner-race")));
        List<Integer> statuses = IntStream.range(0, 4)
                .parallel()
                .mapToObj(i -> Launches.post(racing.host(), racing.token()).statusCode())
                .sorted()
                .toList();
        assertThat(statuses).containsExactly(200, 401, 401, 401);
    }

    @Test
    void playerPagesAndFilesAnswerOnlyOnTheirOwnContentHost() {
        long id = ready("scorm12-single-sco.zip");
        JsonPath status = Packages.status(live, id);
        String href = status.getString("launch.scos[0].href").replaceAll("[?#].*$", "");
        String sco = status.getString("launch.scos[0].identifier");
        Launches.Launch launch = Launches.parse(embed(live, Map.of("courseId", id, "identifier", "learner-host")));
        // The token opens nothing on another launch's host, nor on the API's host; and it is not used up by trying.
        Launches.post("fedcba9876543210fedcba9876543210.content.localhost:8080", launch.token())
                .then()
                .statusCode(401);
        Launches.post("127.0.0.1:8080", launch.token()).then().statusCode(404);
        given().contentType(ContentType.JSON)
                .body(Map.of("token", launch.token()))
                .post("/scorm/launch")
                .then()
                .statusCode(404);
        Launches.Opened player = Launches.open(embed(live, Map.of("courseId", id, "identifier", "learner-host")));
        Launches.post(launch.host(), launch.token()).then().statusCode(200);
        // The session answers on its own host only: not on the API's, not on another launch's.
        for (String path :
                List.of(player.page(), player.base() + "content/" + href, player.base() + "runtime/" + sco)) {
            player.on().get(path).then().statusCode(200);
            given().get(path).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
            given().header("Host", "127.0.0.1:8080").get(path).then().statusCode(404);
            given().header("Host", launch.host()).get(path).then().statusCode(404);
        }
        given().header("Host", launch.host())
                .contentType("text/plain")
                .body("{\"cmi\":{}}")
                .post(player.base() + "runtime/" + sco)
                .then()
                .statusCode(404);
        // The launch page exists on content hosts only.
        given().header("Host", launch.host())
                .get("/scorm/launch")
                .then()
                .statusCode(200)
                .contentType(containsString("text/html"));
        given().get("/scorm/launch").then().statusCode(404);
        given().header("Host", "content.localhost:8080")
                .get("/scorm/launch")
                .then()
                .statusCode(404);
    }

    @Test
    void apiAnswersForbidEverythingWhilePlayerPagesAllowOnlyTheirOwnOrigin() {
        long id = ready("scorm12-single-sco.zip");
        String api = "default-src 'none'; frame-ancestors 'none'";
        given().header("Authorization", live)
                .get("/v1/headless/scorm-package/" + id)
                .then()
                .statusCode(200)
                .header("Content-Security-Policy", api);
        given().header("Authorization", live)
                .get("/v1/headless/scorm-package/987654321")
                .then()
                .statusCode(404)
                .header("Content-Security-Policy", api);
        given().get("/no/such/path").then().statusCode(404).header("Content-Security-Policy", api);
        post(Map.of("courseId", id)).then().statusCode(400).header("Content-Security-Policy", api);
        // Quarkus' own /q/** is left as it is (the dev UI needs its scripts).
        given().get("/q/health/live").then().statusCode(200).header("Content-Security-Policy", Matchers.nullValue());

        String href = Packages.status(live, id).getString("launch.scos[0].href").replaceAll("[?#].*$", "");
        Launches.Launch launch = Launches.parse(embed(live, Map.of("courseId", id, "identifier", "learner-csp")));
        given().header("Host", launch.host())
                .get("/scorm/launch")
                .then()
                .statusCode(200)
                .header(
                        "Content-Security-Policy",
                        "default-src 'none'; base-uri 'none'; form-action 'none'; script-src 'self'; "
                                + "style-src 'self'; connect-src 'self'; frame-ancestors *")
                .header("Referrer-Policy", "no-referrer")
                .header("Cache-Control", "no-store")
                .body(containsString("assets/launch.js"), Matchers.not(containsString("<style")));
        Launches.Opened player = Launches.open(embed(live, Map.of("courseId", id, "identifier", "learner-csp")));
        player.on()
                .get(player.page())
                .then()
                .statusCode(200)
                .header(
                        "Content-Security-Policy",
                        "default-src 'none'; base-uri 'none'; form-action 'none'; script-src 'self'; "
                                + "style-src 'self'; connect-src 'self'; frame-src 'self'; frame-ancestors *")
                .body(
                        containsString("assets/player.css"),
                        Matchers.not(containsString("<style")),
                        Matchers.not(containsString(" style=")));
        // Package files are the tenant's content: no script or style limits, framed by the player only.
        player.on()
                .get(player.base() + "content/" + href)
                .then()
                .statusCode(200)
                .header("Content-Security-Policy", "frame-ancestors 'self' *")
                .header("Referrer-Policy", "strict-origin")
                .header("X-Content-Type-Options", "nosniff");
        for (String asset : List.of("launch.js", "player.js", "player.css", "scorm-again.min.js")) {
            player.on().get("/scorm/assets/" + asset).then().statusCode(200);
        }
    }

    @Test
    void thePlayerPostsItsEventsOnlyToTheEmbeddingOriginNamedInTheEmbedRequest() {
        long id = ready("scorm12-single-sco.zip");
        Launches.Opened named = Launches.open(embed(
                live,
                Map.of("courseId", id, "identifier", "learner-o", "parentOrigin", "HTTPS://LMS.Example.com:443/")));
        named.on()
                .get(named.page())
                .then()
                .statusCode(200)
                .body(containsString("\"parentOrigin\":\"https://lms.example.com\""));
        Launches.Opened port = Launches.open(embed(
                live, Map.of("courseId", id, "identifier", "learner-o", "parentOrigin", "http://localhost:3000")));
        port.on()
                .get(port.page())
                .then()
                .statusCode(200)
                .body(containsString("\"parentOrigin\":\"http://localhost:3000\""));
        Launches.Opened none = Launches.open(embed(live, Map.of("courseId", id, "identifier", "learner-o")));
        none.on().get(none.page()).then().statusCode(200).body(containsString("\"parentOrigin\":null"));
        given().get("/scorm/assets/player.js")
                .then()
                .statusCode(200)
                .body(containsString("config.parentOrigin"), Matchers.not(containsString("'*'")));
    }

    /** Embed tokens count only when scorm-service signed them with its own key. */
    @Test
    void embedTokensSignedWithAnotherServicesKeyOrAnUnknownKeyAre401() {
        long id = ready("scorm12-single-sco.zip");
        Supplier<Map<String, Object>> claims = () -> Map.of(
                "jti",
                UUID.randomUUID().toString().replace("-", ""),
                "workspaceId",
                workspace,
                "courseId",
                id,
                "identifier",
                "learner-k",
                "action",
                "view",
                "testMode",
                false);
        Map<String, Object> genuine = claims.get();
        Launches.post(
                        genuine.get("jti") + ".content.localhost:8080",
                        TestTokens.sign("scorm-service", "embed", "scorm-service", genuine))
                .then()
                .statusCode(200);
        for (String[] signer : new String[][] {
            {"course-service", "scorm-service"},
            {"course-service", "course-service"},
            {"agent-gateway", "agent-gateway"},
            {null, "scorm-service"}
        }) {
            Map<String, Object> forged = claims.get();
            String token = signer[0] == null
                    ? TestTokens.signWithUnknownKey(signer[1], "embed", "scorm-service", forged)
                    : TestTokens.sign(signer[0], signer[1], "embed", "scorm-service", forged);
            Launches.post(forged.get("jti") + ".content.localhost:8080", token)
                    .then()
                    .statusCode(401)
                    .body("error.code", equalTo("UNAUTHORIZED"));
        }
        Map<String, Object> service = claims.get();
        Launches.post(
                        service.get("jti") + ".content.localhost:8080",
                        TestTokens.sign("scorm-service", "service", "scorm-service", service))
                .then()
                .statusCode(401);
    }

    private Response post(Map<String, Object> body) {
        return given().header("Authorization", live)
                .contentType(ContentType.JSON)
                .body(body)
                .post("/v1/headless/embed/scorm");
    }

    private static void commit(Launches.Opened session, String sco, String body) {
        session.on()
                .contentType("text/plain;charset=UTF-8")
                .body(body)
                .post(session.base() + "runtime/" + sco)
                .then()
                .statusCode(200)
                .body("result", equalTo(true))
                .body("errorCode", equalTo(0));
    }

    private static List<JsonNode> events(long courseId, int count) {
        List<ConsumerRecord<String, String>> records = TestKafka.readUntil(
                "scorm-events",
                rs -> rs.stream()
                                .filter(r -> r.value().contains("\"subject\":\"" + courseId + "\""))
                                .count()
                        >= count,
                Duration.ofSeconds(20));
        return records.stream()
                .map(r -> {
                    try {
                        return JSON.readTree(r.value());
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                })
                .filter(e -> e.path("subject").asText().equals(Long.toString(courseId)))
                .toList();
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

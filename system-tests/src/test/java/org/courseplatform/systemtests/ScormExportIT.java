package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The round trip of SCORM export: a Builder 2 course with a quiz, exported in each type and
 * version through the ingress, uploaded to this platform's own hosted SCORM, where it must end
 * {@code ready}, then played there in headless Chromium, the hosted player's scorm-again being
 * the LMS: a learner moves on a screen and leaves, comes back to the same screen (resume from
 * the LMS for a static package, from the live course for a dynamic one), answers the quiz right and
 * reaches the end; the LMS then holds the completion, the success and the score, and the hosted
 * course's tracking counts the learner as completed.
 */
class ScormExportIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    private static final String RIGHT = "Eighteen holes";
    private static final String DOCUMENT = """
            {"format":"builder2","title":"Export golf %s","locale":"en","screens":[
             {"id":"s1","type":"blocks","title":"Welcome to golf","elements":[
               {"id":"e1","type":"text","title":"Intro","description":"<p>Swing easy on the first tee.</p>"}]},
             {"id":"s2","type":"blocks","title":"The course","elements":[
               {"id":"e2","type":"text","title":"Holes","description":"<p>A round has a number of holes.</p>"}]},
             {"id":"s3","type":"blocksQuiz","title":"Check your golf","elements":[{"id":"q1","type":"question",
               "question":"How many holes has a full round of golf?","answers":[{"id":"a1","text":"%s","correct":true},
               {"id":"a2","text":"Nine holes","correct":false}]}]},
             {"id":"s4","type":"blocks","title":"Well done","elements":[
               {"id":"e4","type":"text","title":"Done","description":"<p>You finished the round.</p>"}]}]}""".formatted(RUN, RIGHT);

    private static long course;

    private static synchronized long course() {
        if (course == 0) {
            course = Suite.demo()
                    .contentType(ContentType.JSON)
                    .body("{\"identifier\":\"author\",\"document\":" + DOCUMENT + "}")
                    .post("/v1/headless/courses/import")
                    .then()
                    .statusCode(201)
                    .extract()
                    .jsonPath()
                    .getLong("id");
            Suite.demo()
                    .post("/v1/headless/course/" + course + "/publish")
                    .then()
                    .statusCode(200);
        }
        return course;
    }

    @ParameterizedTest(name = "{0} SCORM {1}")
    @CsvSource({"static, 1.2", "static, 2004", "dynamic, 1.2", "dynamic, 2004"})
    void anExportedCourseIsHostedPlayedScoredAndResumed(String type, String version) throws Exception {
        long source = course();
        Response export = Suite.demo()
                .queryParam("type", type)
                .queryParam("version", version)
                .get("/v1/headless/course/scorm/" + source);
        assertThat(export.statusCode()).as(export.asString()).isEqualTo(200);
        assertThat(export.contentType()).startsWith("application/zip");
        assertThat(export.header("Content-Disposition"))
                .startsWith("attachment;")
                .contains(".zip");
        byte[] zip = export.asByteArray();
        List<String> entries = entries(zip);
        assertThat(entries).contains("imsmanifest.xml", type.equals("static") ? "index.html" : "launcher.html");

        long hosted = HostedScorm.upload(Suite::demo, zip, "export-" + type + "-" + version + ".zip");
        JsonPath status = HostedScorm.processed(Suite::demo, hosted);
        assertThat(status.getString("status")).as(status.prettify()).isEqualTo("ready");
        assertThat(status.getString("version")).isEqualTo(version.equals("1.2") ? "1.2" : "2004 3rd Edition");
        assertThat(status.getList("launch.scos")).hasSize(1);
        // A hosted package is never exported again.
        Suite.demo()
                .queryParam("type", type)
                .queryParam("version", version)
                .get("/v1/headless/course/scorm/" + hosted)
                .then()
                .statusCode(422)
                .body("error.code", equalTo("UNPROCESSABLE"));

        String learner = "lms-learner-" + UUID.randomUUID();
        JsonNode played = play(List.of(
                Map.of(
                        "name",
                        "first visit",
                        "url",
                        HostedScorm.embed(Suite::demo, hosted, learner, null),
                        "steps",
                        List.of("next")),
                Map.of(
                        "name",
                        "second visit",
                        "url",
                        HostedScorm.embed(Suite::demo, hosted, learner, null),
                        "steps",
                        List.of("next", "answer:" + RIGHT, "check", "end")),
                Map.of(
                        "name",
                        "third visit",
                        "url",
                        HostedScorm.embed(Suite::demo, hosted, learner, null),
                        "steps",
                        List.of())));
        String report = played.toPrettyString();
        JsonNode first = played.path("launches").get(0);
        JsonNode second = played.path("launches").get(1);
        JsonNode third = played.path("launches").get(2);
        for (JsonNode launch : played.path("launches")) {
            assertThat(launch.path("error").isMissingNode()).as(report).isTrue();
            assertThat(launch.path("console").toString()).as(report).doesNotContain("Content Security Policy");
        }

        // First visit: the course starts at its first screen; moving on is saved as incomplete.
        assertThat(first.path("shownAt").path("index").asInt()).as(report).isEqualTo(1);
        assertThat(first.path("shownAt").path("of").asInt()).isEqualTo(4);
        assertThat(first.path("shownAfter").path("index").asInt()).isEqualTo(2);
        JsonNode lms = first.path("lms");
        assertThat(lms.path("location").asText()).as(report).isNotEmpty();
        if (type.equals("dynamic")) {
            // The launcher kept the learner key of the learner's record in the LMS attempt: the
            // second visit resumes the platform's record only because it presents it.
            assertThat(JSON.readTree(lms.path("suspend").asText("{}"))
                            .path("learnerKey")
                            .asText())
                    .as(report)
                    .matches("[A-Za-z0-9_-]{43}");
        }
        if (version.equals("1.2")) {
            assertThat(lms.path("status").asText()).as(report).isEqualTo("incomplete");
        } else {
            assertThat(lms.path("completion").asText()).as(report).isEqualTo("incomplete");
        }

        // Second visit: back on the second screen; the quiz answered right and the end reached.
        assertThat(second.path("shownAt").path("index").asInt()).as(report).isEqualTo(2);
        assertThat(second.path("shownAfter").path("index").asInt()).isEqualTo(4);
        lms = second.path("lms");
        if (version.equals("1.2")) {
            assertThat(lms.path("status").asText()).as(report).isEqualTo("passed");
            assertThat(lms.path("score").asText()).isEqualTo("100");
        } else {
            assertThat(lms.path("completion").asText()).as(report).isEqualTo("completed");
            assertThat(lms.path("success").asText()).isEqualTo("passed");
            assertThat(lms.path("score").asText()).isEqualTo("100");
            assertThat(lms.path("scaled").asText()).isIn("1", "1.0");
        }
        if (type.equals("dynamic")) {
            // The live course tracked the LMS's learner too, as its own learner: the source course's
            // analytics count a completion.
            await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(500))
                    .untilAsserted(() -> Suite.demo()
                            .get("/v1/headless/course/" + source + "/analytics")
                            .then()
                            .statusCode(200)
                            .body("learners.completed", Matchers.greaterThanOrEqualTo(1)));
        }

        // Third visit: the completed course opens where the learner left it, still completed.
        assertThat(third.path("shownAt").path("index").asInt()).as(report).isEqualTo(4);
        lms = third.path("lms");
        assertThat(
                        version.equals("1.2")
                                ? lms.path("status").asText()
                                : lms.path("completion").asText())
                .as(report)
                .isIn("passed", "completed");

        // The hosted course's tracking counts the learner as completed.
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> Suite.demo()
                        .get("/v1/headless/course/" + hosted + "/analytics")
                        .then()
                        .statusCode(200)
                        .body("learners.completed", equalTo(1)));
    }

    /**
     * Through the ingress: whoever holds a dynamic package (its token is in every learner's
     * launch-config.js) and a victim's LMS learner id gets a fresh record of their own, nothing of
     * the victim's, and cannot change it; the victim's key resumes it. Revoking the package stops
     * its launches.
     */
    @Test
    void aPackageHolderGetsNothingOfAnotherLearnerAndARevokedPackageStops() throws Exception {
        long source = course();
        Response export = Suite.demo()
                .queryParam("type", "dynamic")
                .queryParam("version", "2004")
                .get("/v1/headless/course/scorm/" + source);
        assertThat(export.statusCode()).as(export.asString()).isEqualTo(200);
        String exportId = export.header("X-Scorm-Export-Id");
        String config = null;
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(export.asByteArray()))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                if (e.getName().equals("launch-config.js")) {
                    config = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
        }
        assertThat(config).isNotNull();
        String json = config.substring(config.indexOf('{'), config.lastIndexOf('}') + 1);
        String token = JSON.readTree(json).path("token").asText();
        String victimId = "victim-" + UUID.randomUUID();

        JsonPath victim = lmsLaunch(token, victimId, null)
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        String victimKey = victim.getString("learnerKey");
        Suite.ingress()
                .header("X-Player-Session", victim.getString("session"))
                .contentType(ContentType.JSON)
                .body("{\"screenIndex\":2,\"visibleSeconds\":4,\"answers\":{\"q1\":[\"a1\"]}}")
                .post("/v1/headless/player/progress")
                .then()
                .statusCode(200);

        // The attacker: the package's token and the victim's id, with no key or a made-up one.
        for (String key : new String[] {null, "A".repeat(43)}) {
            JsonPath attacker = lmsLaunch(token, victimId, key)
                    .then()
                    .statusCode(201)
                    .body("progress.commenced", equalTo(false))
                    .body("progress.screenIndex", equalTo(0))
                    .body("progress.answers.size()", equalTo(0))
                    .extract()
                    .jsonPath();
            assertThat(attacker.getString("learnerKey")).isNotEqualTo(victimKey);
            Suite.ingress()
                    .header("X-Player-Session", attacker.getString("session"))
                    .contentType(ContentType.JSON)
                    .body("{\"screenIndex\":3,\"visibleSeconds\":1,\"answers\":{\"q1\":[\"a2\"]}}")
                    .post("/v1/headless/player/progress")
                    .then()
                    .statusCode(200);
        }
        lmsLaunch(token, victimId, victimKey)
                .then()
                .statusCode(201)
                .body("progress.screenIndex", equalTo(2))
                .body("progress.answers.q1[0]", equalTo("a1"));

        Suite.demo()
                .delete("/v1/headless/course/scorm/" + source + "/exports/" + exportId)
                .then()
                .statusCode(204);
        lmsLaunch(token, victimId, victimKey).then().statusCode(401).body("error.reason", equalTo("revoked"));
    }

    private static Response lmsLaunch(String token, String learnerId, String learnerKey) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("token", token);
        body.put("learnerId", learnerId);
        body.put("learnerName", "Learner");
        if (learnerKey != null) {
            body.put("learnerKey", learnerKey);
        }
        return Suite.ingress().contentType(ContentType.JSON).body(body).post("/v1/headless/player/lms-sessions");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"type=zip&version=1.2, type", "type=static&version=3, version", "version=2004, type"})
    void badParametersAreRefused(String query, String field) {
        Suite.demo()
                .get("/v1/headless/course/scorm/" + course() + "?" + query)
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("details.field", Matchers.hasItem(field));
    }

    @Test
    void aWorkspaceWithoutTheFeatureIsRefused() {
        String key = Suite.key(Suite.workspace("enterprise"), "live")[1];
        RestAssured.given()
                .baseUri(Suite.BASE_URL)
                .header("Authorization", key)
                .get("/v1/headless/course/scorm/" + course() + "?type=static&version=1.2")
                .then()
                .statusCode(403)
                .body("message", containsString("scorm_export"));
    }

    private static List<String> entries(byte[] zip) throws Exception {
        List<String> names = new ArrayList<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                names.add(e.getName());
            }
        }
        return names;
    }

    /** Runs src/test/js/scorm-export.mjs with node, its npm packages installed under target/browser. */
    private static JsonNode play(List<Map<String, Object>> launches) throws Exception {
        String out = NodeScripts.browser(
                "scorm-export.mjs",
                List.of("playwright-core"),
                Duration.ofMinutes(4),
                JSON.writeValueAsString(Map.of("launches", launches)));
        return JSON.readTree(out);
    }
}

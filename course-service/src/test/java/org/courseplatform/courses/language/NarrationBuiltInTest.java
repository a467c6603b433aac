package org.courseplatform.courses.language;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.courseplatform.courses.language.LanguageTests.as;
import static org.courseplatform.courses.language.LanguageTests.awaitJob;
import static org.courseplatform.courses.language.LanguageTests.importCourse;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/** Narration without providers: scripts from the screens' text, audio from espeak-ng, stored in S3, played by the player. */
@QuarkusTest
class NarrationBuiltInTest {

    private static boolean espeakInstalled() {
        try {
            return new ProcessBuilder("espeak-ng", "--version").start().waitFor() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    @Test
    void scriptsComeFromTheScreensTextAndEspeakMakesWavAudioThePlayerGets() throws Exception {
        assumeTrue(espeakInstalled(), "espeak-ng is not installed");
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = importCourse(key, null, LanguageTests.BUILDER2);

        Response queued = as(key).body("{}").post("/v1/headless/course/" + id + "/narration");
        queued.then().statusCode(202).body("type", equalTo("narration")).body("status", equalTo("queued"));
        JsonNode job = awaitJob(key, queued.jsonPath().getLong("id"));

        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("succeeded");
        assertThat(job.path("result").path("scripts").asInt()).isEqualTo(2);
        assertThat(job.path("result").path("audio").asInt()).isEqualTo(2);
        assertThat(job.path("result").path("speech").asText()).isEqualTo("espeak-ng");
        JsonNode narration = LanguageTests.MAPPER.readTree(as(key).get("/v1/headless/course/" + id + "/narration")
                .then()
                .statusCode(200)
                .extract()
                .asString());
        assertThat(narration.path("courseId").asLong()).isEqualTo(id);
        JsonNode s1 = narration.path("screens").get(0);
        JsonNode s2 = narration.path("screens").get(1);
        assertThat(s1.path("screenId").asText()).isEqualTo("s1");
        assertThat(s1.path("script").asText()).isEqualTo("Welcome. Intro. Golf is fun. Par. Expected strokes.");
        assertThat(s2.path("script").asText())
                .isEqualTo("Check. What is par? The answers are: Expected strokes and A club.");
        assertThat(s1.path("edited").asBoolean()).isFalse();
        assertThat(s1.path("voice").asText()).isEqualTo("en");

        String audioUrl = s1.path("audioUrl").asText();
        Response audio = given().get(URI.create(audioUrl).getPath());
        audio.then().statusCode(200).contentType("audio/wav");
        byte[] wav = audio.asByteArray();
        assertThat(wav.length).isGreaterThan(1000);
        assertThat(new String(Arrays.copyOfRange(wav, 0, 4), StandardCharsets.US_ASCII))
                .isEqualTo("RIFF");
        assertThat(new String(Arrays.copyOfRange(wav, 8, 12), StandardCharsets.US_ASCII))
                .isEqualTo("WAVE");

        // A learner's session lists each screen's audio.
        as(key).post("/v1/headless/course/" + id + "/publish").then().statusCode(200);
        String url = as(key).body("{\"action\":\"view\",\"courseId\":" + id + ",\"identifier\":\"learner\"}")
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        String token = url.substring(url.indexOf("#token=") + 7);
        given().contentType(ContentType.JSON)
                .body(Map.of("token", token))
                .post("/v1/headless/player/sessions")
                .then()
                .statusCode(201)
                .body("narration.s1", equalTo(audioUrl))
                .body("narration.s2", equalTo(s2.path("audioUrl").asText()));
    }

    @Test
    void aPersonsScriptIsKeptByLaterJobsAndItsAudioMadeAgain() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = importCourse(key, null, LanguageTests.BUILDER2);
        String path = "/v1/headless/course/" + id + "/narration";
        as(key).body("{\"script\":\"Welcome to golf, the game of patience.\"}")
                .put(path + "/s1")
                .then()
                .statusCode(200)
                .body("screenId", equalTo("s1"))
                .body("edited", equalTo(true))
                .body("script", equalTo("Welcome to golf, the game of patience."));

        JsonNode job = awaitJob(
                key,
                as(key).body("{\"screenIds\":[\"s1\"],\"audio\":false}")
                        .post(path)
                        .then()
                        .statusCode(202)
                        .extract()
                        .jsonPath()
                        .getLong("id"));

        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("succeeded");
        assertThat(job.path("result").path("screens").asInt()).isEqualTo(1);
        JsonNode narration = LanguageTests.MAPPER.readTree(
                as(key).get(path).then().statusCode(200).extract().asString());
        assertThat(narration.path("screens")).hasSize(1);
        assertThat(narration.at("/screens/0/script").asText()).isEqualTo("Welcome to golf, the game of patience.");
        assertThat(narration.at("/screens/0/edited").asBoolean()).isTrue();
        assertThat(narration.at("/screens/0").has("audioUrl")).isFalse();
    }

    @Test
    void requestsAreValidatedAndOtherWorkspacesSeeNothing() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = importCourse(key, null, LanguageTests.BUILDER2);
        String path = "/v1/headless/course/" + id + "/narration";
        as(key).body("{\"screenIds\":[\"s1\",\"nope\"]}")
                .post(path)
                .then()
                .statusCode(400)
                .body("details.field", hasItem("screenIds[1]"));
        as(key).body("{\"screenIds\":[\"\"]}")
                .post(path)
                .then()
                .statusCode(400)
                .body("details.field", hasItem("screenIds[0]"));
        as(key).body("{\"audio\":\"loud\"}").post(path).then().statusCode(400);
        as(key).body("{\"script\":\"  \"}")
                .put(path + "/s1")
                .then()
                .statusCode(400)
                .body("details.field", hasItem("script"));
        as(key).body("{\"script\":\"" + "a".repeat(4001) + "\"}")
                .put(path + "/s1")
                .then()
                .statusCode(400)
                .body("details.field", hasItem("script"));
        as(key).body("{\"script\":\"Hello.\"}").put(path + "/s9").then().statusCode(404);

        String other = TestKeys.enterprise(TestKeys.newWorkspace());
        as(other).get(path).then().statusCode(404);
        as(other).body("{}").post(path).then().statusCode(404);
        as(other).body("{\"script\":\"Hello.\"}").put(path + "/s1").then().statusCode(404);
        given().get("/v1/headless/narration-audio/00000000000000000000000000000000.wav")
                .then()
                .statusCode(404);
    }
}

package org.courseplatform.courses.language;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.courseplatform.courses.language.LanguageTests.as;
import static org.courseplatform.courses.language.LanguageTests.awaitJob;
import static org.courseplatform.courses.language.LanguageTests.importCourse;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.net.URI;
import java.util.List;
import org.courseplatform.courses.language.FakeOpenAi.Behaviour;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Narration through an OpenAI-compatible provider: scripts by chat completions, audio by audio/speech. */
@QuarkusTest
@TestProfile(ProviderProfile.class)
class NarrationProviderTest {

    @BeforeEach
    void reset() {
        FakeOpenAi.reset("");
    }

    @Test
    void theProviderWritesScriptsAndSpeaksThemRetryingAFailedSpeechRequest() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = importCourse(key, null, LanguageTests.BUILDER2);
        // Script of s1 (ok), speech of s1 (503, then ok), script of s2, speech of s2.
        FakeOpenAi.SCRIPT.addAll(List.of(Behaviour.OK, Behaviour.UNAVAILABLE));

        JsonNode job = awaitJob(
                key,
                as(key).body("{\"audio\":true}")
                        .post("/v1/headless/course/" + id + "/narration")
                        .then()
                        .statusCode(202)
                        .extract()
                        .jsonPath()
                        .getLong("id"));

        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("succeeded");
        assertThat(job.path("result").path("scriptProvider").asText()).isEqualTo("openai-compatible");
        assertThat(job.path("result").path("speech").asText()).isEqualTo("openai-compatible");
        JsonNode narration = LanguageTests.MAPPER.readTree(as(key).get("/v1/headless/course/" + id + "/narration")
                .then()
                .statusCode(200)
                .extract()
                .asString());
        assertThat(narration.at("/screens/0/script").asText()).isEqualTo("Narration of Welcome.");
        assertThat(narration.at("/screens/1/script").asText()).isEqualTo("Narration of Check.");
        assertThat(narration.at("/screens/0/voice").asText()).isEqualTo("alloy");
        assertThat(FakeOpenAi.SPEECH_REQUESTS).hasSize(3);
        assertThat(FakeOpenAi.SPEECH_REQUESTS.get(0).path("input").asText()).isEqualTo("Narration of Welcome.");
        assertThat(FakeOpenAi.SPEECH_REQUESTS.get(0).path("response_format").asText())
                .isEqualTo("wav");
        byte[] audio = given().get(
                        URI.create(narration.at("/screens/0/audioUrl").asText()).getPath())
                .then()
                .statusCode(200)
                .contentType("audio/wav")
                .extract()
                .asByteArray();
        assertThat(audio).isEqualTo(FakeOpenAi.wav());
    }

    @Test
    void aSpeechProviderThatNeverAnswersFailsTheJob() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = importCourse(key, null, LanguageTests.BUILDER2);
        FakeOpenAi.SCRIPT.addAll(List.of(
                Behaviour.OK,
                Behaviour.UNAVAILABLE,
                Behaviour.UNAVAILABLE,
                Behaviour.UNAVAILABLE,
                Behaviour.UNAVAILABLE));

        JsonNode job = awaitJob(
                key,
                as(key).body("{\"screenIds\":[\"s1\"]}")
                        .post("/v1/headless/course/" + id + "/narration")
                        .then()
                        .statusCode(202)
                        .extract()
                        .jsonPath()
                        .getLong("id"));

        assertThat(job.path("status").asText()).isEqualTo("failed");
        assertThat(job.path("error").path("code").asText()).isEqualTo("PROVIDER_UNAVAILABLE");
        assertThat(job.path("error").path("message").asText()).contains("speech");
    }
}

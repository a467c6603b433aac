package org.courseplatform.courses.language;

import static org.assertj.core.api.Assertions.assertThat;
import static org.courseplatform.courses.language.LanguageTests.as;
import static org.courseplatform.courses.language.LanguageTests.awaitJob;
import static org.courseplatform.courses.language.LanguageTests.draft;
import static org.courseplatform.courses.language.LanguageTests.importCourse;
import static org.courseplatform.courses.language.LanguageTests.translate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.courseplatform.courses.language.FakeOpenAi.Behaviour;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Translation through an OpenAI-compatible provider (a local fake), its failures and the rules of what is written. */
@QuarkusTest
@TestProfile(ProviderProfile.class)
class TranslationProviderTest {

    @BeforeEach
    void reset() {
        FakeOpenAi.reset("[fr] ");
    }

    @Test
    void fillsOnlyUntranslatedStringsKeepingIdsAndHandTranslations() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = importCourse(key, null, LanguageTests.BUILDER2);
        // The workspace's brand voice goes into the instructions.
        as(key).body("{\"name\":\"Caddie\",\"tone\":\"calm\",\"dont\":[\"Use slang\"]}")
                .put("/v1/headless/brand-voice")
                .then()
                .statusCode(200);

        JsonNode job = awaitJob(key, translate(key, id, "{\"locale\":\"fr\"}"));

        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("succeeded");
        assertThat(job.path("result").path("provider").asText()).isEqualTo("openai-compatible");
        assertThat(job.path("result").path("translated").asInt()).isEqualTo(8);
        assertThat(job.path("progress").path("done").asInt()).isEqualTo(8);
        assertThat(job.path("progress").path("total").asInt()).isEqualTo(8);
        JsonNode document = draft(key, id).path("document");
        JsonNode fr = document.path("translations").path("fr");
        // The author's own translations stay; the rest is filled, keyed by the unchanged ids.
        assertThat(fr.path("title").asText()).isEqualTo("Bases du golf");
        assertThat(fr.at("/screens/s1/title").asText()).isEqualTo("Bienvenue");
        assertThat(fr.at("/screens/s1/elements/e1/title").asText()).isEqualTo("Intro FR");
        assertThat(fr.at("/screens/s1/elements/e1/description").asText()).isEqualTo("[fr] <p>Golf is <b>fun</b>.</p>");
        assertThat(fr.at("/screens/s1/assetAltText").asText()).isEqualTo("[fr] A green");
        assertThat(fr.at("/screens/s1/elements/e2/cardBack").asText()).isEqualTo("[fr] Expected strokes");
        assertThat(fr.at("/screens/s2/elements/q1/question").asText()).isEqualTo("[fr] What is par?");
        assertThat(fr.at("/screens/s2/elements/q1/answers/a2").asText()).isEqualTo("[fr] A club");
        assertThat(document.at("/screens/0/elements/0/id").asText()).isEqualTo("e1");
        assertThat(document.at("/screens/1/elements/0/answers/0/id").asText()).isEqualTo("a1");
        // Batches of 5 with JSON answers asked for, the key sent, the strings keyed by path.
        assertThat(FakeOpenAi.CHAT_REQUESTS).hasSize(2);
        JsonNode request = FakeOpenAi.CHAT_REQUESTS.get(0);
        assertThat(request.path("model").asText()).isEqualTo("fake-model");
        assertThat(request.path("response_format").path("type").asText()).isEqualTo("json_object");
        assertThat(request.at("/messages/0/content").asText())
                .contains("into the language tagged fr")
                .contains("brand voice (Caddie)")
                .contains("Tone: calm")
                .contains("Don't: Use slang");
        JsonNode asked =
                LanguageTests.MAPPER.readTree(request.at("/messages/1/content").asText());
        assertThat(asked.has("screens/s1/assetAltText")).isTrue();
        assertThat(asked.has("title")).isFalse();
        assertThat(FakeOpenAi.AUTHORIZATIONS).allMatch(a -> a.equals("Bearer " + FakeOpenAi.API_KEY));
    }

    @Test
    void aSlowAnswerA429ABrokenAnswerAndAMissingIdAreRetriedUntilItSucceeds() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        ObjectNode untranslated = (ObjectNode) LanguageTests.MAPPER.readTree(LanguageTests.BUILDER2);
        untranslated.remove("translations");
        long id = importCourse(key, null, untranslated.toString());
        FakeOpenAi.SCRIPT.addAll(List.of(Behaviour.SLOW, Behaviour.RATE_LIMITED, Behaviour.MALFORMED));

        JsonNode job = awaitJob(key, translate(key, id, "{\"locale\":\"de\"}"));

        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("succeeded");
        assertThat(job.path("result").path("translated").asInt()).isEqualTo(11);
        assertThat(draft(key, id).path("document").at("/translations/de/title").asText())
                .isEqualTo("[fr] Golf basics");
        // 3 failed attempts and a success for the first batch, one request for each of the two others.
        assertThat(FakeOpenAi.CHAT_REQUESTS).hasSize(6);
    }

    @Test
    void whenEveryAttemptFailsTheJobFailsClearlyAndNothingIsWritten() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = importCourse(key, null, LanguageTests.BUILDER2);
        JsonNode before = draft(key, id);
        // The first batch succeeds; the second never does: nothing of either may be written.
        FakeOpenAi.SCRIPT.addAll(List.of(
                Behaviour.OK, Behaviour.MISSING_ID, Behaviour.MALFORMED, Behaviour.MALFORMED, Behaviour.UNAVAILABLE));

        JsonNode job = awaitJob(key, translate(key, id, "{\"locale\":\"fr\"}"));

        assertThat(job.path("status").asText()).isEqualTo("failed");
        assertThat(job.path("error").path("code").asText()).isEqualTo("PROVIDER_UNAVAILABLE");
        assertThat(job.path("error").path("message").asText()).contains("provider");
        assertThat(job.has("result")).isFalse();
        JsonNode after = draft(key, id);
        assertThat(after.path("revision").asLong())
                .isEqualTo(before.path("revision").asLong());
        assertThat(after.path("document").path("translations"))
                .isEqualTo(before.path("document").path("translations"));
    }

    @Test
    void aDraftChangedWhileTranslatingKeepsTheNewHandTranslationAndSkipsChangedText() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = importCourse(key, null, LanguageTests.BUILDER2);
        FakeOpenAi.SCRIPT.add(Behaviour.HOLD);
        long jobId = translate(key, id, "{\"locale\":\"fr\"}");
        assertThat(FakeOpenAi.held.await(60, TimeUnit.SECONDS)).isTrue();

        // While the provider works, the author translates one string and rewrites another.
        ObjectNode document = (ObjectNode) draft(key, id).path("document");
        ((ObjectNode) document.at("/translations/fr/screens/s1")).put("assetAltText", "Un green (à la main)");
        ((ObjectNode) document.at("/screens/0/elements/1")).put("cardBack", "Strokes a good player needs");
        as(key).body(LanguageTests.MAPPER
                        .createObjectNode()
                        .set("document", document)
                        .toString())
                .put("/v1/headless/course/" + id + "/content")
                .then()
                .statusCode(200);
        FakeOpenAi.release.countDown();

        JsonNode job = awaitJob(key, jobId);

        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("succeeded");
        assertThat(job.path("result").path("keptHandTranslations").asInt()).isEqualTo(1);
        assertThat(job.path("result").path("skippedChanged").asInt()).isEqualTo(1);
        assertThat(job.path("result").path("translated").asInt()).isEqualTo(6);
        JsonNode fr = draft(key, id).path("document").path("translations").path("fr");
        assertThat(fr.at("/screens/s1/assetAltText").asText()).isEqualTo("Un green (à la main)");
        assertThat(fr.at("/screens/s1/elements/e2").has("cardBack")).isFalse();
        assertThat(fr.at("/screens/s1/elements/e2/title").asText()).isEqualTo("[fr] Par");
    }

    @Test
    void overwriteReplacesTheMachinesTranslationsButNeverAPersons() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = importCourse(key, null, LanguageTests.BUILDER2);
        assertThat(awaitJob(key, translate(key, id, "{\"locale\":\"fr\"}"))
                        .path("status")
                        .asText())
                .isEqualTo("succeeded");
        ObjectNode document = (ObjectNode) draft(key, id).path("document");
        ((ObjectNode) document.at("/translations/fr/screens/s2")).put("title", "Vérification");
        as(key).body(LanguageTests.MAPPER
                        .createObjectNode()
                        .set("document", document)
                        .toString())
                .put("/v1/headless/course/" + id + "/content")
                .then()
                .statusCode(200);
        FakeOpenAi.reset("[fr2] ");

        JsonNode again = awaitJob(key, translate(key, id, "{\"locale\":\"fr\"}"));
        assertThat(again.path("result").path("strings").asInt())
                .as("nothing left untranslated")
                .isZero();
        JsonNode job = awaitJob(key, translate(key, id, "{\"locale\":\"fr\",\"overwrite\":true}"));

        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("succeeded");
        assertThat(job.path("result").path("translated").asInt()).isEqualTo(7);
        JsonNode fr = draft(key, id).path("document").path("translations").path("fr");
        assertThat(fr.at("/screens/s2/title").asText()).isEqualTo("Vérification");
        assertThat(fr.path("title").asText()).isEqualTo("Bases du golf");
        assertThat(fr.at("/screens/s2/elements/q1/question").asText()).isEqualTo("[fr2] What is par?");
    }
}

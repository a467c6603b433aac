package org.courseplatform.courses.language;

import static org.assertj.core.api.Assertions.assertThat;
import static org.courseplatform.courses.language.LanguageTests.as;
import static org.courseplatform.courses.language.LanguageTests.awaitJob;
import static org.courseplatform.courses.language.LanguageTests.draft;
import static org.courseplatform.courses.language.LanguageTests.importCourse;
import static org.courseplatform.courses.language.LanguageTests.translate;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.courseplatform.platform.testing.TestKafka;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/** Translation jobs without a configured provider: the built-in one adds the locale for a person to fill in. */
@QuarkusTest
class TranslationBuiltInTest {

    @Inject
    Pool pool;

    @Test
    void theBuiltInProviderAddsTheLocaleWithEveryStringLeftForAPersonInOneChange() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = importCourse(key, null, LanguageTests.BUILDER2);
        long before = draft(key, id).path("revision").asLong();

        Response queued = as(key).body("{\"locale\":\"es\"}").post("/v1/headless/course/" + id + "/translations");
        queued.then()
                .statusCode(202)
                .body("type", equalTo("translation"))
                .body("courseId", equalTo((int) id))
                .body("locale", equalTo("es"))
                .body("status", equalTo("queued"))
                .body("progress.done", equalTo(0));
        long jobId = queued.jsonPath().getLong("id");
        assertThat(queued.header("Location")).endsWith("/v1/headless/jobs/" + jobId);
        JsonNode job = awaitJob(key, jobId);

        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("succeeded");
        assertThat(job.path("result").path("provider").asText()).isEqualTo("built-in");
        assertThat(job.path("result").path("translated").asInt()).isZero();
        assertThat(job.path("result").path("untranslated").asInt()).isEqualTo(11);
        assertThat(job.path("progress").path("total").asInt()).isEqualTo(11);
        assertThat(job.path("startedAt").isTextual()).isTrue();
        assertThat(job.path("finishedAt").isTextual()).isTrue();
        JsonNode saved = draft(key, id);
        assertThat(saved.path("document").path("translations").path("es").isObject())
                .isTrue();
        assertThat(saved.path("document").path("translations").path("es").size())
                .isZero();
        assertThat(saved.path("document")
                        .path("translations")
                        .path("fr")
                        .path("title")
                        .asText())
                .isEqualTo("Bases du golf");
        assertThat(saved.path("revision").asLong()).isGreaterThan(before);

        List<ConsumerRecord<String, String>> events = TestKafka.readUntil(
                "course-events",
                all -> all.stream()
                        .anyMatch(r -> r.value().contains("\"subject\":\"" + id + "\"")
                                && r.value().contains("course.updated")),
                Duration.ofSeconds(30));
        assertThat(events).anyMatch(r -> r.value().contains("course.updated"));
    }

    @Test
    void theLocaleIsValidatedAndTheCoursesOwnLocaleRefused() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = importCourse(key, null, LanguageTests.BUILDER2);
        String path = "/v1/headless/course/" + id + "/translations";
        as(key).body("{}").post(path).then().statusCode(400).body("details.field", hasItem("locale"));
        as(key).body("{\"locale\":\"French!\"}")
                .post(path)
                .then()
                .statusCode(400)
                .body("details.field", hasItem("locale"));
        as(key).body("{\"locale\":\"en\"}").post(path).then().statusCode(400).body("details.field", hasItem("locale"));
        as(key).body("{\"locale\":\"fr\",\"unknown\":1}").post(path).then().statusCode(400);
        as(key).body("{\"locale\":\"fr\",\"overwrite\":\"yes\"}")
                .post(path)
                .then()
                .statusCode(400);
        as(key).body("{\"locale\":\"fr\"}")
                .post("/v1/headless/course/999999999/translations")
                .then()
                .statusCode(404);
    }

    @Test
    void anotherWorkspaceOrTenantSeesNeitherTheCourseNorItsJob() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = importCourse(key, "tenant-a", LanguageTests.BUILDER2);
        long jobId = translate(key, id, "{\"locale\":\"it\"}");
        awaitJob(key, jobId);

        String other = TestKeys.enterprise(TestKeys.newWorkspace());
        as(other).get("/v1/headless/jobs/" + jobId).then().statusCode(404);
        as(other)
                .body("{\"locale\":\"it\"}")
                .post("/v1/headless/course/" + id + "/translations")
                .then()
                .statusCode(404);
        as(key).get("/v1/headless/jobs/" + jobId + "?clientIdentifier=tenant-b")
                .then()
                .statusCode(404);
        as(key).get("/v1/headless/jobs/" + jobId + "?clientIdentifier=tenant-a")
                .then()
                .statusCode(200);
        as(key).get("/v1/headless/jobs/not-a-number").then().statusCode(400);
    }

    @Test
    void aClassicCourseIsRefusedUntilMigrated() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = importCourse(key, null, """
                {"format":"classic","title":"Old course","slides":[{"id":101,"kind":"content","heading":"Intro","body":"<p>Hello</p>"}]}""");
        as(key).body("{\"locale\":\"fr\"}")
                .post("/v1/headless/course/" + id + "/translations")
                .then()
                .statusCode(409);
    }

    @Test
    void aRunningJobWhoseInstanceDiedIsTakenOverWhenItsLeaseEnds() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = importCourse(key, null, LanguageTests.BUILDER2);
        // As an instance that claimed the job and then stopped leaves it: running, lease ended.
        long jobId = pool.preparedQuery("""
                insert into language_job (course_id, workspace_id, type, status, locale, attempts, lease_token, locked_until, started_at)
                values ($1, $2, 'translation', 'running', 'nl', 1, gen_random_uuid(), now() - interval '1 minute', now() - interval '3 minutes')
                returning id""")
                .execute(Tuple.of(id, ws))
                .await()
                .atMost(Duration.ofSeconds(5))
                .iterator()
                .next()
                .getLong("id");

        JsonNode job = awaitJob(key, jobId);

        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("succeeded");
        assertThat(draft(key, id).path("document").path("translations").has("nl"))
                .isTrue();
        int attempts = pool.preparedQuery("select attempts from language_job where id = $1")
                .execute(Tuple.of(jobId))
                .await()
                .atMost(Duration.ofSeconds(5))
                .iterator()
                .next()
                .getInteger("attempts");
        assertThat(attempts).isEqualTo(2);
    }

    @Test
    void aRunningJobWithALiveLeaseIsLeftToItsInstanceAndHoldsItsWorkspacesShare() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = importCourse(key, null, LanguageTests.BUILDER2);
        long jobId = pool.preparedQuery("""
                insert into language_job (course_id, workspace_id, type, status, locale, attempts, lease_token, locked_until, started_at)
                values ($1, $2, 'translation', 'running', 'pt', 1, gen_random_uuid(), now() + interval '1 hour', now())
                returning id""")
                .execute(Tuple.of(id, ws))
                .await()
                .atMost(Duration.ofSeconds(5))
                .iterator()
                .next()
                .getLong("id");
        // The held job is the workspace's one running job (language.worker.max-running-per-workspace):
        // a later job of the workspace waits, while another workspace's job is run meanwhile.
        long waiting = translate(key, id, "{\"locale\":\"sv\"}");
        String otherKey = TestKeys.enterprise(TestKeys.newWorkspace());
        long otherCourse = importCourse(otherKey, null, LanguageTests.BUILDER2);
        JsonNode other = awaitJob(otherKey, translate(otherKey, otherCourse, "{\"locale\":\"sv\"}"));
        assertThat(other.path("status").asText()).as(other.toString()).isEqualTo("succeeded");
        as(key).get("/v1/headless/jobs/" + jobId).then().statusCode(200).body("status", equalTo("running"));
        as(key).get("/v1/headless/jobs/" + waiting).then().statusCode(200).body("status", equalTo("queued"));
        assertThat(draft(key, id).path("document").path("translations").has("pt"))
                .isFalse();

        // Once the held job ends, the workspace's next job runs.
        pool.preparedQuery("update language_job set status = 'failed' where id = $1")
                .execute(Tuple.of(jobId))
                .await()
                .atMost(Duration.ofSeconds(5));
        assertThat(awaitJob(key, waiting).path("status").asText()).isEqualTo("succeeded");
        assertThat(draft(key, id).path("document").path("translations").has("sv"))
                .isTrue();
    }
}

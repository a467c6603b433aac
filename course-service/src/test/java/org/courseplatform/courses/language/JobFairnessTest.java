package org.courseplatform.courses.language;

import static org.assertj.core.api.Assertions.assertThat;
import static org.courseplatform.courses.language.LanguageTests.as;
import static org.courseplatform.courses.language.LanguageTests.awaitJob;
import static org.courseplatform.courses.language.LanguageTests.importCourse;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/**
 * One workspace cannot starve the others: its queue of jobs is capped (429 with Retry-After
 * beyond {@code language.worker.max-queued-per-workspace}, 100 by default) and the worker takes
 * turns between workspaces instead of running the queue first in, first out.
 */
@QuarkusTest
class JobFairnessTest {

    private static final String GENERATE = """
            {"prompt":"Knife skills: grip, claw and rocking cut","audience":"home cooks","familiarity":"some",
             "tone":"playful","screenCount":2,"identifier":"author"}""";

    @Inject
    Pool pool;

    @Test
    void aWorkspaceWhoseQueueIsFullIsRefusedWith429AndRetryAfterForEveryKindOfJob() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long course = importCourse(key, null, LanguageTests.BUILDER2);
        // A full queue: 100 queued jobs, held back (as a job waiting out its retry pause) so that
        // the worker leaves them queued while the requests below are made.
        sql("""
                insert into language_job (course_id, workspace_id, type, status, locale, locked_until)
                select $1, $2, 'translation', 'queued', 'de', now() + interval '1 hour' from generate_series(1, 100)""", Tuple.of(course, ws));
        try {
            as(key).body("{\"locale\":\"es\"}")
                    .post("/v1/headless/course/" + course + "/translations")
                    .then()
                    .statusCode(429)
                    .header("Retry-After", "60")
                    .body("error.code", equalTo("TOO_MANY_REQUESTS"))
                    .body("error.status", equalTo(429))
                    .body("message", containsString("100 queued"));
            as(key).body("{\"audio\":false}")
                    .post("/v1/headless/course/" + course + "/narration")
                    .then()
                    .statusCode(429)
                    .header("Retry-After", "60")
                    .body("error.code", equalTo("TOO_MANY_REQUESTS"));
            as(key).body(GENERATE)
                    .post("/v1/headless/generate/course")
                    .then()
                    .statusCode(429)
                    .header("Retry-After", "60")
                    .body("error.code", equalTo("TOO_MANY_REQUESTS"));
            assertThat(count("select count(*) from language_job where workspace_id = $1", Tuple.of(ws)))
                    .as("nothing was queued beyond the cap")
                    .isEqualTo(100);

            // Another workspace is not affected.
            String other = TestKeys.enterprise(TestKeys.newWorkspace());
            long otherCourse = importCourse(other, null, LanguageTests.BUILDER2);
            as(other)
                    .body("{\"locale\":\"es\"}")
                    .post("/v1/headless/course/" + otherCourse + "/translations")
                    .then()
                    .statusCode(202);

            // Once one of its jobs has left the queue, the workspace may queue one more.
            sql("""
                    delete from language_job where id = (select min(id) from language_job
                        where workspace_id = $1 and status = 'queued')""", Tuple.of(ws));
            as(key).body("{\"locale\":\"es\"}")
                    .post("/v1/headless/course/" + course + "/translations")
                    .then()
                    .statusCode(202);
        } finally {
            sql("delete from language_job where workspace_id = $1 and status = 'queued'", Tuple.of(ws));
        }
    }

    @Test
    void anotherWorkspacesJobIsClaimedNextAheadOfABusyWorkspacesBacklog() {
        long busy = TestKeys.newWorkspace();
        String busyKey = TestKeys.enterprise(busy);
        long busyCourse = importCourse(busyKey, null, LanguageTests.BUILDER2);
        long quiet = TestKeys.newWorkspace();
        String quietKey = TestKeys.enterprise(quiet);
        long quietCourse = importCourse(quietKey, null, LanguageTests.BUILDER2);
        // In one statement, so that the worker sees them together: 30 jobs of the busy workspace,
        // then (the newest of all) one job of the other. First in, first out ran all 30 first.
        RowSet<Row> queued = sql("""
                insert into language_job (course_id, workspace_id, type, status, locale)
                select case when g <= 30 then $1::bigint else $3::bigint end, case when g <= 30 then $2::bigint else $4::bigint end,
                    'translation', 'queued', 'es'
                from generate_series(1, 31) g order by g
                returning id, workspace_id""", Tuple.of(busyCourse, busy, quietCourse, quiet));
        long quietJob = 0;
        long newestBusyJob = 0;
        for (Row row : queued) {
            if (row.getLong("workspace_id") == quiet) {
                quietJob = row.getLong("id");
            } else {
                newestBusyJob = Math.max(newestBusyJob, row.getLong("id"));
            }
        }
        assertThat(quietJob).as("the other workspace's job is the newest").isGreaterThan(newestBusyJob);
        try {
            JsonNode job = awaitJob(quietKey, quietJob);
            assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("succeeded");

            long busyStartedBefore = count("""
                    select count(*) from language_job b, language_job q
                    where b.workspace_id = $1 and q.id = $2 and b.started_at < q.started_at""", Tuple.of(busy, quietJob));
            assertThat(busyStartedBefore)
                    .as("jobs of the busy workspace started before the other workspace's job")
                    .isLessThanOrEqualTo(1);
        } finally {
            sql("delete from language_job where workspace_id = $1 and status = 'queued'", Tuple.of(busy));
        }
    }

    private RowSet<Row> sql(String sql, Tuple args) {
        return pool.preparedQuery(sql).execute(args).await().atMost(Duration.ofSeconds(10));
    }

    private long count(String sql, Tuple args) {
        return sql(sql, args).iterator().next().getLong(0);
    }
}

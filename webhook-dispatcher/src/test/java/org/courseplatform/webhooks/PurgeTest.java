package org.courseplatform.webhooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.webhooks.delivery.DeliveryPurge;
import org.courseplatform.webhooks.support.Hooks;
import org.courseplatform.webhooks.support.TestDatabase;
import org.junit.jupiter.api.Test;

/**
 * Retention of the delivery log, under the default 30 days: the purge is called directly on rows
 * written with old timestamps. Finished deliveries past the retention go with their attempts and
 * leave the log API; recent ones, and pending ones however old, stay; rows another replica's
 * purge holds are skipped, not waited for. {@link ScheduledPurgeTest} shows the scheduled run.
 */
@QuarkusTest
class PurgeTest {

    private static final Duration RETENTION = Duration.ofDays(30);

    @Inject
    DeliveryPurge purge;

    @Test
    void oldFinishedDeliveriesGoWithTheirAttemptsWhileRecentAndPendingOnesStay() {
        long ws = TestKeys.newWorkspace();
        String auth = TestKeys.enterprise(ws);
        Hooks.Endpoint endpoint = Hooks.create(auth, "https://hooks.example/retention", "course.created");
        String oldSucceeded = insert(endpoint, ws, "succeeded", 1, "40 days", "40 days", null);
        String oldFailed = insert(endpoint, ws, "failed", 6, "45 days", "31 days", null);
        String recentSucceeded = insert(endpoint, ws, "succeeded", 2, "29 days", "29 days", null);
        // Queued long ago but replayed yesterday: its last activity is recent.
        String replayedRecently = insert(endpoint, ws, "failed", 7, "100 days", "1 day", null);
        String fresh = insert(endpoint, ws, "succeeded", 1, "1 minute", "1 minute", null);
        // Pending however old: due in a day (waiting for a retry), and held (endpoint was disabled).
        String oldPendingDue = insert(endpoint, ws, "pending", 3, "90 days", "90 days", "now() + interval '1 day'");
        String oldPendingHeld = insert(endpoint, ws, "pending", 2, "120 days", "120 days", "null");
        List<String> kept = List.of(recentSucceeded, replayedRecently, fresh, oldPendingDue, oldPendingHeld);
        given().header("Authorization", auth)
                .get("/v1/headless/webhooks/" + endpoint.id() + "/deliveries")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "7");

        // Batches of 2 for seven rows of which two go: the run needs more than one statement.
        purge.purge(RETENTION, 2).await().atMost(Duration.ofSeconds(30));
        // One batch of 1 as well, to show the loop repeats until a statement deletes fewer.
        String another = insert(endpoint, ws, "succeeded", 1, "60 days", "60 days", null);
        String yetAnother = insert(endpoint, ws, "failed", 6, "60 days", "35 days", null);
        purge.purge(RETENTION, 1).await().atMost(Duration.ofSeconds(30));

        for (String gone : List.of(oldSucceeded, oldFailed, another, yetAnother)) {
            assertThat(Db.value("select count(*) from delivery where id = '" + gone + "'"))
                    .as("delivery %s", gone)
                    .isEqualTo(0L);
            assertThat(Db.value("select count(*) from delivery_attempt where delivery_id = '" + gone + "'"))
                    .as("attempts of %s", gone)
                    .isEqualTo(0L);
        }
        for (String stays : kept) {
            long attempts = ((Number) Db.value("select attempts from delivery where id = '" + stays + "'")).longValue();
            assertThat(Db.value("select count(*) from delivery_attempt where delivery_id = '" + stays + "'"))
                    .as("attempts of %s", stays)
                    .isEqualTo(attempts);
        }

        // The log API lists only what is left, in its usual order; a status filter agrees.
        List<JsonNode> log = Hooks.deliveries(auth, endpoint.id());
        assertThat(log.stream().map(d -> d.get("id").asText()).toList())
                .containsExactly(fresh, recentSucceeded, oldPendingDue, replayedRecently, oldPendingHeld);
        given().header("Authorization", auth)
                .get("/v1/headless/webhooks/" + endpoint.id() + "/deliveries")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "5");
        given().header("Authorization", auth)
                .queryParam("status", "failed")
                .get("/v1/headless/webhooks/" + endpoint.id() + "/deliveries")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "1");
        given().header("Authorization", auth)
                .queryParam("status", "pending")
                .get("/v1/headless/webhooks/" + endpoint.id() + "/deliveries")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "2");
        // A purged delivery can no longer be replayed.
        given().header("Authorization", auth)
                .post("/v1/headless/webhooks/deliveries/" + oldFailed + "/replay")
                .then()
                .statusCode(404);
    }

    @Test
    void rowsAnotherReplicaIsPurgingAreSkippedNotWaitedFor() throws Exception {
        long ws = TestKeys.newWorkspace();
        String auth = TestKeys.enterprise(ws);
        Hooks.Endpoint endpoint = Hooks.create(auth, "https://hooks.example/replicas", "course.created");
        String held = insert(endpoint, ws, "succeeded", 1, "50 days", "50 days", null);
        String free = insert(endpoint, ws, "failed", 6, "50 days", "50 days", null);

        try (Connection other = TestDatabase.connect()) {
            other.setAutoCommit(false);
            try (Statement st = other.createStatement()) {
                // What another replica's purge statement holds while it runs.
                st.executeQuery("select id from delivery where id = '" + held + "' for update")
                        .close();
                purge.purge(RETENTION, 100).await().atMost(Duration.ofSeconds(5));
                assertThat(Db.value("select count(*) from delivery where id = '" + free + "'"))
                        .isEqualTo(0L);
                assertThat(Db.value("select count(*) from delivery where id = '" + held + "'"))
                        .isEqualTo(1L);
                other.rollback();
            }
        }
        purge.purge(RETENTION, 100).await().atMost(Duration.ofSeconds(5));
        assertThat(Db.value("select count(*) from delivery where id = '" + held + "'"))
                .isEqualTo(0L);
        assertThat(Db.value("select count(*) from delivery_attempt where delivery_id = '" + held + "'"))
                .isEqualTo(0L);
        assertThat(Hooks.deliveries(auth, endpoint.id())).isEmpty();
    }

    /**
     * A delivery with {@code attempts} rows in delivery_attempt, created and last updated the given
     * intervals ago; {@code nextAttempt} is SQL for a pending row's due time (null: finished).
     */
    static String insert(
            Hooks.Endpoint endpoint,
            long ws,
            String status,
            int attempts,
            String createdAgo,
            String updatedAgo,
            String nextAttempt) {
        String id = UUID.randomUUID().toString();
        // One statement: a scheduled purge running meanwhile sees the delivery with its attempts or not at all.
        Db.execute(
                "with d as (insert into delivery (id, endpoint_id, workspace_id, event_id, type, body, test_mode, status, attempts,"
                        + " max_attempts, next_attempt_at, last_status_code, last_error, last_attempt_at, created_at, updated_at) values ('"
                        + id + "', " + endpoint.id() + ", " + ws
                        + ", gen_random_uuid(), 'course.created', '{}', false, '" + status + "', "
                        + attempts + ", 6, " + (nextAttempt == null ? "null" : nextAttempt)
                        + ", 500, 'HTTP 500', now() - interval '"
                        + updatedAgo + "', now() - interval '" + createdAgo + "', now() - interval '" + updatedAgo
                        + "') returning id)"
                        + " insert into delivery_attempt (delivery_id, attempt, started_at, duration_ms, status_code, error)"
                        + " select d.id, n, now() - interval '" + updatedAgo
                        + "', 12, 500, 'HTTP 500' from d, generate_series(1, "
                        + attempts + ") n");
        return id;
    }
}

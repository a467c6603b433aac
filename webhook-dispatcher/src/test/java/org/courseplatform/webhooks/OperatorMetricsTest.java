package org.courseplatform.webhooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import org.courseplatform.platform.testing.HttpsReceiver;
import org.courseplatform.platform.testing.HttpsReceiver.Answer;
import org.courseplatform.platform.testing.Metrics;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.webhooks.support.Hooks;
import org.courseplatform.webhooks.support.TestCaResource;
import org.courseplatform.webhooks.support.TestDatabase;
import org.junit.jupiter.api.Test;

/**
 * The signals the alert rules of deploy/observability read, as /q/metrics shows them: the
 * delivery backlog (due rows no sender took, and how late the oldest is), the attempts by
 * outcome, the outbox's lag (rows the relay has not published, and the oldest one's age), the
 * HTTP latency buckets, the Kafka consumers' lag and the relay producer's metrics. Gauges refresh every second in tests.
 */
@QuarkusTest
class OperatorMetricsTest {

    @Test
    void dueDeliveriesNoSenderCanTakeShowAsBacklogUntilTheyAreSent() throws Exception {
        HttpsReceiver receiver = HttpsReceiver.start(TestCaResource.ca().serverContext("localhost"));
        receiver.answer(r -> Answer.status(204));
        try (receiver;
                Connection other = TestDatabase.connect()) {
            long ws = TestKeys.newWorkspace();
            Hooks.Endpoint endpoint = Hooks.create(TestKeys.enterprise(ws), receiver.url("/backlog"), "course.created");
            double succeededBefore = Metrics.scrape().require("webhook_delivery_attempts_total{outcome=\"succeeded\"}");
            List<String> ids = new ArrayList<>();
            StringBuilder values = new StringBuilder();
            for (int i = 0; i < 5; i++) {
                String id = UUID.randomUUID().toString();
                ids.add(id);
                values.append(i == 0 ? "" : ",")
                        .append("('")
                        .append(id)
                        .append("', ")
                        .append(endpoint.id())
                        .append(", ")
                        .append(ws)
                        .append(", gen_random_uuid(), 'course.created', '{}', false, 6, now() + interval '2 seconds')");
            }
            Db.execute("insert into delivery (id, endpoint_id, workspace_id, event_id, type, body, test_mode,"
                    + " max_attempts, next_attempt_at) values " + values);
            String in = ids.stream().map(id -> "'" + id + "'").collect(Collectors.joining(",", "(", ")"));
            other.setAutoCommit(false);
            try (Statement st = other.createStatement()) {
                // Another replica locks them before they come due and never sends them: they are
                // due, but no sender can take them, and the oldest grows later.
                st.executeQuery("select id from delivery where id in " + in + " for update")
                        .close();
                Hooks.await(Duration.ofSeconds(20), () -> {
                    Metrics metrics = Metrics.scrape();
                    assertThat(metrics.require("webhook_deliveries_due")).isGreaterThanOrEqualTo(5);
                    assertThat(metrics.require("webhook_deliveries_oldest_due_age_seconds"))
                            .isGreaterThanOrEqualTo(5);
                });
                assertThat(receiver.requests("/backlog")).isEmpty();
                other.rollback(); // the other replica lets go
            }

            Hooks.await(
                    Duration.ofSeconds(15),
                    () -> assertThat(receiver.requests("/backlog")).hasSize(5));
            Hooks.await(Duration.ofSeconds(15), () -> {
                Metrics metrics = Metrics.scrape();
                assertThat(metrics.require("webhook_deliveries_oldest_due_age_seconds"))
                        .isLessThan(5);
                assertThat(metrics.require("webhook_delivery_attempts_total{outcome=\"succeeded\"}"))
                        .isGreaterThanOrEqualTo(succeededBefore + 5);
            });
        }
    }

    @Test
    void anEventTheRelayCannotPublishShowsAsOutboxLagUntilItIsGone() throws Exception {
        UUID id = UUID.randomUUID();
        try (Connection open = TestDatabase.connect();
                Connection writer = TestDatabase.connect();
                Statement older = open.createStatement();
                Statement st = writer.createStatement()) {
            // A transaction older than the row, still open: the relay must not publish past it.
            open.setAutoCommit(false);
            try (ResultSet xid = older.executeQuery("select pg_current_xact_id()")) {
                xid.next();
            }
            st.executeUpdate("insert into outbox (id, topic, message_key, type, payload, created_at) values ('" + id
                    + "', 'member-events', '1', 'metrics.test', '{}', now() - interval '120 seconds')");

            Hooks.await(Duration.ofSeconds(15), () -> {
                Metrics metrics = Metrics.scrape();
                assertThat(metrics.require("outbox_unpublished_events")).isGreaterThanOrEqualTo(1);
                assertThat(metrics.require("outbox_oldest_unpublished_age_seconds"))
                        .isGreaterThanOrEqualTo(120);
            });
            // Taken back before the open transaction ends, so nothing reaches the topic.
            st.executeUpdate("delete from outbox where id = '" + id + "'");
            open.rollback();
        }
        Hooks.await(
                Duration.ofSeconds(15),
                () -> assertThat(Metrics.scrape().require("outbox_oldest_unpublished_age_seconds"))
                        .isLessThan(120));
    }

    @Test
    void requestLatencyHasBucketsAndTheConsumersReportTheirLag() {
        given().get("/v1/headless/webhooks").then().statusCode(401);
        Metrics metrics = Metrics.scrape();
        assertThat(metrics.text())
                .as("http_server_requests_seconds has the 0.5 s and 1 s buckets the latency alert reads")
                .containsPattern("http_server_requests_seconds_bucket\\{[^}]*le=\"0\\.5\"")
                .containsPattern("http_server_requests_seconds_bucket\\{[^}]*le=\"1(\\.0)?\"");
        assertThat(metrics.has("kafka_consumer_fetch_manager_records_lag_max"))
                .as("the Kafka consumers' lag")
                .isTrue();
        assertThat(metrics.text())
                .as("the outbox relay's producer reports like every other Kafka client")
                .containsPattern("kafka_producer_record_send_total\\{[^}]*client_id=\"webhook-dispatcher-outbox\"");
    }
}

package org.courseplatform.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import org.courseplatform.platform.testing.HttpsReceiver;
import org.courseplatform.platform.testing.HttpsReceiver.Answer;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.webhooks.support.Hooks;
import org.courseplatform.webhooks.support.TestCaResource;
import org.courseplatform.webhooks.support.TestDatabase;
import org.junit.jupiter.api.Test;

/**
 * The sender's statements are planned for the queue's real size: the planner's statistics follow
 * the queue as it fills ({@link QueueStatistics}), and under {@link DeliveryRepository#INDEX_PLANS}
 * none of the statements scans the delivery table, hashes, merges or builds a bitmap, whatever the
 * statistics say: rows come off the due index or the primary key.
 */
@QuarkusTest
class QueuePlansTest {

    @Test
    void theStatisticsFollowTheQueueAsItFills() throws Exception {
        long planned = planned();
        int events = 3 * QueueStatistics.CHECK_EVERY;
        assertThat(planned)
                .as("the test starts from a queue its statistics count below what it adds")
                .isLessThan(events / 2);
        HttpsReceiver receiver = HttpsReceiver.start(TestCaResource.ca().serverContext("localhost"));
        try {
            receiver.answer(r -> Answer.status(204));
            long ws = TestKeys.newWorkspace();
            Hooks.create(TestKeys.enterprise(ws), receiver.url("/fill"), "course.created");
            Hooks.sendCourseCreated(ws, events);
            Hooks.await(
                    Duration.ofSeconds(60),
                    () -> assertThat(receiver.requests("/fill")).hasSize(events));
            // Autovacuum (if on) would look only once a minute: the intake had the table analyzed.
            assertThat(planned()).isGreaterThanOrEqualTo(planned + QueueStatistics.CHECK_EVERY);
        } finally {
            receiver.close();
        }
    }

    private static long planned() throws Exception {
        try (Connection db = TestDatabase.connect();
                Statement st = db.createStatement();
                ResultSet rows = st.executeQuery(
                        "select greatest(reltuples, 0)::bigint from pg_class where oid = 'delivery'::regclass")) {
            rows.next();
            return rows.getLong(1);
        }
    }

    @Test
    void claimRecordAndReleaseReadDeliveriesByIndexOnly() throws Exception {
        Map<String, String> statements = Map.of(
                "claim", DeliveryRepository.CLAIM,
                "record", DeliveryRepository.RECORD,
                "release", DeliveryRepository.RELEASE);
        Map<String, String> arguments = Map.of(
                "claim", "60, gen_random_uuid(), '{}'::bigint[], 64, '{1}'::bigint[], '{3}'::int[], 32",
                "record",
                        "array[gen_random_uuid()], array[gen_random_uuid()], '{204}'::int[], '{null}'::text[],"
                                + " '{true}'::boolean[], array[now()], '{5}'::int[], '{0}'::bigint[]",
                "release", "array[gen_random_uuid()], gen_random_uuid(), false");
        try (Connection db = TestDatabase.connect();
                Statement st = db.createStatement()) {
            db.setAutoCommit(false);
            st.execute(DeliveryRepository.INDEX_PLANS);
            for (Map.Entry<String, String> statement : statements.entrySet()) {
                st.execute("prepare plan_" + statement.getKey() + " as " + statement.getValue());
                StringBuilder plan = new StringBuilder();
                try (ResultSet rows = st.executeQuery(
                        "explain execute plan_" + statement.getKey() + "(" + arguments.get(statement.getKey()) + ")")) {
                    while (rows.next()) {
                        plan.append(rows.getString(1)).append('\n');
                    }
                }
                assertThat(plan.toString())
                        .as(statement.getKey() + ":\n" + plan)
                        .doesNotContain("Seq Scan on delivery", "Hash Join", "Merge Join", "Bitmap")
                        .containsPattern("Index Scan using delivery_(pkey|due) on delivery");
                if (statement.getKey().equals("claim")) {
                    assertThat(plan.toString()).contains("Index Scan using delivery_due on delivery");
                }
            }
            db.rollback();
        }
    }
}

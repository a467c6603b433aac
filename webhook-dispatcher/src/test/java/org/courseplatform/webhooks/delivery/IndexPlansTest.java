package org.courseplatform.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * The sender's statements are planned the same at any size of the queue: under {@link
 * DeliveryRepository#INDEX_PLANS}, none of them scans the delivery table, hashes, merges or builds
 * a bitmap, whatever the statistics say; due rows come off the due index and rows named by id off
 * the primary key.
 */
@QuarkusTest
class IndexPlansTest {

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
        var config = ConfigProvider.getConfig();
        try (Connection db = DriverManager.getConnection(
                        config.getValue("quarkus.datasource.jdbc.url", String.class),
                        config.getValue("quarkus.datasource.username", String.class),
                        config.getValue("quarkus.datasource.password", String.class));
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
                        .contains("Index Scan using delivery_pkey on delivery");
                if (statement.getKey().equals("claim")) {
                    assertThat(plan.toString()).contains("Index Scan using delivery_due on delivery");
                }
            }
            db.rollback();
        }
    }
}

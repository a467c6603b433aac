package org.courseplatform.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.webhooks.support.Hooks;
import org.junit.jupiter.api.Test;

/**
 * The scheduled purge, with the retention set through configuration to 1 hour and the run every
 * second: finished deliveries past the hour disappear on their own, with their attempts; a recent
 * one and an old pending one stay.
 */
@QuarkusTest
@TestProfile(ShortTimings.class)
class ScheduledPurgeTest {

    @Test
    void finishedDeliveriesPastTheRetentionArePurgedOnSchedule() {
        long ws = TestKeys.newWorkspace();
        String auth = TestKeys.enterprise(ws);
        Hooks.Endpoint endpoint = Hooks.create(auth, "https://hooks.example/scheduled", "course.created");
        String oldSucceeded = PurgeTest.insert(endpoint, ws, "succeeded", 1, "3 hours", "2 hours", null);
        String oldFailed = PurgeTest.insert(endpoint, ws, "failed", 6, "3 hours", "61 minutes", null);
        String oldFailedToo = PurgeTest.insert(endpoint, ws, "failed", 4, "5 hours", "4 hours", null);
        String recent = PurgeTest.insert(endpoint, ws, "succeeded", 1, "2 hours", "59 minutes", null);
        String pending = PurgeTest.insert(endpoint, ws, "pending", 2, "5 hours", "5 hours", "now() + interval '1 day'");

        Hooks.await(
                Duration.ofSeconds(15),
                () -> assertThat(Hooks.deliveries(auth, endpoint.id()).stream()
                                .map(d -> d.get("id").asText())
                                .toList())
                        .containsExactly(recent, pending));
        for (String gone : new String[] {oldSucceeded, oldFailed, oldFailedToo}) {
            assertThat(Db.value("select count(*) from delivery_attempt where delivery_id = '" + gone + "'"))
                    .isEqualTo(0L);
        }
        assertThat(Db.value("select count(*) from delivery_attempt where delivery_id in ('" + recent + "', '" + pending
                        + "')"))
                .isEqualTo(3L);
    }
}

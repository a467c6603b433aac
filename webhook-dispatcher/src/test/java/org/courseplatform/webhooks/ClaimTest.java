package org.courseplatform.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.courseplatform.platform.testing.HttpsReceiver;
import org.courseplatform.platform.testing.HttpsReceiver.Answer;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.webhooks.support.Hooks;
import org.courseplatform.webhooks.support.TestCaResource;
import org.courseplatform.webhooks.support.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Sharing deliveries between replicas: rows another replica has locked are skipped, not waited
 * for, and rows a replica claimed and then died holding are sent once their lease ends, with the
 * same delivery id. The other replica is this test's own database connection doing what a
 * sender's claim does (lock, then move {@code next_attempt_at} to the end of a lease with its
 * claim id), so the dispatcher under test meets a real concurrent claimer.
 */
@QuarkusTest
class ClaimTest {

    private HttpsReceiver receiver;

    @BeforeEach
    void receiver() {
        receiver = HttpsReceiver.start(TestCaResource.ca().serverContext("localhost"));
        receiver.answer(r -> Answer.status(204));
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    @Test
    void rowsLockedByAnotherReplicaAreSkippedAndRowsItDiedHoldingAreSentOnceTheLeaseEnds() throws Exception {
        long ws = TestKeys.newWorkspace();
        Hooks.Endpoint endpoint = Hooks.create(TestKeys.enterprise(ws), receiver.url("/shared"), "course.created");
        List<String> ids = new ArrayList<>();
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            String id = UUID.randomUUID().toString();
            ids.add(id);
            values.append(i == 0 ? "" : ",")
                    .append("('")
                    .append(id)
                    .append("', ")
                    .append(endpoint.id())
                    .append(", ")
                    .append(ws)
                    .append(", gen_random_uuid(), 'course.created', '{\"n\":")
                    .append(i)
                    .append("}', false, 6, now() + interval '3 seconds')");
        }
        Db.execute(
                "insert into delivery (id, endpoint_id, workspace_id, event_id, type, body, test_mode, max_attempts, next_attempt_at)"
                        + " values " + values);
        List<String> locked = ids.subList(0, 10);
        Set<String> free = Set.copyOf(ids.subList(10, 20));
        String inLocked = locked.stream().map(id -> "'" + id + "'").collect(Collectors.joining(",", "(", ")"));

        try (Connection other = TestDatabase.connect()) {
            other.setAutoCommit(false);
            try (Statement st = other.createStatement()) {
                st.executeQuery("select id from delivery where id in " + inLocked + " for update")
                        .close();

                // All twenty come due while the other replica holds ten: the dispatcher sends the free ten.
                Hooks.await(
                        Duration.ofSeconds(15), () -> assertThat(delivered()).containsAll(free));
                Thread.sleep(1000);
                assertThat(delivered())
                        .as("rows locked by another replica are skipped")
                        .isEqualTo(free);

                // The other replica's claim: a 2 s lease under its claim id. Then it dies without sending.
                st.executeUpdate(
                        "update delivery set next_attempt_at = now() + interval '2 seconds', claim_id = gen_random_uuid()"
                                + " where id in " + inLocked);
                other.commit();
            }
        }
        assertThat(delivered()).isEqualTo(free);
        Hooks.await(Duration.ofSeconds(15), () -> assertThat(delivered()).containsExactlyInAnyOrderElementsOf(ids));
        Thread.sleep(1000);
        List<String> all = receiver.requests("/shared").stream()
                .map(r -> r.header("X-Service-Delivery"))
                .toList();
        assertThat(all)
                .as("each delivery sent once, under its own id")
                .hasSize(20)
                .doesNotHaveDuplicates();
        Hooks.await(
                Duration.ofSeconds(10),
                () -> assertThat(Db.value("select count(*) from delivery where endpoint_id = " + endpoint.id()
                                + " and status = 'succeeded' and attempts = 1"))
                        .isEqualTo(20L));
    }

    /**
     * Deliveries queued in batches are claimed while they are queued, up to each endpoint's room,
     * and the rest from the table: 150 events to three endpoints (more than an endpoint's room of
     * 2 × 32, so both paths run, side by side). Every delivery is sent exactly once, a healthy
     * endpoint's all succeed on their first attempt with one attempt row each, and the failing
     * endpoint's are each tried once and wait for their retry without touching the others.
     */
    @Test
    void batchesQueuedWhileSendingAreSentOnceEachAndAFailingEndpointHoldsBackNoOther() throws Exception {
        long ws = TestKeys.newWorkspace();
        String auth = TestKeys.enterprise(ws);
        receiver.answer(r -> r.path().equals("/batch-failing") ? Answer.status(500) : Answer.status(204));
        Hooks.Endpoint a = Hooks.create(auth, receiver.url("/batch-a"), "course.created");
        Hooks.Endpoint b = Hooks.create(auth, receiver.url("/batch-b"), "course.created");
        Hooks.Endpoint failing = Hooks.create(auth, receiver.url("/batch-failing"), "course.created");
        int events = 150;
        Hooks.sendCourseCreated(ws, events / 2);
        Hooks.sendCourseCreated(ws, events / 2);

        Hooks.await(Duration.ofSeconds(60), () -> {
            for (String path : List.of("/batch-a", "/batch-b", "/batch-failing")) {
                assertThat(receiver.requests(path)).as(path).hasSize(events);
            }
        });
        Thread.sleep(1500);
        for (String path : List.of("/batch-a", "/batch-b", "/batch-failing")) {
            List<String> sent = receiver.requests(path).stream()
                    .map(r -> r.header("X-Service-Delivery"))
                    .toList();
            assertThat(sent)
                    .as("each delivery to %s sent once", path)
                    .hasSize(events)
                    .doesNotHaveDuplicates();
        }
        for (Hooks.Endpoint ok : List.of(a, b)) {
            Hooks.await(
                    Duration.ofSeconds(10),
                    () -> assertThat(Db.value("select count(*) from delivery where endpoint_id = " + ok.id()
                                    + " and status = 'succeeded' and attempts = 1 and claim_id is null"))
                            .isEqualTo((long) events));
            assertThat(Db.value(
                            "select count(*) from delivery_attempt t join delivery d on d.id = t.delivery_id where d.endpoint_id = "
                                    + ok.id()))
                    .isEqualTo((long) events);
        }
        Hooks.await(
                Duration.ofSeconds(10),
                () -> assertThat(Db.value("select count(*) from delivery where endpoint_id = " + failing.id()
                                + " and status = 'pending' and attempts = 1 and claim_id is null and next_attempt_at > now() + interval '30 seconds'"
                                + " and last_status_code = 500"))
                        .isEqualTo((long) events));
    }

    private Set<String> delivered() {
        return receiver.requests("/shared").stream()
                .map(r -> r.header("X-Service-Delivery"))
                .collect(Collectors.toSet());
    }
}

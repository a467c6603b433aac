package org.courseplatform.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.courseplatform.platform.testing.TestKafka;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/** member-events reach the dispatcher's workspace projection exactly once in effect. */
@QuarkusTest
class WorkspaceProjectionTest {

    @Test
    void aRedeliveredEventTakesEffectOnce() throws Throwable {
        long ws = TestKeys.newWorkspace();
        String created = event(UUID.randomUUID(), "workspace.created", ws, "build", "2026-11-22T10:00:00Z");
        String updated = event(UUID.randomUUID(), "workspace.updated", ws, "scale", "2026-11-22T10:05:00Z");
        TestKafka.send("member-events", Long.toString(ws), created);
        TestKafka.send("member-events", Long.toString(ws), created);
        TestKafka.send("member-events", Long.toString(ws), updated);
        // One partition keeps order: once the update is in, the duplicate before it was handled too.
        await().atMost(Duration.ofSeconds(30)).until(() -> row(ws) != null && "scale".equals(row(ws)[1]));
        assertThat(((Number) row(ws)[0]).intValue())
                .as("revision after create, duplicate create, update")
                .isEqualTo(2);
    }

    @Test
    void anOlderEventNeverOverwritesNewerState() throws Throwable {
        long ws = TestKeys.newWorkspace();
        TestKafka.send(
                "member-events",
                Long.toString(ws),
                event(UUID.randomUUID(), "workspace.updated", ws, "enterprise", "2026-11-22T12:00:00Z"));
        TestKafka.send(
                "member-events",
                Long.toString(ws),
                event(UUID.randomUUID(), "workspace.created", ws, "starter", "2026-11-22T11:00:00Z"));
        // A later event of another workspace on the same partition marks that both were handled.
        long markerWs = TestKeys.newWorkspace();
        TestKafka.send(
                "member-events",
                Long.toString(markerWs),
                event(UUID.randomUUID(), "workspace.created", markerWs, "build", "2026-11-22T11:00:00Z"));
        await().atMost(Duration.ofSeconds(30)).until(() -> row(markerWs) != null);
        assertThat(row(ws)[1]).isEqualTo("enterprise");
    }

    @Test
    void aRecordThatIsNotACloudEventIsSkippedWithoutBlockingThePartition() throws Throwable {
        long ws = TestKeys.newWorkspace();
        TestKafka.send("member-events", Long.toString(ws), "{not json");
        TestKafka.send(
                "member-events",
                Long.toString(ws),
                event(UUID.randomUUID(), "workspace.created", ws, "build", "2026-11-22T10:00:00Z"));
        await().atMost(Duration.ofSeconds(30)).until(() -> row(ws) != null);
    }

    private static Object[] row(long ws) {
        List<Object[]> rows;
        try {
            rows = VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(() -> Panache.getSession()
                    .chain(s -> s.createNativeQuery(
                                    "select revision, plan from workspace where id = ?1", Object[].class)
                            .setParameter(1, ws)
                            .getResultList())));
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        return rows.isEmpty() ? null : rows.get(0);
    }

    private static String event(UUID id, String type, long ws, String plan, String time) {
        return "{\"specversion\":\"1.0\",\"id\":\"" + id + "\",\"source\":\"/members-service\",\"type\":\"" + type
                + "\",\"subject\":\"" + ws + "\",\"time\":\"" + time + "\",\"datacontenttype\":\"application/json\","
                + "\"workspaceid\":" + ws + ",\"testmode\":false,\"data\":{\"workspace\":{\"id\":" + ws
                + ",\"name\":\"Acme\",\"plan\":\"" + plan + "\",\"addons\":[],\"features\":[],\"userLimit\":null}}}";
    }
}

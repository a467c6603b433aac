package org.courseplatform.members;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import io.restassured.RestAssured;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.courseplatform.platform.testing.TestKafka;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/** Workspace and key changes reach member-events as CloudEvents, in commit order, through the outbox. */
@QuarkusTest
class MemberEventsTest {

    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void creatingAWorkspaceAndIssuingAKeyPublishCloudEvents() throws Exception {
        long ws = Admin.workspace("build", "[\"scorm_hosting\"]");
        Admin.Key key = Admin.key(ws, "test");
        List<JsonNode> events = eventsOf(ws, 2);
        assertThat(events)
                .extracting(e -> e.get("type").asText())
                .containsExactly("workspace.created", "apikey.created");
        JsonNode created = events.get(0);
        assertThat(created.get("specversion").asText()).isEqualTo("1.0");
        assertThat(created.get("source").asText()).isEqualTo("/members-service");
        assertThat(created.get("subject").asText()).isEqualTo(Long.toString(ws));
        assertThat(created.get("workspaceid").asLong()).isEqualTo(ws);
        assertThat(created.get("datacontenttype").asText()).isEqualTo("application/json");
        assertThat(created.get("testmode").asBoolean()).isFalse();
        assertThat(UUID.fromString(created.get("id").asText())).isNotNull();
        assertThat(created.at("/data/workspace/plan").asText()).isEqualTo("build");
        JsonNode issued = events.get(1);
        assertThat(issued.get("testmode").asBoolean())
                .as("a test key's events are test mode")
                .isTrue();
        assertThat(issued.at("/data/apiKey/id").asLong()).isEqualTo(key.id());
        assertThat(issued.toString()).doesNotContain(key.secret());
    }

    @Test
    void eventsOfManyChangesArriveInCommitOrder() throws Exception {
        long ws = Admin.workspace("starter", "[]");
        for (String plan : List.of("build", "scale", "enterprise", "build", "starter")) {
            RestAssured.given()
                    .auth()
                    .oauth2(Admin.operatorToken())
                    .contentType("application/json")
                    .body("{\"plan\":\"" + plan + "\"}")
                    .patch("/admin/v1/workspaces/" + ws)
                    .then()
                    .statusCode(200);
        }
        List<JsonNode> events = eventsOf(ws, 6);
        assertThat(events)
                .extracting(e -> e.at("/data/workspace/plan").asText())
                .containsExactly("starter", "build", "scale", "enterprise", "build", "starter");
    }

    @Test
    void aRowCommittedButNeverRelayedIsPublishedFromTheTable() throws Throwable {
        // What a crash between commit and publish leaves behind: an unpublished outbox row.
        long ws = 900_000_000L + System.nanoTime() % 1_000_000;
        String id = UUID.randomUUID().toString();
        String payload = "{\"specversion\":\"1.0\",\"id\":\"" + id
                + "\",\"source\":\"/members-service\",\"type\":\"workspace.updated\","
                + "\"subject\":\"" + ws
                + "\",\"time\":\"2026-11-22T00:00:00Z\",\"datacontenttype\":\"application/json\","
                + "\"workspaceid\":" + ws + ",\"testmode\":false,\"data\":{}}";
        VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(() -> Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "insert into outbox (id, topic, message_key, type, payload) values (?1, 'member-events', ?2, 'workspace.updated', ?3)")
                        .setParameter(1, UUID.fromString(id))
                        .setParameter(2, Long.toString(ws))
                        .setParameter(3, payload)
                        .executeUpdate())));
        assertThat(eventsOf(ws, 1)).extracting(e -> e.get("id").asText()).containsExactly(id);
    }

    @Test
    void aLaterCommitWaitsForAnEarlierOpenTransactionSoSequenceOrderHolds() throws Exception {
        var config = ConfigProvider.getConfig();
        String url = config.getValue("quarkus.datasource.jdbc.url", String.class);
        String user = config.getValue("quarkus.datasource.username", String.class);
        String password = config.getValue("quarkus.datasource.password", String.class);
        long ws = Admin.workspace("starter", "[]");
        eventsOf(ws, 1);
        String first = UUID.randomUUID().toString();
        try (Connection slow = DriverManager.getConnection(url, user, password)) {
            slow.setAutoCommit(false);
            try (var st = slow.prepareStatement(
                    "insert into outbox (id, topic, message_key, type, payload) values (?::uuid, 'member-events', ?, 'workspace.updated', ?)")) {
                st.setString(1, first);
                st.setString(2, Long.toString(ws));
                st.setString(
                        3,
                        "{\"specversion\":\"1.0\",\"id\":\"" + first
                                + "\",\"type\":\"workspace.updated\",\"workspaceid\":" + ws + ",\"data\":{}}");
                st.executeUpdate();
            }
            // A change that commits while the earlier transaction is still open...
            RestAssured.given()
                    .auth()
                    .oauth2(Admin.operatorToken())
                    .contentType("application/json")
                    .body("{\"plan\":\"scale\"}")
                    .patch("/admin/v1/workspaces/" + ws)
                    .then()
                    .statusCode(200);
            // ...is held back: publishing it now would put it before the earlier row.
            assertThat(eventsOfWithin(ws, 2, Duration.ofSeconds(3))).hasSize(1);
            slow.commit();
        }
        List<JsonNode> events = eventsOf(ws, 3);
        assertThat(events).hasSize(3);
        assertThat(events.get(1).get("id").asText()).isEqualTo(first);
        assertThat(events.get(2).at("/data/workspace/plan").asText()).isEqualTo("scale");
    }

    @Test
    void memberChangesPublishTheirEventsInTheKeysMode() throws Exception {
        long ws = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(ws, "test");
        long id = MembersApiTest.as(key)
                .body("{\"email\":\"" + MembersApiTest.unique("evt") + "\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
        RestAssured.given()
                .header("Authorization", key.header())
                .patch("/api/v1/members/unlink/" + id)
                .then()
                .statusCode(204);
        RestAssured.given()
                .header("Authorization", key.header())
                .delete("/api/v1/members/" + id)
                .then()
                .statusCode(201);
        List<JsonNode> events = eventsOf(ws, 5);
        assertThat(events)
                .extracting(e -> e.get("type").asText())
                .containsExactly(
                        "workspace.created",
                        "apikey.created",
                        "member.created",
                        "member.deactivated",
                        "member.deleted");
        assertThat(events.get(2).at("/data/member/id").asLong()).isEqualTo(id);
        assertThat(events.get(2).get("testmode").asBoolean()).isTrue();
        assertThat(events.get(3).at("/data/member/state").asText()).isEqualTo("inactive");
    }

    private List<JsonNode> eventsOf(long ws, int expected) throws Exception {
        return eventsOfWithin(ws, expected, Duration.ofSeconds(30));
    }

    private List<JsonNode> eventsOfWithin(long ws, int expected, Duration timeout) throws Exception {
        List<ConsumerRecord<String, String>> records = TestKafka.readUntil(
                "member-events",
                all -> all.stream()
                                .filter(r -> r.key().equals(Long.toString(ws)))
                                .count()
                        >= expected,
                timeout);
        List<JsonNode> events = new ArrayList<>();
        for (ConsumerRecord<String, String> r : records) {
            if (r.key().equals(Long.toString(ws))) {
                events.add(mapper.readTree(r.value()));
            }
        }
        return events;
    }
}

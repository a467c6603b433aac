package org.courseplatform.webhooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.courseplatform.platform.testing.HttpsReceiver;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.webhooks.support.Hooks;
import org.courseplatform.webhooks.support.TestCaResource;
import org.junit.jupiter.api.Test;

/**
 * Without an operator allow-list: a URL whose host is, or resolves to, a non-public address is
 * refused when saved (create and PATCH) with a 400 naming {@code url}; a host that resolves to one
 * later is refused again at send time. Neither answer names the address a host name resolved to,
 * so the API is no oracle for internal DNS.
 */
@QuarkusTest
@TestProfile(AddressCheckTest.NoAllowList.class)
class AddressCheckTest {

    public static class NoAllowList implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("webhooks.allowed-addresses", " ");
        }
    }

    /** A name that never resolves (RFC 2606), so saving accepts it and sending reports it. */
    private static final String UNRESOLVED = "https://hooks.example.invalid/hook";

    private static RequestSpecification as(String auth) {
        return given().header("Authorization", auth).contentType(ContentType.JSON);
    }

    @Test
    void aHostNameResolvingToANonPublicAddressIsA400WhenSaved() {
        String auth = TestKeys.enterprise(TestKeys.newWorkspace());
        // localhost resolves to 127.0.0.1: refused by name, without saying what it resolved to.
        as(auth).body("{\"url\":\"https://localhost:9443/hook\",\"events\":[\"course.created\"]}")
                .post("/v1/headless/webhooks")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("details[0].field", equalTo("url"))
                .body(
                        "message",
                        allOf(
                                containsString("non-public address"),
                                not(containsString("127.")),
                                not(containsString("loopback"))));
        // Literal addresses are refused as before, naming the kind the client wrote itself.
        for (String literal :
                List.of("127.0.0.1", "10.1.2.3", "169.254.169.254", "[::1]", "[fe80::1]", "[::ffff:192.168.0.1]")) {
            as(auth).body("{\"url\":\"https://" + literal + "/hook\",\"events\":[\"course.created\"]}")
                    .post("/v1/headless/webhooks")
                    .then()
                    .statusCode(400)
                    .body("details[0].field", equalTo("url"))
                    .body("message", containsString("address"));
        }
        // A name that does not resolve (yet) is saved; sending reports it.
        long id = Hooks.create(auth, UNRESOLVED, "course.created").id();
        // PATCH checks the new URL the same way and leaves the endpoint as it was.
        as(auth).body("{\"url\":\"https://localhost/other\"}")
                .patch("/v1/headless/webhooks/" + id)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("url"))
                .body("message", containsString("non-public address"));
        as(auth).body("{\"url\":\"https://169.254.169.254/latest\"}")
                .patch("/v1/headless/webhooks/" + id)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("url"))
                .body("message", containsString("metadata"));
        as(auth).get("/v1/headless/webhooks/" + id).then().statusCode(200).body("url", equalTo(UNRESOLVED));
        as(auth).body("{\"url\":\"https://other.example.invalid/hook\"}")
                .patch("/v1/headless/webhooks/" + id)
                .then()
                .statusCode(200)
                .body("url", equalTo("https://other.example.invalid/hook"));
    }

    @Test
    void aHostThatResolvesToANonPublicAddressLaterIsRefusedAtSendTimeWithoutNamingIt() {
        try (HttpsReceiver receiver = HttpsReceiver.start(TestCaResource.ca().serverContext("localhost"))) {
            long ws = TestKeys.newWorkspace();
            String auth = TestKeys.enterprise(ws);
            Hooks.Endpoint endpoint =
                    Hooks.create(auth, "https://hooks.example.invalid:" + receiver.port() + "/local", "course.created");
            // The name now resolves to loopback (as if its DNS record changed after the endpoint was saved).
            Db.execute(
                    "update webhook_endpoint set url = '" + receiver.url("/local") + "' where id = " + endpoint.id());
            Hooks.sendCourseCreated(ws, false);
            Hooks.await(Duration.ofSeconds(30), () -> {
                JsonNode log = Hooks.deliveries(auth, endpoint.id()).get(0);
                assertThat(log.get("attempts").asInt()).isEqualTo(1);
                assertThat(log.get("status").asText()).isEqualTo("pending");
                assertThat(log.get("lastStatusCode").isNull()).isTrue();
                assertThat(log.get("lastError").asText())
                        .isEqualTo("refused: localhost resolves to a non-public address");
            });
            assertThat(receiver.requests()).isEmpty();
            assertThat(Db.value("select count(*) from delivery_attempt a join delivery d on d.id = a.delivery_id"
                            + " where d.endpoint_id = " + endpoint.id()
                            + " and a.error = 'refused: localhost resolves to a non-public address'"))
                    .isEqualTo(1L);
        }
    }

    @Test
    void refusalsLoggedWithTheirAddressAreRewrittenWithoutIt() throws IOException {
        long ws = TestKeys.newWorkspace();
        String auth = TestKeys.enterprise(ws);
        long id = Hooks.create(auth, UNRESOLVED, "course.created").id();
        Map<String, String> logged = Map.of(
                "refused: intranet.corp resolves to a private address (10.0.0.7)",
                "refused: intranet.corp resolves to a non-public address",
                "refused: meta.corp resolves to a metadata address (169.254.169.254)",
                "refused: meta.corp resolves to a non-public address",
                "refused: v6.corp resolves to a private (IPv4-mapped) address (::ffff:192.168.1.9)",
                "refused: v6.corp resolves to a non-public address",
                "HTTP 500",
                "HTTP 500");
        for (String error : logged.keySet()) {
            UUID delivery = UUID.randomUUID();
            Db.execute(
                    "insert into delivery (id, endpoint_id, workspace_id, event_id, type, body, status, attempts, max_attempts,"
                            + " last_error) values ('" + delivery + "', " + id + ", " + ws
                            + ", gen_random_uuid(), 'course.created', '{}',"
                            + " 'failed', 1, 6, '" + error + "')");
            Db.execute("insert into delivery_attempt (delivery_id, attempt, started_at, duration_ms, error) values ('"
                    + delivery + "', 1, now(), 1, '" + error + "')");
        }

        try (InputStream migration =
                getClass().getResourceAsStream("/db/migration/V4_1__refusals_without_addresses.sql")) {
            String sql = new String(migration.readAllBytes(), StandardCharsets.UTF_8).replaceAll("(?m)^--.*$", "");
            for (String statement : sql.split(";")) {
                if (!statement.isBlank()) {
                    Db.execute(statement);
                }
            }
        }

        List<String> errors = Hooks.deliveries(auth, id).stream()
                .map(d -> d.get("lastError").asText())
                .sorted()
                .toList();
        assertThat(errors)
                .containsExactlyElementsOf(logged.values().stream().sorted().toList());
        String attempts =
                "select count(*) from delivery_attempt a join delivery d on d.id = a.delivery_id where d.endpoint_id = "
                        + id;
        assertThat(Db.value(attempts + " and a.error like '%non-public address'"))
                .isEqualTo(3L);
        assertThat(Db.value(attempts + " and a.error = 'HTTP 500'")).isEqualTo(1L);
        assertThat(Db.value(attempts + " and a.error like '%(%'")).isEqualTo(0L);
    }
}

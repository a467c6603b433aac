package org.courseplatform.members.keycloak;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Anonymous client registration cannot fill the realm for good: registered clients (random UUID
 * client ids) with no session are deleted once idle for a day; clients in use and the realm's own
 * clients stay. Real PostgreSQL; Keycloak's admin API is FakeKeycloak.
 */
@QuarkusTest
@TestProfile(KeycloakProvisioningTest.WithKeycloak.class)
class KeycloakClientJanitorTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Inject
    KeycloakClientJanitor janitor;

    @Inject
    Pool pool;

    @Test
    void registeredClientsUnusedForADayAreDeletedAndOthersKept() {
        String unused = client(UUID.randomUUID().toString(), 0);
        String inUse = client(UUID.randomUUID().toString(), 2);
        String own = client("members-service-" + UUID.randomUUID(), 0);

        // First seen idle now: nothing is old enough yet.
        assertThat(sweep()).isZero();
        assertThat(FakeKeycloak.CLIENTS).containsKeys(unused, inUse, own);

        // A day later (the idle mark moved back), the unused registered client goes.
        pool.query("update keycloak_idle_client set idle_since = now() - interval '25 hours'")
                .execute()
                .await()
                .atMost(Duration.ofSeconds(10));
        assertThat(sweep()).isEqualTo(1);
        assertThat(FakeKeycloak.CLIENTS).doesNotContainKey(unused).containsKeys(inUse, own);

        // A client that is used again starts over when it next falls idle.
        FakeKeycloak.CLIENTS.get(inUse).put("sessions", 0);
        assertThat(sweep()).isZero();
        assertThat(FakeKeycloak.CLIENTS).containsKey(inUse);
    }

    private int sweep() {
        return janitor.sweep().await().atMost(Duration.ofSeconds(30));
    }

    /** A client of the fake realm; answers its internal id. */
    private static String client(String clientId, long sessions) {
        String id = UUID.randomUUID().toString();
        ObjectNode client = MAPPER.createObjectNode()
                .put("id", id)
                .put("clientId", clientId)
                .put("sessions", sessions);
        FakeKeycloak.CLIENTS.put(id, client);
        return id;
    }
}

package org.courseplatform.members.keycloak;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.courseplatform.platform.testing.TestTokens;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * Members reach Keycloak through member-events (real PostgreSQL and Kafka; Keycloak's admin API is
 * FakeKeycloak): created with their password hash and platform_user_id, disabled and signed out
 * when no membership is active, deleted when none is left; the backfill provisions users that no
 * event brought.
 */
@QuarkusTest
@TestProfile(KeycloakProvisioningTest.WithKeycloak.class)
class KeycloakProvisioningTest {

    public static class WithKeycloak implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(FakeKeycloak.class));
        }
    }

    private final ObjectMapper mapper = new ObjectMapper();

    @Inject
    Pool pool;

    @Inject
    KeycloakBackfill backfill;

    @Test
    void aMemberIsProvisionedDisabledAndDeletedAlongTheirMemberships() throws Exception {
        String[] a = workspaceKey();
        String[] b = workspaceKey();
        String email = "Kc-" + UUID.randomUUID() + "@Example.com";
        String username = email.toLowerCase();
        long id = given().header("Authorization", a[1])
                .contentType("application/json")
                .body(
                        "{\"email\":\"" + email
                                + "\",\"password\":\"correct horse\",\"userType\":\"team\",\"firstname\":\"Ada\",\"lastname\":\"Lovelace\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");

        ObjectNode user =
                await().atMost(Duration.ofSeconds(30)).until(() -> FakeKeycloak.user(username), u -> u != null);
        assertThat(user.path("email").asText()).isEqualTo(username);
        assertThat(user.path("emailVerified").asBoolean())
                .as("a workspace chose the email and password: only the person's own reset verifies it")
                .isFalse();
        assertThat(user.path("enabled").asBoolean()).isTrue();
        assertThat(user.path("firstName").asText()).isEqualTo("Ada");
        assertThat(user.path("lastName").asText()).isEqualTo("Lovelace");
        assertThat(user.at("/attributes/platform_user_id/0").asText()).isEqualTo(Long.toString(id));
        JsonNode credential = user.at("/credentials/0");
        assertThat(credential.path("type").asText()).isEqualTo("password");
        assertThat(mapper.readTree(credential.path("credentialData").asText())
                        .path("algorithm")
                        .asText())
                .isEqualTo("pbkdf2-sha256");

        // A second workspace: still one Keycloak user. Unlinked there, the first keeps it enabled.
        given().header("Authorization", b[1])
                .contentType("application/json")
                .body("{\"email\":\"" + email + "\",\"active\":true}")
                .post("/api/v1/members")
                .then()
                .statusCode(200);
        unlinkAndAwaitUpdates(b[1], id, username, 2);
        assertThat(FakeKeycloak.user(username).path("enabled").asBoolean()).isTrue();
        assertThat(FakeKeycloak.CALLS).doesNotContain("logout " + username);

        // No active membership left: disabled and signed out.
        given().header("Authorization", a[1])
                .patch("/api/v1/members/unlink/" + id)
                .then()
                .statusCode(204);
        await().atMost(Duration.ofSeconds(30)).until(() -> FakeKeycloak.CALLS.contains("logout " + username));
        assertThat(FakeKeycloak.user(username).path("enabled").asBoolean()).isFalse();
        assertThat(FakeKeycloak.CALLS.stream()
                        .filter(c -> c.startsWith("create " + username))
                        .count())
                .isEqualTo(1);

        // No membership at all: deleted.
        given().header("Authorization", a[1])
                .delete("/api/v1/members/" + id)
                .then()
                .statusCode(201);
        given().header("Authorization", b[1])
                .delete("/api/v1/members/" + id)
                .then()
                .statusCode(201);
        await().atMost(Duration.ofSeconds(30)).until(() -> FakeKeycloak.user(username) == null);
        assertThat(FakeKeycloak.CALLS).contains("delete " + username);
    }

    @Test
    void theWorkspaceThatChoseThePasswordIsRecordedAndThePersonsOwnVerificationIsKept() {
        String[] a = workspaceKey();
        String[] b = workspaceKey();
        String email = "own-" + UUID.randomUUID() + "@example.com";
        long id = create(a[1], email, "chosen by a");
        ObjectNode user = await().atMost(Duration.ofSeconds(30)).until(() -> FakeKeycloak.user(email), u -> u != null);
        assertThat(user.path("emailVerified").asBoolean()).isFalse();
        // Another workspace adds the same person with its own password: not applied, and the
        // password stays bound to the workspace that chose it.
        create(b[1], email, "chosen by b");
        assertThat(passwordWorkspace(id)).isEqualTo(Long.parseLong(a[0]));
        // The person resets their password through the link mailed to them: Keycloak verifies the
        // email. Later syncs (another membership change) leave that alone.
        user.put("emailVerified", true);
        // Two updates: the second membership's and the unlink's, which came after the reset.
        unlinkAndAwaitUpdates(b[1], id, email, 2);
        assertThat(FakeKeycloak.user(email).path("emailVerified").asBoolean()).isTrue();

        // An account provisioned under the older rules (which marked every email verified) is
        // marked unverified once by the backfill, then left alone.
        pool.preparedQuery("update keycloak_provisioned set version = 1 where user_id = $1")
                .execute(Tuple.of(id))
                .await()
                .atMost(Duration.ofSeconds(10));
        backfill.run().await().atMost(Duration.ofSeconds(30));
        assertThat(FakeKeycloak.user(email).path("emailVerified").asBoolean()).isFalse();
        FakeKeycloak.user(email).put("emailVerified", true);
        backfill.run().await().atMost(Duration.ofSeconds(30));
        assertThat(FakeKeycloak.user(email).path("emailVerified").asBoolean()).isTrue();
    }

    @Test
    void agentGatewayHasKeycloakMailAPersonTheLinkToSetTheirOwnPasswordAtMostOnceInTenMinutes() {
        String[] a = workspaceKey();
        String email = "link-" + UUID.randomUUID() + "@example.com";
        long id = create(a[1], email, "chosen by a");
        await().atMost(Duration.ofSeconds(30)).until(() -> FakeKeycloak.user(email), u -> u != null);
        String gateway = "Bearer " + TestTokens.serviceToken("agent-gateway", "members-service");

        given().header("Authorization", gateway)
                .post("/internal/v1/users/" + id + "/password-link")
                .then()
                .statusCode(202)
                .body("outcome", org.hamcrest.Matchers.equalTo("sent"));
        assertThat(FakeKeycloak.CALLS).contains("mail " + email + " [\"UPDATE_PASSWORD\"] lifespan=3600");
        // Whoever asks again within ten minutes (the token's holder may not be the person) mails nothing.
        given().header("Authorization", gateway)
                .post("/internal/v1/users/" + id + "/password-link")
                .then()
                .statusCode(202)
                .body("outcome", org.hamcrest.Matchers.equalTo("recently_sent"));
        assertThat(FakeKeycloak.CALLS.stream().filter(c -> c.startsWith("mail " + email)))
                .hasSize(1);
        // Only agent-gateway may ask.
        given().header("Authorization", "Bearer " + TestTokens.serviceToken("course-service", "members-service"))
                .post("/internal/v1/users/" + id + "/password-link")
                .then()
                .statusCode(403);
    }

    /** Unlinks the member in the key's workspace and waits for {@code updates} enabled updates of their account. */
    private static void unlinkAndAwaitUpdates(String apiKey, long id, String username, long updates) {
        given().header("Authorization", apiKey)
                .patch("/api/v1/members/unlink/" + id)
                .then()
                .statusCode(204);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> FakeKeycloak.CALLS.stream()
                                .filter(c -> c.equals("update " + username + " enabled=true"))
                                .count()
                        >= updates);
    }

    private long passwordWorkspace(long userId) {
        return pool.preparedQuery("select password_workspace_id from app_user where id = $1")
                .execute(Tuple.of(userId))
                .map(rows -> rows.iterator().next().getLong(0))
                .await()
                .atMost(Duration.ofSeconds(10));
    }

    private static long create(String apiKey, String email, String password) {
        return given().header("Authorization", apiKey)
                .contentType("application/json")
                .body("{\"email\":\"" + email + "\",\"password\":\"" + password + "\",\"userType\":\"team\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    @Test
    void theBackfillProvisionsUsersNoEventBrought() {
        String[] a = workspaceKey();
        String email = "backfill-" + UUID.randomUUID() + "@example.com";
        // A user and membership written as an older version (or a restore) would: no event.
        long id = pool.withTransaction(c -> c.preparedQuery(
                                "insert into app_user (email, username) values ($1, $1) returning id")
                        .execute(Tuple.of(email))
                        .map(rows -> rows.iterator().next().getLong(0))
                        .call(userId -> c.preparedQuery(
                                        "insert into membership (workspace_id, user_id, state, user_type) values ($1, $2, 'active', 'student')")
                                .execute(Tuple.of(Long.parseLong(a[0]), userId))))
                .await()
                .atMost(Duration.ofSeconds(10));
        assertThat(FakeKeycloak.user(email)).isNull();

        backfill.run().await().atMost(Duration.ofSeconds(30));

        ObjectNode user = FakeKeycloak.user(email);
        assertThat(user).isNotNull();
        assertThat(user.at("/attributes/platform_user_id/0").asText()).isEqualTo(Long.toString(id));
        assertThat(user.path("credentials").isMissingNode())
                .as("no password: none imported")
                .isTrue();
        long calls = FakeKeycloak.CALLS.size();
        backfill.run().await().atMost(Duration.ofSeconds(30));
        assertThat(FakeKeycloak.CALLS.stream().skip(calls).filter(c -> c.contains(email)))
                .as("a second run has nothing to do")
                .isEmpty();
    }

    /** {workspaceId, Authorization header of a live key}, through the operator API. */
    private static String[] workspaceKey() {
        String operator = ConfigProvider.getConfig().getValue("platform.auth.operator-token", String.class);
        long ws = given().auth()
                .oauth2(operator)
                .contentType("application/json")
                .body("{\"name\":\"Keycloak\",\"plan\":\"build\",\"addons\":[],\"features\":[],\"userLimit\":null}")
                .post("/admin/v1/workspaces")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        String key = given().auth()
                .oauth2(operator)
                .contentType("application/json")
                .body("{\"mode\":\"live\",\"name\":\"k\"}")
                .post("/admin/v1/workspaces/" + ws + "/api-keys")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("key");
        return new String[] {Long.toString(ws), "SERVICE:" + ws + ":" + key};
    }
}

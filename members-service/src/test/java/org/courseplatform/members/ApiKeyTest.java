package org.courseplatform.members;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.courseplatform.platform.auth.ApiKeys;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.platform.testing.TestTokens;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/** Issuing, using, listing and revoking API keys, and the internal verification other services use. */
@QuarkusTest
class ApiKeyTest {

    @Test
    void anIssuedKeyWorksAtOnceAndIsShownOnlyOnce() {
        long ws = Admin.workspace("starter", "[]");
        Admin.Key key = Admin.key(ws, "live");
        assertThat(key.secret()).startsWith("cp_live_").hasSizeGreaterThanOrEqualTo(40);
        given().header("Authorization", key.header())
                .get("/api/v1/members")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "0");
        given().auth()
                .oauth2(Admin.operatorToken())
                .get("/admin/v1/workspaces/" + ws + "/api-keys")
                .then()
                .statusCode(200)
                .body("size()", equalTo(1))
                .body("[0]", not(hasKey("key")))
                .body("[0].prefix", startsWith("cp_live_"))
                .body("[0].mode", equalTo("live"));
    }

    @Test
    void keysAreStoredOnlyAsHashes() throws Throwable {
        long ws = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(ws, "test");
        List<Object[]> rows = VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(() -> Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "select encode(key_hash, 'hex'), key_prefix from api_key where id = ?1", Object[].class)
                        .setParameter(1, key.id())
                        .getResultList())));
        assertThat(rows).hasSize(1);
        assertThat((String) rows.get(0)[0]).isEqualTo(ApiKeys.sha256Hex(key.secret()));
        assertThat(key.secret()).doesNotContain((String) rows.get(0)[0]);
    }

    @Test
    void aRevokedKeyIsRefusedAtOnceHere() {
        long ws = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(ws, "live");
        given().header("Authorization", key.header())
                .get("/api/v1/members")
                .then()
                .statusCode(200);
        given().auth()
                .oauth2(Admin.operatorToken())
                .delete("/admin/v1/workspaces/" + ws + "/api-keys/" + key.id())
                .then()
                .statusCode(204);
        given().header("Authorization", key.header())
                .get("/api/v1/members")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("UNAUTHORIZED"));
        given().auth()
                .oauth2(Admin.operatorToken())
                .get("/admin/v1/workspaces/" + ws + "/api-keys")
                .then()
                .body("revoked", everyItem(Matchers.notNullValue()));
    }

    @Test
    void aKeyActsOnlyForItsOwnWorkspace() {
        long mine = Admin.workspace("build", "[]");
        long other = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(mine, "live");
        given().header("Authorization", "SERVICE:" + other + ":" + key.secret())
                .get("/api/v1/members")
                .then()
                .statusCode(401);
        given().auth()
                .oauth2(Admin.operatorToken())
                .delete("/admin/v1/workspaces/" + other + "/api-keys/" + key.id())
                .then()
                .statusCode(404);
    }

    @Test
    void modeMustBeLiveOrTest() {
        long ws = Admin.workspace("build", "[]");
        given().auth()
                .oauth2(Admin.operatorToken())
                .contentType(ContentType.JSON)
                .body("{\"mode\":\"prod\"}")
                .post("/admin/v1/workspaces/" + ws + "/api-keys")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("mode"));
        given().auth()
                .oauth2(Admin.operatorToken())
                .contentType(ContentType.JSON)
                .body("{\"mode\":\"live\"}")
                .post("/admin/v1/workspaces/999999999/api-keys")
                .then()
                .statusCode(404);
    }

    @Inject
    CountingApiKeyHashes hashes;

    /**
     * A key nobody issued is refused on the prefix lookup, with no hashing; only a key whose
     * prefix is a live key of the workspace is hashed, once.
     */
    @Test
    void anUnknownKeyIsRefusedOnItsPrefixWithoutHashing() {
        long ws = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(ws, "live");
        String serviceToken = TestTokens.serviceToken("course-service", "members-service");
        long before = hashes.calls();
        for (int i = 0; i < 50; i++) {
            verify(serviceToken, ws, TestKeys.unknown()).then().statusCode(200).body("valid", equalTo(false));
        }
        // A real key's prefix presented for another workspace is refused on the lookup too.
        verify(serviceToken, ws + 1_000_000, key.secret())
                .then()
                .statusCode(200)
                .body("valid", equalTo(false));
        assertThat(hashes.calls()).as("hashes of keys nobody issued").isEqualTo(before);
        String forged = key.secret().substring(0, 16) + TestKeys.unknown().substring(16);
        verify(serviceToken, ws, forged).then().statusCode(200).body("valid", equalTo(false));
        assertThat(hashes.calls()).as("a known prefix is hashed and compared").isEqualTo(before + 1);
        verify(serviceToken, ws, key.secret()).then().statusCode(200).body("valid", equalTo(true));
        assertThat(hashes.calls()).isEqualTo(before + 2);
    }

    private static io.restassured.response.Response verify(String serviceToken, long workspace, String apiKey) {
        return given().auth()
                .oauth2(serviceToken)
                .contentType(ContentType.JSON)
                .body("{\"workspaceId\":" + workspace + ",\"apiKey\":\"" + apiKey + "\"}")
                .post("/internal/v1/auth/api-keys/verify");
    }

    @Test
    void internalVerificationNeedsAServiceTokenAndAnswersWhatTheWorkspaceMayUse() {
        long ws = Admin.workspace("scale", "[\"scorm_hosting\"]");
        Admin.Key key = Admin.key(ws, "test");
        String body = "{\"workspaceId\":" + ws + ",\"apiKey\":\"" + key.secret() + "\"}";
        given().contentType(ContentType.JSON)
                .body(body)
                .post("/internal/v1/auth/api-keys/verify")
                .then()
                .statusCode(401);
        given().header("Authorization", key.header())
                .contentType(ContentType.JSON)
                .body(body)
                .post("/internal/v1/auth/api-keys/verify")
                .then()
                .statusCode(403);
        String serviceToken = TestTokens.serviceToken("course-service", "members-service");
        given().auth()
                .oauth2(serviceToken)
                .contentType(ContentType.JSON)
                .body(body)
                .post("/internal/v1/auth/api-keys/verify")
                .then()
                .statusCode(200)
                .body("valid", equalTo(true))
                .body("workspaceId", equalTo((int) ws))
                .body("keyId", equalTo((int) key.id()))
                .body("mode", equalTo("test"))
                .body("plan", equalTo("scale"))
                .body("addons", Matchers.contains("scorm_hosting"));
        given().auth()
                .oauth2(serviceToken)
                .contentType(ContentType.JSON)
                .body("{\"workspaceId\":" + ws + ",\"apiKey\":\"" + key.secret() + "x\"}")
                .post("/internal/v1/auth/api-keys/verify")
                .then()
                .statusCode(200)
                .body("valid", equalTo(false));
        // Bean validation failures name each field.
        given().auth()
                .oauth2(serviceToken)
                .contentType(ContentType.JSON)
                .body("{}")
                .post("/internal/v1/auth/api-keys/verify")
                .then()
                .statusCode(400)
                .body("details.field", Matchers.hasItems("workspaceId", "apiKey"));
        // A service token addressed to another service is refused.
        given().auth()
                .oauth2(TestTokens.serviceToken("migration-service", "course-service"))
                .contentType(ContentType.JSON)
                .body(body)
                .post("/internal/v1/auth/api-keys/verify")
                .then()
                .statusCode(401);
        // Every other service verifies keys here; members-service itself is no caller, and neither is an unknown key.
        for (String caller : new String[] {
            "course-service", "scorm-service", "migration-service", "agent-gateway", "webhook-dispatcher"
        }) {
            given().auth()
                    .oauth2(TestTokens.serviceToken(caller, "members-service"))
                    .contentType(ContentType.JSON)
                    .body(body)
                    .post("/internal/v1/auth/api-keys/verify")
                    .then()
                    .statusCode(200)
                    .body("valid", equalTo(true));
        }
        given().auth()
                .oauth2(TestTokens.serviceToken("members-service", "members-service"))
                .contentType(ContentType.JSON)
                .body(body)
                .post("/internal/v1/auth/api-keys/verify")
                .then()
                .statusCode(401);
        given().auth()
                .oauth2(TestTokens.signWithUnknownKey("course-service", "service", "members-service", Map.of()))
                .contentType(ContentType.JSON)
                .body(body)
                .post("/internal/v1/auth/api-keys/verify")
                .then()
                .statusCode(401);
    }

    @Test
    void aKeysStandingByIdFollowsRevocationAndPlanForAgentGateway() {
        long ws = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(ws, "live");
        String gateway = TestTokens.serviceToken("agent-gateway", "members-service");
        String path = "/internal/v1/auth/api-keys/" + key.id() + "?workspaceId=" + ws;
        given().auth()
                .oauth2(gateway)
                .get(path)
                .then()
                .statusCode(200)
                .body("valid", equalTo(true))
                .body("keyId", equalTo((int) key.id()))
                .body("plan", equalTo("build"))
                .body("mode", equalTo("live"));
        // Another workspace's id for the key, or an unknown key: not valid, and nothing said why.
        given().auth()
                .oauth2(gateway)
                .get("/internal/v1/auth/api-keys/" + key.id() + "?workspaceId=" + (ws + 100000))
                .then()
                .statusCode(200)
                .body("valid", equalTo(false))
                .body("plan", Matchers.nullValue());
        given().auth()
                .oauth2(gateway)
                .get("/internal/v1/auth/api-keys/999999999?workspaceId=" + ws)
                .then()
                .statusCode(200)
                .body("valid", equalTo(false));
        // The plan is read now, not when the key was issued.
        given().auth()
                .oauth2(Admin.operatorToken())
                .contentType(ContentType.JSON)
                .body("{\"plan\":\"starter\"}")
                .patch("/admin/v1/workspaces/" + ws)
                .then()
                .statusCode(200);
        given().auth().oauth2(gateway).get(path).then().statusCode(200).body("plan", equalTo("starter"));
        given().auth()
                .oauth2(Admin.operatorToken())
                .delete("/admin/v1/workspaces/" + ws + "/api-keys/" + key.id())
                .then()
                .statusCode(204);
        given().auth().oauth2(gateway).get(path).then().statusCode(200).body("valid", equalTo(false));
        // Services only; malformed ids are 400 naming them.
        given().header("Authorization", key.header()).get(path).then().statusCode(401);
        given().auth()
                .oauth2(gateway)
                .get("/internal/v1/auth/api-keys/abc?workspaceId=x")
                .then()
                .statusCode(400);
    }
}

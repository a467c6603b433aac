package org.courseplatform.members;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.courseplatform.platform.auth.Scopes;
import org.courseplatform.platform.testing.TestTokens;
import org.junit.jupiter.api.Test;

/**
 * Keys issued with scopes: what the admin API shows, what it refuses, and what the keys may do
 * here. That every endpoint of every family refuses a key without its scope is checked per
 * endpoint by each service's ServiceContract.
 */
@QuarkusTest
class ScopedKeyTest {

    @Test
    void aReadOnlyKeyListsMembersButMayNotManageThem() {
        long workspace = Admin.workspace("build", "[]");
        Admin.Key reader = Admin.scopedKey(workspace, List.of("members:read", "courses:read"));
        given().header("Authorization", reader.header())
                .get("/api/v1/members")
                .then()
                .statusCode(200);
        given().header("Authorization", reader.header())
                .contentType(ContentType.JSON)
                .body(Map.of("email", "reader-" + System.nanoTime() + "@example.com"))
                .post("/api/v1/members")
                .then()
                .statusCode(403)
                .body("message", equalTo("Caller not authorized to manage members"))
                .body("error.code", equalTo("FORBIDDEN"))
                .body("error.reason", equalTo("missing_scope"));
    }

    @Test
    void aWriteScopeIncludesReadingAndAnotherFamilysScopeGivesNeither() {
        long workspace = Admin.workspace("build", "[]");
        Admin.Key writer = Admin.scopedKey(workspace, List.of("members:write"));
        given().header("Authorization", writer.header())
                .contentType(ContentType.JSON)
                .body(Map.of("email", "writer-" + System.nanoTime() + "@example.com"))
                .post("/api/v1/members")
                .then()
                .statusCode(200);
        given().header("Authorization", writer.header())
                .get("/api/v1/members")
                .then()
                .statusCode(200);
        Admin.Key courses = Admin.scopedKey(workspace, List.of("courses:write", "webhooks:manage"));
        given().header("Authorization", courses.header())
                .get("/api/v1/members")
                .then()
                .statusCode(403)
                .body("message", equalTo("Caller not authorized to read members"));
    }

    @Test
    void keysIssuedWithoutScopesKeepFullAccessAndTheAdminApiSaysSo() {
        long workspace = Admin.workspace("build", "[]");
        Admin.Key full = Admin.key(workspace, "live");
        Admin.Key scoped = Admin.scopedKey(workspace, List.of("scorm:write", "members:read", "members:read"));
        given().header("Authorization", full.header())
                .contentType(ContentType.JSON)
                .body(Map.of("email", "full-" + System.nanoTime() + "@example.com"))
                .post("/api/v1/members")
                .then()
                .statusCode(200);
        JsonPath keys = given().auth()
                .oauth2(Admin.operatorToken())
                .get("/admin/v1/workspaces/" + workspace + "/api-keys")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(keys.getList("find { it.id == " + full.id() + " }.scopes", String.class))
                .isEqualTo(Scopes.CATALOGUE);
        assertThat(keys.getBoolean("find { it.id == " + full.id() + " }.fullAccess"))
                .isTrue();
        assertThat(keys.getList("find { it.id == " + scoped.id() + " }.scopes", String.class))
                .as("de-duplicated, in catalogue order")
                .containsExactly("members:read", "scorm:write");
        assertThat(keys.getBoolean("find { it.id == " + scoped.id() + " }.fullAccess"))
                .isFalse();
    }

    @Test
    void unknownOrNoScopesAreRefusedWhenIssuing() {
        long workspace = Admin.workspace("build", "[]");
        given().auth()
                .oauth2(Admin.operatorToken())
                .contentType(ContentType.JSON)
                .body(Map.of("mode", "live", "scopes", List.of("members:read", "members:delete")))
                .post("/admin/v1/workspaces/" + workspace + "/api-keys")
                .then()
                .statusCode(400)
                .body("details.field", hasItem("scopes"));
        given().auth()
                .oauth2(Admin.operatorToken())
                .contentType(ContentType.JSON)
                .body(Map.of("mode", "live", "scopes", List.of()))
                .post("/admin/v1/workspaces/" + workspace + "/api-keys")
                .then()
                .statusCode(400)
                .body("details.field", hasItem("scopes"));
    }

    @Test
    void otherServicesLearnAKeysScopesFromTheVerification() {
        long workspace = Admin.workspace("build", "[]");
        Admin.Key scoped = Admin.scopedKey(workspace, List.of("courses:read"));
        given().auth()
                .oauth2(TestTokens.serviceToken("course-service", "members-service"))
                .contentType(ContentType.JSON)
                .body(Map.of("workspaceId", workspace, "apiKey", scoped.secret()))
                .post("/internal/v1/auth/api-keys/verify")
                .then()
                .statusCode(200)
                .body("valid", equalTo(true))
                .body("scopes", equalTo(List.of("courses:read")));
    }
}

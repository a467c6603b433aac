package org.courseplatform.members;

import static io.restassured.RestAssured.given;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.courseplatform.platform.testing.ServiceContract;
import org.courseplatform.platform.testing.fuzz.Operation;

/**
 * The platform contract for members-service. Unlike the other services it checks keys itself, so
 * the keys here are real: workspaces and keys issued through its operator admin API.
 */
@QuarkusTest
class MembersServiceContractTest extends ServiceContract {

    @Inject
    CountingApiKeyVerifier verifier;

    @Override
    protected long verificationCalls() {
        return verifier.calls();
    }

    @Override
    protected Response callPublicEndpoint(String authorization) {
        return as(authorization).get("/api/v1/members");
    }

    /** Members answer any valid key. */
    @Override
    protected String[] entitlement() {
        return new String[] {"starter", "", ""};
    }

    @Override
    protected String keyFor(String plan, String addons, String features) {
        long workspace = given().auth()
                .oauth2(Admin.operatorToken())
                .contentType(ContentType.JSON)
                .body("{\"name\":\"Contract " + plan + "\",\"plan\":\"" + plan + "\",\"addons\":" + list(addons)
                        + ",\"features\":" + list(features) + ",\"userLimit\":null}")
                .post("/admin/v1/workspaces")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        return Admin.key(workspace, "live").header();
    }

    /** A real key issued through the admin API with these scopes. */
    @Override
    protected String scopedKey(List<String> scopes) {
        long workspace = Admin.workspace("enterprise", "[\"scorm_hosting\"]");
        return Admin.scopedKey(workspace, scopes).header();
    }

    @Override
    protected String revokedKey() {
        Admin.Key key = Admin.key(Admin.workspace("build", "[]"), "live");
        given().auth()
                .oauth2(Admin.operatorToken())
                .delete("/admin/v1/workspaces/" + key.workspaceId() + "/api-keys/" + key.id())
                .then()
                .statusCode(204);
        return key.header();
    }

    /** {@code /test-only/boom} answers 500 on purpose (it checks the 500 shape). */
    @Override
    protected Predicate<Operation> fuzzExcluded() {
        return operation -> operation.path().startsWith("/test-only/");
    }

    /** The admin bodies are read as free-form JSON, so the document gives no schema to build them from. */
    @Override
    protected Map<String, String> fuzzExamples() {
        return Map.of(
                "POST /admin/v1/workspaces",
                        "{\"name\":\"Fuzz\",\"plan\":\"build\",\"addons\":[],\"features\":[],\"userLimit\":null}",
                "PATCH /admin/v1/workspaces/{id}", "{\"name\":\"Fuzz renamed\",\"userLimit\":10}");
    }

    private static String list(String plusJoined) {
        return plusJoined.isEmpty()
                ? "[]"
                : Arrays.stream(plusJoined.split("\\+"))
                        .map(s -> "\"" + s + "\"")
                        .collect(Collectors.joining(",", "[", "]"));
    }
}

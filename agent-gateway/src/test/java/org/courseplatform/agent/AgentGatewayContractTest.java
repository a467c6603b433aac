package org.courseplatform.agent;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.courseplatform.platform.testing.ServiceContract;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.platform.testing.TestTokens;
import org.junit.jupiter.api.Test;

@QuarkusTest
class AgentGatewayContractTest extends ServiceContract {

    @Override
    protected Response callPublicEndpoint(String authorization) {
        return as(authorization)
                .contentType(ContentType.JSON)
                .body("{\"identifier\":\"user-1\"}")
                .post("/api/v1/agent/auth");
    }

    @Test
    void mintsAFourHourTokenCarryingTheScope() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "test");
        Response response = given().header("Authorization", key)
                .contentType(ContentType.JSON)
                .body(
                        "{\"identifier\":\"learner-7\",\"clientIdentifier\":\"tenant-a\",\"tools\":[\"list_courses\",\"get_course\"],"
                                + "\"courseId\":\"42\",\"readonly\":false}")
                .post("/api/v1/agent/auth");
        response.then().statusCode(200).body("token", notNullValue()).body("expiresAt", notNullValue());
        OffsetDateTime expires = OffsetDateTime.parse(response.jsonPath().getString("expiresAt"));
        assertThat(Duration.between(OffsetDateTime.now(), expires).toMinutes()).isBetween(238L, 241L);
        JsonNode claims = new ObjectMapper()
                .readTree(Base64.getUrlDecoder()
                        .decode(response.jsonPath().getString("token").split("\\.")[1]));
        assertThat(claims.get("typ").asText()).isEqualTo("agent");
        assertThat(claims.get("aud").asText()).isEqualTo("agent-gateway");
        assertThat(claims.get("iss").asText())
                .as("signed by agent-gateway's own key")
                .isEqualTo("agent-gateway");
        assertThat(claims.get("workspaceId").asLong()).isEqualTo(ws);
        assertThat(claims.get("identifier").asText()).isEqualTo("learner-7");
        assertThat(claims.get("clientIdentifier").asText()).isEqualTo("tenant-a");
        assertThat(claims.get("courseId").asLong()).isEqualTo(42L);
        assertThat(claims.get("readonly").asBoolean()).isFalse();
        assertThat(claims.get("testMode").asBoolean()).isTrue();
        assertThat(claims.get("tools").toString()).isEqualTo("[\"list_courses\",\"get_course\"]");
    }

    @Test
    void readonlyDefaultsToTrue() throws Exception {
        String token = mintDefaultToken(given());
        JsonNode claims = new ObjectMapper().readTree(Base64.getUrlDecoder().decode(token.split("\\.")[1]));
        assertThat(claims.get("readonly").asBoolean()).isTrue();
        assertThat(claims.has("tools")).isFalse();
    }

    @Test
    void invalidScopeIs400NamingEachField() {
        given().header("Authorization", TestKeys.enterprise(TestKeys.newWorkspace()))
                .contentType(ContentType.JSON)
                .body("{\"tools\":[\"Bad Name\"],\"courseId\":\"abc\"}")
                .post("/api/v1/agent/auth")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("details.field", hasItem("identifier"))
                .body("details.field", hasItem("tools[0]"))
                .body("details.field", hasItem("courseId"));
        given().header("Authorization", TestKeys.enterprise(TestKeys.newWorkspace()))
                .contentType(ContentType.JSON)
                .body("{\"identifier\":\"u\",\"readonly\":\"yes\"}")
                .post("/api/v1/agent/auth")
                .then()
                .statusCode(400)
                .body("details.field", hasItem("readonly"));
    }

    @Test
    void anAgentTokenIsNotAnApiKey() {
        String token = given().header("Authorization", TestKeys.enterprise(TestKeys.newWorkspace()))
                .contentType(ContentType.JSON)
                .body("{\"identifier\":\"u\"}")
                .post("/api/v1/agent/auth")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("token");
        // An agent may not mint further tokens: this endpoint needs a workspace API key.
        given().auth()
                .oauth2(token)
                .contentType(ContentType.JSON)
                .body("{\"identifier\":\"u\"}")
                .post("/api/v1/agent/auth")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"));
        given().auth()
                .oauth2(token + "x")
                .contentType(ContentType.JSON)
                .body("{\"identifier\":\"u\"}")
                .post("/api/v1/agent/auth")
                .then()
                .statusCode(401);
    }

    /**
     * A flood of bad credentials from one address neither stops a good key there from minting
     * agent tokens nor the agent from using them; a bogus agent token is refused on its signature,
     * without asking members-service.
     */
    @Test
    void aFloodOfBadCredentialsFromOneAddressRefusesNeitherMintingNorAgentsFromIt() {
        String flooding = newClientAddress();
        long bogusWorkspace = TestKeys.newWorkspace();
        Response answer = callPublicEndpointFrom(flooding, "SERVICE:" + bogusWorkspace + ":" + TestKeys.unknown());
        for (int i = 0; i < 200 && answer.statusCode() == 401; i++) {
            answer = callPublicEndpointFrom(flooding, "SERVICE:" + bogusWorkspace + ":cp_live_bad" + i);
        }
        answer.then().statusCode(429).body("error.code", equalTo("TOO_MANY_REQUESTS"));

        String token = mintDefaultToken(given().header("X-Forwarded-For", flooding));
        given().header("X-Forwarded-For", flooding)
                .auth()
                .oauth2(token)
                .get("/api/v1/agent/tools")
                .then()
                .statusCode(200);

        long before = verificationCalls();
        for (String bogus : List.of(
                token.substring(0, token.length() - 2) + (token.endsWith("AA") ? "BB" : "AA"),
                TestTokens.signWithUnknownKey(
                        "agent-gateway", "agent", "agent-gateway", Map.of("workspaceId", 1, "keyId", 1)),
                "a.b.c")) {
            given().header("X-Forwarded-For", flooding)
                    .auth()
                    .oauth2(bogus)
                    .get("/api/v1/agent/tools")
                    .then()
                    .statusCode(401)
                    .body("error.code", equalTo("UNAUTHORIZED"));
        }
        assertThat(verificationCalls())
                .as("calls to members-service for bogus agent tokens")
                .isEqualTo(before);
        given().header("X-Forwarded-For", flooding)
                .auth()
                .oauth2(token)
                .get("/api/v1/agent/tools")
                .then()
                .statusCode(200);
    }

    /** An agent token with the defaults for identifier {@code u} of a new enterprise workspace. */
    private static String mintDefaultToken(RequestSpecification request) {
        return request.header("Authorization", TestKeys.enterprise(TestKeys.newWorkspace()))
                .contentType(ContentType.JSON)
                .body("{\"identifier\":\"u\"}")
                .post("/api/v1/agent/auth")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("token");
    }
}

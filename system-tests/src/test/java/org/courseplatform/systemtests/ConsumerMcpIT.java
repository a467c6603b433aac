package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/**
 * The consumer MCP at {@code /mcp}: members of a workspace add the platform to their own MCP
 * client by its URL alone. The official MCP SDK client (its OAuthClientProvider) meets the 401,
 * finds the protected resource metadata and the authorization server (Keycloak, run by the
 * suite), registers itself, and runs the authorization code flow with PKCE while headless
 * Chromium signs the member in with their platform password and consents. A {@code team} member
 * then authors with the authoring tools; a {@code student} sees their enrolments and progress and
 * reads only the courses they are enrolled in. A token of the same authorization server for
 * another audience, an expired token and the token of a member deactivated since are refused.
 */
class ConsumerMcpIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    private static final String INITIALIZE = """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",
             "capabilities":{},"clientInfo":{"name":"system-test","version":"1"}}}""";

    @Test
    void membersConnectTheirOwnMcpClientWithOAuthAndUseTheToolsTheirRoleAllows() throws Exception {
        String mcpUrl = Suite.env("MCP_URL");
        String issuer = Suite.env("KEYCLOAK_ISSUER");

        // The resource says where to sign in, and a request without a token is sent there.
        RestAssured.given()
                .get(Suite.BASE_URL + "/.well-known/oauth-protected-resource")
                .then()
                .statusCode(200)
                .body("resource", equalTo(mcpUrl))
                .body("authorization_servers[0]", equalTo(issuer));
        Response anonymous = mcp(mcpUrl, null);
        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(anonymous.header("WWW-Authenticate"))
                .startsWith("Bearer ")
                .contains("resource_metadata=\"" + Suite.BASE_URL + "/.well-known/oauth-protected-resource");

        // A workspace with a team member and a student, who signs in with their platform passwords.
        long ws = Suite.workspace("build");
        String key = Suite.key(ws, "live")[1];
        String teamEmail = "team-" + RUN + "@example.com";
        String studentEmail = "student-" + RUN + "@example.com";
        String teamPassword = "Team-" + UUID.randomUUID();
        String studentPassword = "Student-" + UUID.randomUUID();
        member(key, teamEmail, teamPassword, "team");
        long student = member(key, studentEmail, studentPassword, "student");
        long enrolled = course(key, "Enrolled golf " + RUN);
        long other = course(key, "Other golf " + RUN);
        enrol(key, student, enrolled);

        JsonNode report = connect(Map.of(
                "mcpUrl",
                mcpUrl,
                "issuer",
                issuer,
                "members",
                List.of(
                        Map.of(
                                "name",
                                "team",
                                "email",
                                teamEmail,
                                "password",
                                teamPassword,
                                "calls",
                                List.of(Map.of(
                                        "tool",
                                        "create_course",
                                        "arguments",
                                        Map.of("title", "Made over MCP " + RUN)))),
                        Map.of(
                                "name",
                                "student",
                                "email",
                                studentEmail,
                                "password",
                                studentPassword,
                                "calls",
                                List.of(
                                        Map.of("tool", "list_my_enrolments", "arguments", Map.of()),
                                        Map.of("tool", "get_my_progress", "arguments", Map.of()),
                                        Map.of("tool", "get_course", "arguments", Map.of("courseId", enrolled)),
                                        Map.of("tool", "get_course", "arguments", Map.of("courseId", other)))))));
        String text = report.toPrettyString();
        JsonNode team = report.path("members").get(0);
        JsonNode learner = report.path("members").get(1);
        for (JsonNode member : List.of(team, learner)) {
            assertThat(member.path("error").isMissingNode()).as(text).isTrue();
            assertThat(member.path("clientId").asText())
                    .as("registered dynamically: %s", text)
                    .isNotEmpty();
            assertThat(member.path("login").asInt()).as(text).isEqualTo(1);
            assertThat(member.path("consent").asText()).as(text).contains("Course Platform");
            assertThat(member.path("authorizationUrl").asText())
                    .contains("code_challenge_method=S256")
                    .contains("resource=" + URLEncoder.encode(mcpUrl, StandardCharsets.UTF_8));
        }

        // The team member authors: the authoring catalogue, and the course is theirs.
        assertThat(team.path("tools").toString()).as(text).contains("\"create_course\"", "\"publish_course\"");
        assertThat(team.path("calls").get(0).path("isError").asBoolean())
                .as(text)
                .isFalse();
        with(key)
                .queryParam("identifier", teamEmail)
                .get("/v1/headless/courses")
                .then()
                .statusCode(200)
                .body("title", Matchers.hasItem("Made over MCP " + RUN));

        // The student learns: their enrolments and progress, and reads only what they are enrolled in.
        assertThat(learner.path("tools").toString())
                .as(text)
                .contains("\"list_my_enrolments\"", "\"get_my_progress\"")
                .doesNotContain("\"create_course\"", "\"publish_course\"");
        JsonNode calls = learner.path("calls");
        assertThat(calls.get(0).path("isError").asBoolean()).as(text).isFalse();
        assertThat(calls.get(0).path("structured").path("courses").findValuesAsText("courseId"))
                .containsExactly(String.valueOf(enrolled));
        assertThat(calls.get(1).path("isError").asBoolean()).as(text).isFalse();
        assertThat(calls.get(1)
                        .path("structured")
                        .path("courses")
                        .get(0)
                        .path("courseId")
                        .asLong())
                .isEqualTo(enrolled);
        assertThat(calls.get(2).path("isError").asBoolean()).as(text).isFalse();
        assertThat(calls.get(3).path("isError").asBoolean() || calls.get(3).has("error"))
                .as(text)
                .isTrue();

        // A token of the same authorization server for another audience (a client without the mcp
        // scope, the member's own password) is refused.
        String admin = Suite.keycloakAdminToken();
        String foreign = otherAudienceToken(admin, issuer, teamEmail, teamPassword);
        assertRefused(mcp(mcpUrl, foreign));

        // An expired token is refused: the team's client gets five-second tokens, then one is refreshed.
        String clientId = team.path("clientId").asText();
        shortTokens(admin, issuer, clientId);
        JsonPath refreshed = RestAssured.given()
                .contentType(ContentType.URLENC)
                .formParam("grant_type", "refresh_token")
                .formParam(
                        "refresh_token",
                        team.path("tokens").path("refresh_token").asText())
                .formParam("client_id", clientId)
                .post(issuer + "/protocol/openid-connect/token")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        String shortLived = refreshed.getString("access_token");
        assertThat(mcp(mcpUrl, shortLived).statusCode()).isEqualTo(200);
        Thread.sleep(7000);
        assertRefused(mcp(mcpUrl, shortLived));

        // A deactivated member's token, still within its lifetime, is refused within 30 s.
        String studentToken = learner.path("tokens").path("access_token").asText();
        assertThat(mcp(mcpUrl, studentToken).statusCode()).isEqualTo(200);
        with(key).patch("/api/v1/members/unlink/" + student).then().statusCode(204);
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> mcp(mcpUrl, studentToken).statusCode(), status -> status == 401 || status == 403);
    }

    private static void assertRefused(Response answer) {
        assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(401);
        assertThat(answer.header("WWW-Authenticate")).contains("error=\"invalid_token\"", "resource_metadata=");
    }

    /** An MCP initialize request to the endpoint, with this access token or none. */
    private static Response mcp(String url, String token) {
        RequestSpecification request = RestAssured.given()
                .contentType(ContentType.JSON)
                .header("Accept", "application/json, text/event-stream")
                .body(INITIALIZE);
        if (token != null) {
            request = request.header("Authorization", "Bearer " + token);
        }
        return request.post(url);
    }

    /** The internal id of the realm's client with this client id. */
    private static String clientUuid(String admin, String issuer, String clientId) {
        return RestAssured.given()
                .auth()
                .oauth2(admin)
                .queryParam("clientId", clientId)
                .get(Suite.keycloakRealmAdmin(issuer) + "/clients")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("[0].id");
    }

    /**
     * A member's token for another audience: a public client of the realm allowed the password grant,
     * with the {@code mcp} scope (the resource's audience) taken off, asked for a token.
     */
    private static String otherAudienceToken(String admin, String issuer, String email, String password)
            throws Exception {
        String clientId = "other-audience-" + RUN;
        RestAssured.given()
                .auth()
                .oauth2(admin)
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "clientId",
                        clientId,
                        "publicClient",
                        true,
                        "directAccessGrantsEnabled",
                        true,
                        "standardFlowEnabled",
                        false))
                .post(Suite.keycloakRealmAdmin(issuer) + "/clients")
                .then()
                .statusCode(201);
        String id = clientUuid(admin, issuer, clientId);
        JsonNode scopes = JSON.readTree(RestAssured.given()
                .auth()
                .oauth2(admin)
                .get(Suite.keycloakRealmAdmin(issuer) + "/clients/" + id + "/default-client-scopes")
                .then()
                .statusCode(200)
                .extract()
                .asString());
        for (JsonNode scope : scopes) {
            if (scope.path("name").asText().equals("mcp")) {
                RestAssured.given()
                        .auth()
                        .oauth2(admin)
                        .delete(Suite.keycloakRealmAdmin(issuer) + "/clients/" + id + "/default-client-scopes/"
                                + scope.path("id").asText())
                        .then()
                        .statusCode(204);
            }
        }
        String token = RestAssured.given()
                .contentType(ContentType.URLENC)
                .formParam("grant_type", "password")
                .formParam("client_id", clientId)
                .formParam("username", email)
                .formParam("password", password)
                .formParam("scope", "openid")
                .post(issuer + "/protocol/openid-connect/token")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("access_token");
        JsonNode claims = JSON.readTree(Base64.getUrlDecoder().decode(token.split("\\.")[1]));
        assertThat(claims.path("iss").asText()).isEqualTo(issuer);
        assertThat(claims.path("aud").toString()).doesNotContain(Suite.env("MCP_URL"));
        return token;
    }

    /** Access tokens of this client live five seconds (Keycloak's admin API). */
    private static void shortTokens(String admin, String issuer, String clientId) {
        RestAssured.given()
                .auth()
                .oauth2(admin)
                .contentType(ContentType.JSON)
                .body(Map.of("clientId", clientId, "attributes", Map.of("access.token.lifespan", "5")))
                .put(Suite.keycloakRealmAdmin(issuer) + "/clients/" + clientUuid(admin, issuer, clientId))
                .then()
                .statusCode(204);
    }

    private static long member(String key, String email, String password, String userType) {
        return with(key)
                .body(Map.of(
                        "email",
                        email,
                        "password",
                        password,
                        "userType",
                        userType,
                        "firstname",
                        "Mia",
                        "lastname",
                        "Member"))
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    private static long course(String key, String title) {
        long id = with(key)
                .body(Map.of("title", title, "identifier", "author"))
                .post("/v1/headless/courses")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        with(key).post("/v1/headless/course/" + id + "/publish").then().statusCode(200);
        return id;
    }

    /** Enrols the user once course-service's course.created has reached members-service's projection. */
    private static void enrol(String key, long user, long course) {
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(250))
                .until(
                        () -> Suite.ingress()
                                .header("Authorization", key)
                                .contentType(ContentType.URLENC)
                                .formParam("user", user)
                                .formParam("course", course)
                                .post("/api/v1/enrolments")
                                .statusCode(),
                        s -> s == 201);
    }

    private static RequestSpecification with(String key) {
        return Suite.ingress().header("Authorization", key).contentType(ContentType.JSON);
    }

    /** Runs src/test/js/mcp-oauth.mjs with node, its npm packages installed under target/browser. */
    private static JsonNode connect(Map<String, Object> plan) throws Exception {
        String out = NodeScripts.browser(
                "mcp-oauth.mjs",
                List.of("playwright-core", "@modelcontextprotocol/sdk"),
                Duration.ofMinutes(4),
                JSON.writeValueAsString(plan));
        return JSON.readTree(out);
    }
}

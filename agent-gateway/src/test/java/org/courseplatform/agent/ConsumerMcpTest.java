package org.courseplatform.agent;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.courseplatform.platform.testing.TestKeys;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The consumer MCP endpoint {@code /mcp} as a resource server: the challenge and the protected
 * resource metadata, token validation (signature, issuer, expiry, audience), members resolved in
 * the real members-service, the team catalogue over the courses they own, the learner's own tools
 * over the courses they are enrolled in, and a deactivated member refused within the cache window.
 */
@QuarkusTest
class ConsumerMcpTest {

    static final String PATH = "/mcp";
    static final String METADATA = "http://127.0.0.1:8080/.well-known/oauth-protected-resource";
    static final String INIT =
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    static long workspace;
    static String apiKey;

    /** The real members-service the test's processes share, through its admin and public APIs. */
    static String members() {
        return ConfigProvider.getConfig().getValue("platform.services.members-service.url", String.class);
    }

    static String operator() {
        return ConfigProvider.getConfig().getValue("platform.auth.operator-token", String.class);
    }

    @BeforeAll
    static void workspace() {
        String[] created = newWorkspace("Consumers");
        workspace = Long.parseLong(created[0]);
        apiKey = created[1];
    }

    /** A Build workspace made through the operator API, and a live key: {@code [id, Authorization header]}. */
    static String[] newWorkspace(String name) {
        long id = given().baseUri(members())
                .auth()
                .oauth2(operator())
                .contentType(ContentType.JSON)
                .body("{\"name\":\"" + name + "\",\"plan\":\"build\",\"addons\":[],\"features\":[],\"userLimit\":null}")
                .post("/admin/v1/workspaces")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        String key = given().baseUri(members())
                .auth()
                .oauth2(operator())
                .contentType(ContentType.JSON)
                .body("{\"mode\":\"live\",\"name\":\"setup\"}")
                .post("/admin/v1/workspaces/" + id + "/api-keys")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("key");
        return new String[] {Long.toString(id), "SERVICE:" + id + ":" + key};
    }

    record Member(long id, String email) {}

    static Member member(String type) {
        String email = type + "-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
        long id = given().baseUri(members())
                .header("Authorization", apiKey)
                .contentType(ContentType.JSON)
                .body("{\"email\":\"" + email + "\",\"userType\":\"" + type + "\",\"active\":true}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
        return new Member(id, email);
    }

    static int enrol(long user, long course) {
        return given().baseUri(members())
                .header("Authorization", apiKey)
                .contentType(ContentType.URLENC)
                .formParam("user", user)
                .formParam("course", course)
                .post("/api/v1/enrolments")
                .statusCode();
    }

    static List<String> toolNames(McpClient client) {
        List<String> names = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            JsonNode params =
                    cursor == null ? null : Agents.JSON.createObjectNode().put("cursor", cursor);
            JsonNode result = client.rpc("tools/list", params).get("result");
            result.get("tools").forEach(tool -> names.add(tool.get("name").asText()));
            cursor = result.hasNonNull("nextCursor") ? result.get("nextCursor").asText() : null;
        } while (cursor != null && ++pages < 10);
        return names;
    }

    static JsonNode ok(McpClient client, String tool, String arguments) {
        JsonNode result = client.call(tool, arguments).get("result");
        assertThat(result).as(tool).isNotNull();
        assertThat(result.path("isError").asBoolean()).as(tool + ": " + result).isFalse();
        return result.get("structuredContent");
    }

    private static Response post(String token) {
        var request = given().contentType(ContentType.JSON)
                .header("Accept", "application/json, text/event-stream")
                .body(INIT);
        return (token == null ? request : request.auth().oauth2(token)).post(PATH);
    }

    @Test
    void withoutAGoodTokenTheAnswerIs401WithTheChallengeNamingTheMetadata() {
        post(null)
                .then()
                .statusCode(401)
                .header("WWW-Authenticate", equalTo("Bearer resource_metadata=\"" + METADATA + "\""))
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("UNAUTHORIZED"));
        Member someone = member("team");
        for (String bad : List.of(
                MemberTokens.expired(someone.id()),
                MemberTokens.forAudience(someone.id(), "http://127.0.0.1:8080/other"),
                MemberTokens.ofIssuer(someone.id(), "http://127.0.0.1:1/realms/elsewhere"),
                MemberTokens.badSignature(someone.id()),
                MemberTokens.withoutMember(),
                "not-a-token",
                "a.b.c")) {
            post(bad)
                    .then()
                    .statusCode(401)
                    .header(
                            "WWW-Authenticate",
                            equalTo("Bearer resource_metadata=\"" + METADATA + "\", error=\"invalid_token\""))
                    .body("error.code", equalTo("UNAUTHORIZED"));
        }
        post(MemberTokens.expired(someone.id())).then().body("message", containsString("expired"));
        given().header("Authorization", "SERVICE:1:abc")
                .contentType(ContentType.JSON)
                .body(INIT)
                .post(PATH)
                .then()
                .statusCode(401)
                .header("WWW-Authenticate", containsString("error=\"invalid_token\""));
        // An agent token is no member's token.
        String agent = Agents.mint(
                TestKeys.header(TestKeys.newWorkspace(), "enterprise", "", "", "live"), "{\"identifier\":\"u\"}");
        post(agent).then().statusCode(401);
        // The member's token is no agent token either.
        given().auth()
                .oauth2(MemberTokens.of(someone.id()))
                .get("/api/v1/agent/tools")
                .then()
                .statusCode(401);
        given().auth()
                .oauth2(MemberTokens.of(someone.id()))
                .get(PATH + "/sse")
                .then()
                .statusCode(404);
    }

    @Test
    void theProtectedResourceMetadataNamesTheResourceAndTheAuthorizationServer() {
        for (String path :
                List.of("/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp")) {
            given().get(path)
                    .then()
                    .statusCode(200)
                    .contentType(ContentType.JSON)
                    .header("Access-Control-Allow-Origin", "*")
                    .header("Cache-Control", containsString("max-age"))
                    .body("resource", equalTo(MemberTokens.RESOURCE))
                    .body("authorization_servers", equalTo(List.of(MemberTokens.issuer())))
                    .body("bearer_methods_supported", equalTo(List.of("header")))
                    .body("scopes_supported", equalTo(List.of("mcp")))
                    .body("resource_name", equalTo("Course Platform"));
            given().header("Origin", "http://localhost:6274")
                    .header("Access-Control-Request-Method", "GET")
                    .header("Access-Control-Request-Headers", "mcp-protocol-version")
                    .options(path)
                    .then()
                    .statusCode(204)
                    .header("Access-Control-Allow-Origin", "*");
        }
    }

    @Test
    void aTeamMemberHasTheAuthoringToolsOverTheCoursesTheyOwn() {
        Member author = member("team");
        McpClient client = new McpClient(MemberTokens.of(author.id()), PATH);
        JsonNode init = client.connect();
        assertThat(init.get("protocolVersion").asText()).isEqualTo("2025-06-18");
        assertThat(init.at("/serverInfo/title").asText()).isEqualTo("Course Platform");
        List<String> names = toolNames(client);
        assertThat(names)
                .contains(
                        "list_courses",
                        "get_course",
                        "create_course",
                        "publish_course",
                        "create_collection",
                        "get_course_analytics")
                .doesNotContain("list_my_enrolments", "get_my_progress");

        JsonNode created =
                ok(client, "create_course", "{\"title\":\"My own course\"}").get("course");
        assertThat(created.get("identifier").asText()).isEqualTo(author.email());
        long course = created.get("id").asLong();
        assertThat(ok(client, "get_course", "{\"courseId\":" + course + "}")
                        .at("/course/title")
                        .asText())
                .isEqualTo("My own course");
        JsonNode listed = ok(client, "list_courses", "{}");
        assertThat(listed.get("total").asLong()).isEqualTo(1);
        assertThat(listed.at("/courses/0/id").asLong()).isEqualTo(course);
        assertThat(ok(client, "publish_course", "{\"courseId\":" + course + "}")
                        .at("/course/published")
                        .asBoolean())
                .isTrue();

        // Another team member of the workspace sees none of it and may not act on it.
        McpClient other = new McpClient(MemberTokens.of(member("team").id()), PATH);
        other.connect();
        assertThat(ok(other, "list_courses", "{}").get("total").asLong()).isZero();
        JsonNode refused = other.call("publish_course", "{\"courseId\":" + course + "}");
        assertThat(refused.at("/error/code").asInt()).isEqualTo(-32001);
        assertThat(refused.at("/error/message").asText()).contains("not yours");
        // A session belongs to its member.
        given().auth()
                .oauth2(MemberTokens.of(author.id()))
                .contentType(ContentType.JSON)
                .header("Accept", "application/json, text/event-stream")
                .header("Mcp-Session-Id", other.sessionId)
                .body(client.request("tools/list", null))
                .post(PATH)
                .then()
                .statusCode(404);
    }

    @Test
    void aLearnerHasTheirOwnToolsAndReadsOnlyTheCoursesTheyAreEnrolledIn() throws Exception {
        Member author = member("team");
        McpClient authoring = new McpClient(MemberTokens.of(author.id()), PATH);
        authoring.connect();
        long enrolled = ok(authoring, "create_course", "{\"title\":\"Golf for learners\"}")
                .at("/course/id")
                .asLong();
        long other = ok(authoring, "create_course", "{\"title\":\"Not for you\"}")
                .at("/course/id")
                .asLong();
        ok(
                authoring,
                "create_screen",
                "{\"courseId\":" + enrolled + ",\"layoutId\":\"quiz-true-false\",\"title\":\"Check\"}");
        // The author reads which answers are right.
        assertThat(ok(authoring, "get_course_content", "{\"courseId\":" + enrolled + "}")
                        .findValues("correct"))
                .isNotEmpty();
        ok(authoring, "publish_course", "{\"courseId\":" + enrolled + "}");
        Member learner = member("student");
        // The course reaches members-service's projection through course-events.
        await().atMost(Duration.ofSeconds(30)).until(() -> enrol(learner.id(), enrolled) == 201);

        McpClient client = new McpClient(MemberTokens.of(learner.id()), PATH);
        client.connect();
        assertThat(toolNames(client))
                .containsExactly("list_my_enrolments", "get_my_progress", "get_course", "get_course_content");
        JsonNode mine = ok(client, "list_my_enrolments", "{}");
        assertThat(mine.get("workspaceId").asLong()).isEqualTo(workspace);
        assertThat(mine.at("/courses/0/courseId").asLong()).isEqualTo(enrolled);
        assertThat(mine.at("/courses/0/title").asText()).isEqualTo("Golf for learners");
        assertThat(mine.get("courses")).hasSize(1);
        JsonNode progress = ok(client, "get_my_progress", "{}");
        assertThat(progress.at("/courses/0/courseId").asLong()).isEqualTo(enrolled);
        assertThat(progress.at("/courses/0/started").asBoolean()).isFalse();
        assertThat(progress.at("/courses/0/percent").asInt()).isZero();
        assertThat(ok(client, "get_course", "{\"courseId\":" + enrolled + "}")
                        .at("/course/title")
                        .asText())
                .isEqualTo("Golf for learners");
        JsonNode read = client.call("get_course_content", "{\"courseId\":" + enrolled + "}")
                .get("result");
        JsonNode content = read.get("structuredContent");
        assertThat(content.get("id").asLong()).isEqualTo(enrolled);
        // A learner reads the questions and their answers, never which answers are right (nor in
        // the text form of the answer).
        assertThat(content.findValues("answers")).isNotEmpty();
        assertThat(content.findValues("correct")).isEmpty();
        assertThat(Agents.JSON.readTree(read.at("/content/0/text").asText()).findValues("correct"))
                .isEmpty();

        JsonNode notEnrolled = client.call("get_course", "{\"courseId\":" + other + "}");
        assertThat(notEnrolled.at("/error/code").asInt()).isEqualTo(-32001);
        assertThat(notEnrolled.at("/error/message").asText()).contains("not enrolled in course " + other);
        JsonNode writes = client.call("create_course", "{\"title\":\"x\"}");
        assertThat(writes.at("/error/code").asInt()).isEqualTo(-32001);
        assertThat(writes.at("/error/message").asText()).contains("not available to learners");
        assertThat(client.call("get_my_progress", "{\"courseId\":" + other + "}")
                        .at("/error/code")
                        .asInt())
                .isEqualTo(-32001);
    }

    @Test
    void aDeactivatedMemberIsRefusedWithinTheCacheWindow() {
        Member member = member("team");
        McpClient client = new McpClient(MemberTokens.of(member.id()), PATH);
        client.connect();
        assertThat(toolNames(client)).contains("create_course");
        given().baseUri(members())
                .header("Authorization", apiKey)
                .patch("/api/v1/members/unlink/" + member.id())
                .then()
                .statusCode(204);
        await().atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> client.post(client.request("tools/list", null)).statusCode() == 403);
        client.post(client.request("tools/list", null))
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"))
                .body("message", containsString("no active membership"));
        // A member of no workspace at all, or of one they do not belong to.
        post(MemberTokens.of(987_654_321L)).then().statusCode(403);
        given().contentType(ContentType.JSON)
                .auth()
                .oauth2(MemberTokens.of(member("team").id()))
                .body(INIT)
                .post(PATH + "?workspaceId=" + (workspace + 100_000))
                .then()
                .statusCode(403);
    }
}

package org.courseplatform.agent;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/** The MCP endpoint: protocol, paging, results, refusals, session binding, origins, authentication. */
@QuarkusTest
class McpGatewayTest {

    static final String ALL_TOOLS = "[\"list_courses\",\"get_course\",\"get_course_content\",\"get_course_document\","
            + "\"list_layouts\",\"create_course\",\"create_screen\",\"add_block\",\"update_screen\",\"delete_screen\","
            + "\"publish_course\",\"revert_course\",\"duplicate_course\",\"delete_course\",\"restore_course\",\"migrate_course\","
            + "\"list_themes\",\"apply_theme\",\"get_brand_voice\",\"set_brand_voice\",\"create_share_link\",\"list_collections\","
            + "\"create_collection\",\"add_course_to_collection\",\"list_folders\",\"create_folder\",\"move_course_to_folder\","
            + "\"get_course_analytics\",\"translate_course\",\"generate_narration\",\"get_job\",\"list_media\",\"add_media_from_url\"]";

    private final String key = TestKeys.header(TestKeys.newWorkspace(), "enterprise", "", "", "live");

    @Test
    void initializeAnswersTheDocumentedRevisionAndTheNewerOneWhenAsked() {
        McpClient client = new McpClient(Agents.mint(key, "{\"identifier\":\"u\"}"));
        JsonNode result = client.connect();
        assertThat(result.get("protocolVersion").asText()).isEqualTo("2025-06-18");
        assertThat(result.at("/serverInfo/name").asText()).isEqualTo("course-platform");
        assertThat(result.at("/capabilities/tools").isObject()).isTrue();
        assertThat(client.sessionId).isNotBlank();
        assertThat(client.rpc("ping", null).get("result").isObject()).isTrue();

        McpClient newer = new McpClient(Agents.mint(key, "{\"identifier\":\"u\"}"));
        assertThat(newer.connect("2025-11-25").get("protocolVersion").asText()).isEqualTo("2025-11-25");
    }

    @Test
    void toolsListIsPagedWithACursorAndShowsOnlyWhatTheTokenMayRun() {
        McpClient client = new McpClient(
                Agents.mint(key, "{\"identifier\":\"u\",\"readonly\":false,\"tools\":" + ALL_TOOLS + "}"));
        client.connect();
        List<String> names = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            JsonNode params =
                    cursor == null ? null : Agents.JSON.createObjectNode().put("cursor", cursor);
            JsonNode result = client.rpc("tools/list", params).get("result");
            result.get("tools").forEach(tool -> names.add(tool.get("name").asText()));
            cursor = result.hasNonNull("nextCursor") ? result.get("nextCursor").asText() : null;
            pages++;
        } while (cursor != null && pages < 10);
        assertThat(pages).isEqualTo(4);
        assertThat(names).hasSize(33).doesNotHaveDuplicates();

        McpClient reader = new McpClient(Agents.mint(key, "{\"identifier\":\"u\"}"));
        reader.connect();
        JsonNode page = reader.rpc("tools/list", null).get("result");
        List<String> readable = new ArrayList<>();
        page.get("tools").forEach(tool -> readable.add(tool.get("name").asText()));
        JsonNode second = reader.rpc(
                        "tools/list",
                        Agents.JSON
                                .createObjectNode()
                                .put("cursor", page.get("nextCursor").asText()))
                .get("result");
        second.get("tools").forEach(tool -> readable.add(tool.get("name").asText()));
        assertThat(second.hasNonNull("nextCursor")).isFalse();
        assertThat(readable).containsExactlyElementsOf(ToolScopeTest.READS);
        JsonNode getCourse = page.get("tools").get(1);
        assertThat(getCourse.get("name").asText()).isEqualTo("get_course");
        assertThat(getCourse.at("/annotations/readOnlyHint").asBoolean()).isTrue();
        assertThat(getCourse.at("/inputSchema/required/0").asText()).isEqualTo("courseId");
        assertThat(getCourse.at("/outputSchema/type").asText()).isEqualTo("object");
    }

    @Test
    void aCallAnswersStructuredContentAndTheSameAsText() {
        McpClient client = new McpClient(
                Agents.mint(key, "{\"identifier\":\"mcp-author\",\"readonly\":false,\"tools\":" + ALL_TOOLS + "}"));
        client.connect();
        JsonNode result =
                client.call("create_course", "{\"title\":\"Made over MCP\"}").get("result");
        assertThat(result.get("isError").asBoolean()).isFalse();
        JsonNode course = result.at("/structuredContent/course");
        assertThat(course.get("title").asText()).isEqualTo("Made over MCP");
        assertThat(course.get("identifier").asText()).isEqualTo("mcp-author");
        assertThat(Agents.read(result.at("/content/0/text").asText())).isEqualTo(result.get("structuredContent"));

        JsonNode got = client.call("get_course", "{\"courseId\":" + course.get("id") + "}")
                .get("result");
        assertThat(got.at("/structuredContent/course/id").asLong())
                .isEqualTo(course.get("id").asLong());
    }

    @Test
    void aRefusedCallIsAJsonRpcErrorAndAToolFailureIsAResult() {
        McpClient client = new McpClient(Agents.mint(key, "{\"identifier\":\"u\"}"));
        client.connect();
        JsonNode refused = client.call("create_course", "{\"title\":\"Nope\"}");
        assertThat(refused.has("result")).isFalse();
        assertThat(refused.at("/error/code").asInt()).isEqualTo(-32001);
        assertThat(refused.at("/error/message").asText()).contains("create_course");

        JsonNode failed = client.call("get_course", "{\"courseId\":987654321}");
        assertThat(failed.at("/result/isError").asBoolean()).isTrue();
        assertThat(failed.at("/result/content/0/text").asText()).isNotBlank();
        // Only text: clients check structuredContent against the output schema, which describes success.
        assertThat(failed.at("/result").has("structuredContent")).isFalse();
        JsonNode invalid = client.call("get_course", "{\"courseId\":-1}");
        assertThat(invalid.at("/result/isError").asBoolean() || invalid.has("error"))
                .isTrue();
    }

    @Test
    void aSessionBelongsToTheTokenThatOpenedIt() {
        McpClient owner = new McpClient(Agents.mint(key, "{\"identifier\":\"owner\"}"));
        owner.connect();
        McpClient thief = new McpClient(Agents.mint(key, "{\"identifier\":\"thief\"}"));
        thief.sessionId = owner.sessionId;
        thief.post(thief.request("tools/list", null)).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        // The same user's other token is another token too.
        McpClient sibling = new McpClient(Agents.mint(key, "{\"identifier\":\"owner\"}"));
        sibling.sessionId = owner.sessionId;
        sibling.post(sibling.request("tools/list", null)).then().statusCode(404);
        assertThat(owner.rpc("tools/list", null).at("/result/tools").size())
                .isEqualTo(Math.min(10, ToolScopeTest.READS.size()));
    }

    @Test
    void callersWithoutAValidAgentTokenGet401WithABearerChallenge() {
        String body = new McpClient("x").request("ping", null);
        given().contentType(ContentType.JSON)
                .body(body)
                .post(McpClient.PATH)
                .then()
                .statusCode(401)
                .header("WWW-Authenticate", startsWith("Bearer"));
        String token = Agents.mint(key, "{\"identifier\":\"u\"}");
        String[] parts = token.split("\\.");
        String tampered = parts[0] + "." + parts[1].substring(0, parts[1].length() - 2) + "AA." + parts[2];
        given().auth()
                .oauth2(tampered)
                .contentType(ContentType.JSON)
                .body(body)
                .post(McpClient.PATH)
                .then()
                .statusCode(401)
                .header("WWW-Authenticate", startsWith("Bearer"));
        // An API key is not an agent token.
        given().header("Authorization", key)
                .contentType(ContentType.JSON)
                .body(body)
                .post(McpClient.PATH)
                .then()
                .statusCode(401);
    }

    @Test
    void aBrowserOriginIsRefused() {
        McpClient client = new McpClient(Agents.mint(key, "{\"identifier\":\"u\"}"));
        client.spec()
                .header("Origin", "https://evil.example")
                .body(
                        client.request(
                                "initialize",
                                Agents.read(
                                        "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"x\",\"version\":\"1\"}}")))
                .post(McpClient.PATH)
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"));
    }

    @Test
    void theLegacySseTransportIsNotServed() {
        String token = Agents.mint(key, "{\"identifier\":\"u\"}");
        given().auth()
                .oauth2(token)
                .get(McpClient.PATH + "/sse")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        given().auth()
                .oauth2(token)
                .contentType(ContentType.JSON)
                .body("{}")
                .post(McpClient.PATH + "/messages/abc")
                .then()
                .statusCode(404);
        given().get(McpClient.PATH + "/sse").then().statusCode(401);
    }
}

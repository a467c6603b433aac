package org.courseplatform.agent;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/**
 * The MCP endpoint as SPEC.md presents it, "JSON-RPC 2.0 over HTTP": a plain client posts one
 * JSON-RPC request with its bearer token, accepting JSON (or anything), with no session and no
 * prior initialize, and gets a JSON answer; what cannot be served says why. Also the arguments
 * MCP carries as REST does: null ones, NUL characters, and a pinned token's courses.
 */
@QuarkusTest
class McpJsonRpcTest {

    private final String key = TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live");

    @TestHTTPResource(McpClient.PATH)
    URI endpoint;

    private String writer() {
        return Agents.mint(
                key, "{\"identifier\":\"plain\",\"readonly\":false,\"tools\":" + McpGatewayTest.ALL_TOOLS + "}");
    }

    /** One JSON-RPC request as a plain client sends it: bearer token, JSON body, the given Accept, no session. */
    private static Response post(String token, String accept, String body) {
        var spec = given().auth().oauth2(token).contentType(ContentType.JSON).body(body);
        if (accept != null) {
            spec = spec.header("Accept", accept);
        }
        return spec.post(McpClient.PATH);
    }

    private static JsonNode rpc(String token, String accept, String body) {
        Response response = post(token, accept, body);
        response.then().statusCode(200).contentType(containsString("application/json"));
        return Agents.read(response.asString());
    }

    private static String call(int id, String tool, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "}}";
    }

    @Test
    void aPlainJsonRpcClientListsAndCallsToolsWithoutInitializeOrSession() {
        String token = writer();
        Response listed = post(token, "application/json", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
        listed.then().statusCode(200).contentType(containsString("application/json"));
        assertThat(listed.header("Mcp-Session-Id")).isNull();
        JsonNode list = Agents.read(listed.asString());
        assertThat(list.get("id").asInt()).isEqualTo(1);
        assertThat(list.at("/result/tools").size()).isEqualTo(10);
        assertThat(list.at("/result/nextCursor").asText()).isNotBlank();
        JsonNode next = rpc(
                token,
                "application/json",
                "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/list\",\"params\":{\"cursor\":\""
                        + list.at("/result/nextCursor").asText() + "\"}}");
        assertThat(next.at("/result/tools/0/name").asText())
                .as("the second page, without a session")
                .isNotEqualTo(list.at("/result/tools/0/name").asText());
        assertThat(next.at("/result/tools").size()).isEqualTo(10);

        // curl's default Accept (*/*)
        JsonNode created = rpc(token, "*/*", call(2, "create_course", "{\"title\":\"Over plain JSON-RPC\"}"));
        assertThat(created.get("id").asInt()).isEqualTo(2);
        assertThat(created.at("/result/isError").asBoolean()).isFalse();
        assertThat(created.at("/result/structuredContent/course/title").asText())
                .isEqualTo("Over plain JSON-RPC");

        // A read-only token is still refused with its reason.
        String reader = Agents.mint(key, "{\"identifier\":\"plain\"}");
        JsonNode refused = rpc(reader, "application/json", call(3, "create_course", "{\"title\":\"No\"}"));
        assertThat(refused.at("/error/code").asInt()).isEqualTo(-32001);
        assertThat(refused.at("/error/message").asText()).contains("create_course");
    }

    @Test
    void aClientThatSendsNoAcceptAtAllIsAnsweredJson() throws Exception {
        String token = writer();
        HttpResponse<String> answer = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(endpoint)
                                .header("Authorization", "Bearer " + token)
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString(
                                        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(answer.request().headers().firstValue("Accept")).isEmpty();
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        JsonNode pong = Agents.read(answer.body());
        assertThat(pong.get("id").asInt()).isEqualTo(7);
        assertThat(pong.get("result").isObject()).isTrue();
    }

    @Test
    void initializeAsTheSpecWritesItThenCallsWithoutTheSession() {
        String token = writer();
        Response init = post(
                token,
                "application/json",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"plain-client\",\"version\":\"1.0\"}}}");
        init.then().statusCode(200).contentType(containsString("application/json"));
        assertThat(Agents.read(init.asString()).at("/result/protocolVersion").asText())
                .isEqualTo("2025-06-18");
        // The stateless client ignores the session: its notification is taken, its calls served.
        post(token, "application/json", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                .then()
                .statusCode(202);
        JsonNode created = rpc(token, "application/json", call(2, "create_course", "{\"title\":\"After init\"}"));
        assertThat(created.at("/result/structuredContent/course/title").asText())
                .isEqualTo("After init");
    }

    @Test
    void theSessionFlowStillWorksAndAnEndedOrUnknownSessionSaysInitializeAgain() {
        McpClient client = new McpClient(writer());
        client.connect();
        assertThat(client.rpc("tools/list", null).at("/result/tools").size()).isEqualTo(10);
        assertThat(client.call("create_course", "{\"title\":\"In a session\"}")
                        .at("/result/isError")
                        .asBoolean())
                .isFalse();
        // A batch is answered as an event stream, for clients that take one.
        Response batch = client.post("[" + client.request("ping", null) + "," + client.request("ping", null) + "]");
        batch.then().statusCode(200).contentType(containsString("text/event-stream"));
        assertThat(batch.asString()).contains("\"id\":4").contains("\"id\":5");
        client.spec().delete(McpClient.PATH).then().statusCode(200);
        client.post(client.request("tools/list", null))
                .then()
                .statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"))
                .body("message", containsString("Unknown Mcp-Session-Id"))
                .body("message", containsString("initialize again"));

        McpClient stranger = new McpClient(writer());
        stranger.sessionId = "no-such-session";
        stranger.post(stranger.request("ping", null))
                .then()
                .statusCode(404)
                .body("message", containsString("Unknown Mcp-Session-Id no-such-session"));
    }

    @Test
    void whatCannotBeServedSaysWhichHeaderOrStep() {
        String token = writer();
        String ping = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
        post(token, "text/html", ping)
                .then()
                .statusCode(406)
                .body("error.code", equalTo("NOT_ACCEPTABLE"))
                .body("message", containsString("Accept must include application/json"));
        post(token, "application/json;q=0, text/event-stream", ping)
                .then()
                .statusCode(406)
                .body("message", containsString("Accept must include application/json"));
        given().auth()
                .oauth2(token)
                .contentType(ContentType.JSON)
                .header("Accept", "application/json")
                .header("MCP-Protocol-Version", "1999-01-01")
                .body(ping)
                .post(McpClient.PATH)
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("message", containsString("MCP-Protocol-Version '1999-01-01' is not supported"))
                .body("message", containsString("2025-06-18"));
        given().auth()
                .oauth2(token)
                .get(McpClient.PATH)
                .then()
                .statusCode(405)
                .body("message", containsString("needs the Mcp-Session-Id"));
        post(token, "application/json", "[" + ping + "," + ping.replace("\"id\":1", "\"id\":2") + "]")
                .then()
                .statusCode(406)
                .body("message", containsString("text/event-stream"));

        Response broken = post(token, "application/json", "{\"jsonrpc\":\"2.0\",\"id\":1,");
        broken.then().statusCode(400).contentType(containsString("application/json"));
        JsonNode parse = Agents.read(broken.asString());
        assertThat(parse.at("/error/code").asInt()).isEqualTo(-32700);
        assertThat(parse.get("id").isNull()).isTrue();
        assertThat(parse.at("/error/message").asText()).startsWith("The body is not JSON: ");
        for (String notAMessage :
                new String[] {"5", "[]", "[5]", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":[1]}"}) {
            Response invalid = post(token, "application/json", notAMessage);
            invalid.then().statusCode(400);
            assertThat(Agents.read(invalid.asString()).at("/error/code").asInt())
                    .as(notAMessage)
                    .isEqualTo(-32600);
        }
        // Still no valid token: 401 first, whatever the Accept.
        given().contentType(ContentType.JSON)
                .header("Accept", "text/html")
                .body(ping)
                .post(McpClient.PATH)
                .then()
                .statusCode(401);
    }

    @Test
    void nullArgumentsWorkAsOverRestAndAReadOnlyTokenIsRefusedWithItsReason() {
        String token = writer();
        long course = Agents.ok(token, "create_course", "{\"title\":\"Nulls\"}")
                .at("/course/id")
                .asLong();
        long theme = Agents.ok(token, "list_themes", "{}").at("/themes/0/id").asLong();
        long folder = Agents.ok(token, "create_folder", "{\"name\":\"Nulls\"}")
                .at("/folder/id")
                .asLong();
        Agents.ok(token, "apply_theme", "{\"courseId\":" + course + ",\"themeId\":" + theme + "}");
        Agents.ok(token, "move_course_to_folder", "{\"courseId\":" + course + ",\"folderId\":" + folder + "}");

        // Stateless ...
        JsonNode unthemed = rpc(
                token, "application/json", call(1, "apply_theme", "{\"courseId\":" + course + ",\"themeId\":null}"));
        assertThat(unthemed.at("/result/isError").asBoolean())
                .as(unthemed.toString())
                .isFalse();
        assertThat(unthemed.at("/result/structuredContent/themeId").isNull()).isTrue();
        assertThat(Agents.ok(token, "get_course_document", "{\"courseId\":" + course + "}")
                        .at("/document/theme/themeId")
                        .isIntegralNumber())
                .isFalse();
        // ... and in a session.
        McpClient client = new McpClient(token);
        client.connect();
        JsonNode unfiled = client.call("move_course_to_folder", "{\"courseId\":" + course + ",\"folderId\":null}");
        assertThat(unfiled.at("/result/isError").asBoolean())
                .as(unfiled.toString())
                .isFalse();
        assertThat(unfiled.at("/result/structuredContent/folderId").isNull()).isTrue();
        assertThat(unfiled.at("/result/structuredContent/courseId").asLong()).isEqualTo(course);

        String readOnly = Agents.mint(
                key, "{\"identifier\":\"plain\",\"tools\":[\"apply_theme\",\"move_course_to_folder\",\"get_course\"]}");
        for (String tool : new String[] {"apply_theme", "move_course_to_folder"}) {
            String argument = tool.equals("apply_theme") ? "themeId" : "folderId";
            JsonNode refused = rpc(
                    readOnly,
                    "application/json",
                    call(4, tool, "{\"courseId\":" + course + ",\"" + argument + "\":null}"));
            assertThat(refused.at("/error/code").asInt()).as(refused.toString()).isEqualTo(-32001);
            assertThat(refused.at("/error/message").asText()).contains("read-only");
        }
    }

    @Test
    void aPinnedTokenNamesNoOtherCourseInAnyArgument() {
        String token = writer();
        long mine = Agents.ok(token, "create_course", "{\"title\":\"Pinned\"}")
                .at("/course/id")
                .asLong();
        long other = Agents.ok(token, "create_course", "{\"title\":\"Other\"}")
                .at("/course/id")
                .asLong();
        // courseId at minting as a digit string, as ids may be.
        String pinned = Agents.mint(
                key,
                "{\"identifier\":\"plain\",\"courseId\":\"" + mine + "\",\"readonly\":false,\"tools\":"
                        + McpGatewayTest.ALL_TOOLS + "}");

        JsonNode foreign = rpc(
                pinned,
                "application/json",
                call(1, "create_collection", "{\"title\":\"Path\",\"courseIds\":[" + mine + "," + other + "]}"));
        assertThat(foreign.at("/error/code").asInt()).as(foreign.toString()).isEqualTo(-32001);
        assertThat(foreign.at("/error/message").asText()).contains("pinned to course " + mine);
        Agents.call(pinned, "create_collection", "{\"title\":\"Path\",\"courseIds\":[" + other + "]}")
                .then()
                .statusCode(403)
                .body("message", containsString("pinned to course " + mine));
        assertThat(Agents.ok(token, "list_collections", "{}").get("total").asInt())
                .as("nothing was made")
                .isZero();

        JsonNode own = rpc(
                pinned,
                "application/json",
                call(2, "create_collection", "{\"title\":\"Own path\",\"courseIds\":[" + mine + "]}"));
        assertThat(own.at("/result/structuredContent/collection/courseIds/0").asLong())
                .as(own.toString())
                .isEqualTo(mine);
        long collection = own.at("/result/structuredContent/collection/id").asLong();

        JsonNode moved = rpc(
                pinned,
                "application/json",
                call(3, "move_course_to_folder", "{\"courseId\":" + other + ",\"folderId\":null}"));
        assertThat(moved.at("/error/code").asInt()).isEqualTo(-32001);
        JsonNode added = rpc(
                pinned,
                "application/json",
                call(
                        4,
                        "add_course_to_collection",
                        "{\"collectionId\":" + collection + ",\"courseId\":" + other + "}"));
        assertThat(added.at("/error/code").asInt()).isEqualTo(-32001);
        // The pinned course as a digit string is that course (ids are numbers or digit strings).
        JsonNode digits = rpc(pinned, "application/json", call(5, "get_course", "{\"courseId\":\"" + mine + "\"}"));
        assertThat(digits.at("/result/isError").asBoolean())
                .as(digits.toString())
                .isFalse();
        assertThat(digits.at("/result/structuredContent/course/id").asLong()).isEqualTo(mine);
    }

    @Test
    void aNulCharacterInAnArgumentIsTheToolErrorRestAnswersForTheRequestsId() {
        String token = writer();
        String arguments = "{\"name\":\"a\\u0000b\"}";
        String rest = Agents.call(token, "create_folder", arguments)
                .then()
                .statusCode(400)
                .extract()
                .jsonPath()
                .getString("message");
        assertThat(rest).startsWith("name: ");

        JsonNode answer = rpc(token, "application/json", call(41, "create_folder", arguments));
        assertThat(answer.get("id").asInt()).isEqualTo(41);
        assertThat(answer.at("/result/isError").asBoolean())
                .as(answer.toString())
                .isTrue();
        assertThat(answer.at("/result/content/0/text").asText()).isEqualTo(rest);

        McpClient client = new McpClient(token);
        client.connect();
        JsonNode inSession = client.call("create_folder", arguments);
        assertThat(inSession.at("/result/isError").asBoolean()).isTrue();
        assertThat(inSession.at("/result/content/0/text").asText()).isEqualTo(rest);
        assertThat(Agents.ok(token, "list_folders", "{}").get("total").asInt()).isZero();

        // Elsewhere in a request: invalid params, for its id.
        JsonNode init = rpc(
                token,
                "application/json",
                "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"a\\u0000\",\"version\":\"1\"}}}");
        assertThat(init.get("id").asInt()).isEqualTo(9);
        assertThat(init.at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(init.at("/error/message").asText()).contains("params.clientInfo.name");
    }
}

package org.courseplatform.agent;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.courseplatform.agent.ConsumerMcpTest.Member;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The members' {@code /mcp} speaks JSON-RPC as the agents' endpoint does (one filter for both):
 * a client that accepts only JSON is served without a session, a {@code null} argument is passed
 * on, a NUL character in an argument is the tool error for the request's id; the member's sign-in
 * is still checked first, and session clients keep working.
 */
@QuarkusTest
class ConsumerMcpJsonRpcTest {

    @BeforeAll
    static void workspace() {
        ConsumerMcpTest.workspace();
    }

    private static Response post(String token, String accept, String body) {
        var spec = given().contentType(ContentType.JSON).body(body);
        if (token != null) {
            spec = spec.auth().oauth2(token);
        }
        if (accept != null) {
            spec = spec.header("Accept", accept);
        }
        return spec.post(ConsumerMcpTest.PATH);
    }

    private static JsonNode rpc(String token, String body) {
        Response response = post(token, "application/json", body);
        response.then().statusCode(200).contentType(containsString("application/json"));
        return Agents.read(response.asString());
    }

    private static String call(int id, String tool, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "}}";
    }

    @Test
    void aClientThatAcceptsOnlyJsonIsServedWithoutASession() {
        String token = MemberTokens.of(ConsumerMcpTest.member("team").id());
        Response init = post(token, "application/json", ConsumerMcpTest.INIT);
        init.then().statusCode(200).contentType(containsString("application/json"));
        assertThat(Agents.read(init.asString()).at("/result/serverInfo/title").asText())
                .isEqualTo("Course Platform");

        JsonNode created = rpc(token, call(2, "create_course", "{\"title\":\"Plain member\"}"));
        assertThat(created.get("id").asInt()).isEqualTo(2);
        assertThat(created.at("/result/structuredContent/course/title").asText())
                .as(created.toString())
                .isEqualTo("Plain member");
        JsonNode listed = rpc(token, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}");
        assertThat(listed.at("/result/tools").size()).isEqualTo(10);

        post(token, "text/html", ConsumerMcpTest.INIT)
                .then()
                .statusCode(406)
                .body("error.code", equalTo("NOT_ACCEPTABLE"))
                .body("message", containsString("Accept must include application/json"));
        // The sign-in comes first: no token is the challenge, whatever the Accept.
        post(null, "text/html", ConsumerMcpTest.INIT)
                .then()
                .statusCode(401)
                .header("WWW-Authenticate", containsString("resource_metadata="));
    }

    @Test
    void aNullArgumentIsPassedOnInASessionAndWithout() {
        Member author = ConsumerMcpTest.member("team");
        McpClient client = new McpClient(MemberTokens.of(author.id()), ConsumerMcpTest.PATH);
        client.connect();
        long course = ConsumerMcpTest.ok(client, "create_course", "{\"title\":\"Filed\"}")
                .at("/course/id")
                .asLong();
        long folder = ConsumerMcpTest.ok(client, "create_folder", "{\"name\":\"Mine\"}")
                .at("/folder/id")
                .asLong();
        ConsumerMcpTest.ok(
                client, "move_course_to_folder", "{\"courseId\":" + course + ",\"folderId\":" + folder + "}");

        JsonNode unfiled = client.call("move_course_to_folder", "{\"courseId\":" + course + ",\"folderId\":null}");
        assertThat(unfiled.at("/result/isError").asBoolean())
                .as(unfiled.toString())
                .isFalse();
        assertThat(unfiled.at("/result/structuredContent/folderId").isNull()).isTrue();

        ConsumerMcpTest.ok(
                client, "move_course_to_folder", "{\"courseId\":" + course + ",\"folderId\":" + folder + "}");
        JsonNode plain = rpc(
                MemberTokens.of(author.id()),
                call(5, "move_course_to_folder", "{\"courseId\":" + course + ",\"folderId\":null}"));
        assertThat(plain.at("/result/isError").asBoolean()).as(plain.toString()).isFalse();
        assertThat(plain.at("/result/structuredContent/folderId").isNull()).isTrue();
    }

    @Test
    void aNulCharacterInAnArgumentIsTheToolErrorForTheRequestsId() {
        String arguments = "{\"name\":\"a\\u0000b\"}";
        String agent = Agents.mint(
                TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live"),
                "{\"identifier\":\"u\",\"readonly\":false,\"tools\":[\"create_folder\"]}");
        String rest = Agents.call(agent, "create_folder", arguments)
                .then()
                .statusCode(400)
                .extract()
                .jsonPath()
                .getString("message");

        Member author = ConsumerMcpTest.member("team");
        JsonNode plain = rpc(MemberTokens.of(author.id()), call(41, "create_folder", arguments));
        assertThat(plain.get("id").asInt()).isEqualTo(41);
        assertThat(plain.at("/result/isError").asBoolean()).as(plain.toString()).isTrue();
        assertThat(plain.at("/result/content/0/text").asText()).isEqualTo(rest);

        McpClient client = new McpClient(MemberTokens.of(author.id()), ConsumerMcpTest.PATH);
        client.connect();
        JsonNode inSession = client.call("create_folder", arguments);
        assertThat(inSession.at("/result/isError").asBoolean())
                .as(inSession.toString())
                .isTrue();
        assertThat(inSession.at("/result/content/0/text").asText()).isEqualTo(rest);
        assertThat(ConsumerMcpTest.ok(client, "list_folders", "{}").findValues("name"))
                .extracting(JsonNode::asText)
                .doesNotContain("a\u0000b");
    }
}

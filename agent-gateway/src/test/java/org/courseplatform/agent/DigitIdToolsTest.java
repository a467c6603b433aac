package org.courseplatform.agent;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.courseplatform.agent.ConsumerMcpTest.Member;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Tool arguments take ids as the whole API does (API.md): a number or a string of 1-18 digits,
 * over REST, over MCP on the agents' endpoint and on the members' {@code /mcp}; a pinned token
 * reads a digit string as the course it names; a string that is no id is the tool's
 * invalid-argument error naming the argument.
 */
@QuarkusTest
class DigitIdToolsTest {

    private final String key = TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live");

    @BeforeAll
    static void workspace() {
        ConsumerMcpTest.workspace();
    }

    private String writer() {
        return Agents.mint(
                key, "{\"identifier\":\"digits\",\"readonly\":false,\"tools\":" + McpGatewayTest.ALL_TOOLS + "}");
    }

    private static long course(String token, String title) {
        return Agents.ok(token, "create_course", "{\"title\":\"" + title + "\"}")
                .at("/course/id")
                .asLong();
    }

    /** One plain JSON-RPC tools/call on the agents' endpoint, as SPEC.md writes it. */
    private static JsonNode mcpCall(String token, String tool, String arguments) {
        Response response = given().auth()
                .oauth2(token)
                .contentType(ContentType.JSON)
                .header("Accept", "application/json")
                .body("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                        + "\",\"arguments\":" + arguments + "}}")
                .post(McpClient.PATH);
        response.then().statusCode(200);
        return Agents.read(response.asString());
    }

    @Test
    void aCourseIdAsADigitStringWorksOverRestAndMcp() {
        String token = writer();
        long course = course(token, "Digits");
        long theme = Agents.ok(token, "list_themes", "{}").at("/themes/0/id").asLong();

        assertThat(Agents.ok(token, "get_course", "{\"courseId\":\"" + course + "\"}")
                        .at("/course/id")
                        .asLong())
                .isEqualTo(course);
        // Leading zeros are the same id; an answer's ids are numbers.
        JsonNode themed =
                Agents.ok(token, "apply_theme", "{\"courseId\":\"00" + course + "\",\"themeId\":\"" + theme + "\"}");
        assertThat(themed.get("themeId").isIntegralNumber()).isTrue();
        assertThat(themed.get("themeId").asLong()).isEqualTo(theme);

        JsonNode overMcp = mcpCall(token, "get_course", "{\"courseId\":\"" + course + "\"}");
        assertThat(overMcp.at("/result/isError").asBoolean())
                .as(overMcp.toString())
                .isFalse();
        assertThat(overMcp.at("/result/structuredContent/course/title").asText())
                .isEqualTo("Digits");
        McpClient session = new McpClient(token);
        session.connect();
        JsonNode inSession = session.call("get_course_document", "{\"courseId\":\"" + course + "\"}");
        assertThat(inSession.at("/result/isError").asBoolean())
                .as(inSession.toString())
                .isFalse();
    }

    @Test
    void aStringThatIsNoIdIsAnInvalidArgumentNamingIt() {
        String token = writer();
        for (String bad : new String[] {"abc", "-1", "1.5", "1234567890123456789"}) {
            JsonNode rest = Agents.read(Agents.call(token, "get_course", "{\"courseId\":\"" + bad + "\"}")
                    .then()
                    .statusCode(200)
                    .extract()
                    .asString());
            assertThat(rest.get("isError").asBoolean()).as(bad).isTrue();
            assertThat(rest.at("/structuredContent/error").asText()).isEqualTo("invalid_argument");
            assertThat(rest.at("/content/0/text").asText())
                    .as(bad)
                    .contains("courseId must be an id: a positive integer or a string of 1 to 18 digits");
            JsonNode mcp = mcpCall(token, "get_course", "{\"courseId\":\"" + bad + "\"}");
            assertThat(mcp.at("/result/isError").asBoolean()).as(bad).isTrue();
            assertThat(mcp.at("/result/content/0/text").asText()).contains("courseId must be an id");
        }
        JsonNode list = Agents.read(Agents.call(token, "create_collection", "{\"title\":\"Bad\",\"courseIds\":[\"x\"]}")
                .asString());
        assertThat(list.at("/content/0/text").asText()).contains("courseIds.0 must be an id");
        assertThat(Agents.ok(token, "list_collections", "{}").get("total").asInt())
                .as("nothing was made")
                .isZero();
    }

    @Test
    void aPinnedTokenReadsTheCourseOfADigitString() {
        String token = writer();
        long mine = course(token, "Pinned digits");
        long other = course(token, "Other digits");
        String pinned = Agents.mint(
                key,
                "{\"identifier\":\"digits\",\"courseId\":" + mine + ",\"readonly\":false,\"tools\":"
                        + McpGatewayTest.ALL_TOOLS + "}");

        assertThat(Agents.ok(pinned, "get_course", "{\"courseId\":\"" + mine + "\"}")
                        .at("/course/id")
                        .asLong())
                .isEqualTo(mine);
        Agents.call(pinned, "get_course", "{\"courseId\":\"" + other + "\"}")
                .then()
                .statusCode(403)
                .body("message", containsString("pinned to course " + mine));
        JsonNode overMcp = mcpCall(pinned, "get_course", "{\"courseId\":\"" + mine + "\"}");
        assertThat(overMcp.at("/result/isError").asBoolean())
                .as(overMcp.toString())
                .isFalse();
        JsonNode refused = mcpCall(pinned, "get_course", "{\"courseId\":\"" + other + "\"}");
        assertThat(refused.at("/error/code").asInt()).as(refused.toString()).isEqualTo(-32001);
        assertThat(refused.at("/error/message").asText()).contains("pinned to course " + mine);

        // A new collection's courses, as digit strings: the pinned one only.
        Agents.call(pinned, "create_collection", "{\"title\":\"No\",\"courseIds\":[\"" + other + "\"]}")
                .then()
                .statusCode(403);
        JsonNode collection = Agents.ok(
                        pinned, "create_collection", "{\"title\":\"Path\",\"courseIds\":[\"" + mine + "\"]}")
                .get("collection");
        assertThat(collection.get("courseIds").toString()).isEqualTo("[" + mine + "]");
    }

    @Test
    void createCollectionTakesCourseIdsAsDigitStrings() {
        String token = writer();
        long a = course(token, "A");
        long b = course(token, "B");
        JsonNode collection = Agents.ok(
                        token, "create_collection", "{\"title\":\"Strings\",\"courseIds\":[\"" + a + "\"," + b + "]}")
                .get("collection");
        assertThat(collection.get("courseIds").toString()).isEqualTo("[" + a + "," + b + "]");
    }

    @Test
    void theMembersEndpointTakesDigitStringsToo() {
        Member author = ConsumerMcpTest.member("team");
        McpClient client = new McpClient(MemberTokens.of(author.id()), ConsumerMcpTest.PATH);
        client.connect();
        long course = ConsumerMcpTest.ok(client, "create_course", "{\"title\":\"Member digits\"}")
                .at("/course/id")
                .asLong();
        assertThat(ConsumerMcpTest.ok(client, "get_course", "{\"courseId\":\"" + course + "\"}")
                        .at("/course/title")
                        .asText())
                .isEqualTo("Member digits");
        JsonNode collection = ConsumerMcpTest.ok(
                        client, "create_collection", "{\"title\":\"Mine\",\"courseIds\":[\"" + course + "\"]}")
                .get("collection");
        assertThat(collection.get("courseIds").toString()).isEqualTo("[" + course + "]");
        JsonNode bad = client.call("get_course", "{\"courseId\":\"abc\"}");
        assertThat(bad.at("/result/isError").asBoolean()).as(bad.toString()).isTrue();
        assertThat(bad.at("/result/content/0/text").asText()).contains("courseId must be an id");

        // Another member's course as a digit string is still not theirs.
        McpClient other =
                new McpClient(MemberTokens.of(ConsumerMcpTest.member("team").id()), ConsumerMcpTest.PATH);
        other.connect();
        JsonNode refused = other.call("publish_course", "{\"courseId\":\"" + course + "\"}");
        assertThat(refused.at("/error/code").asInt()).as(refused.toString()).isEqualTo(-32001);
        assertThat(refused.at("/error/message").asText()).contains("not yours");
    }
}

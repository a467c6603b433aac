package org.courseplatform.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.agent.ConsumerMcpTest.Member;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What belongs to the whole workspace over the consumer MCP endpoint: a team member reads every
 * folder and collection and makes their own, but files into, nests under or adds to only those they
 * made, puts only their own courses in a collection, and reads the brand voice without changing it.
 * An agent token of the workspace keeps its powers over the same objects.
 */
@QuarkusTest
class ConsumerMcpWorkspaceObjectsTest {

    @BeforeAll
    static void workspace() {
        ConsumerMcpTest.workspace();
    }

    static McpClient connected(Member member) {
        McpClient client = new McpClient(MemberTokens.of(member.id()), ConsumerMcpTest.PATH);
        client.connect();
        return client;
    }

    static void refused(McpClient client, String tool, String arguments, String why) {
        JsonNode answer = client.call(tool, arguments);
        assertThat(answer.has("result"))
                .as(tool + " " + arguments + ": " + answer)
                .isFalse();
        assertThat(answer.at("/error/code").asInt()).as(tool).isEqualTo(-32001);
        assertThat(answer.at("/error/message").asText()).as(tool).contains(why);
    }

    static List<Long> ids(JsonNode items) {
        List<Long> ids = new ArrayList<>();
        items.forEach(item -> ids.add(item.get("id").asLong()));
        return ids;
    }

    @Test
    void aTeamMemberChangesOnlyTheFoldersAndCollectionsTheyMade() {
        Member b = ConsumerMcpTest.member("team");
        McpClient other = connected(b);
        long theirCourse = ConsumerMcpTest.ok(other, "create_course", "{\"title\":\"B's course\"}")
                .at("/course/id")
                .asLong();
        long theirFolder = ConsumerMcpTest.ok(other, "create_folder", "{\"name\":\"B's folder\"}")
                .at("/folder/id")
                .asLong();
        JsonNode theirCollection = ConsumerMcpTest.ok(
                        other, "create_collection", "{\"title\":\"B's path\",\"courseIds\":[" + theirCourse + "]}")
                .get("collection");
        long theirPath = theirCollection.get("id").asLong();

        Member a = ConsumerMcpTest.member("team");
        McpClient client = connected(a);
        long course = ConsumerMcpTest.ok(client, "create_course", "{\"title\":\"A's course\"}")
                .at("/course/id")
                .asLong();
        // The workspace's folders and collections are there to read.
        assertThat(ids(ConsumerMcpTest.ok(client, "list_folders", "{}").get("folders")))
                .contains(theirFolder);
        assertThat(ids(ConsumerMcpTest.ok(client, "list_collections", "{}").get("collections")))
                .contains(theirPath);
        assertThat(ConsumerMcpTest.ok(client, "list_folders", "{\"parentId\":" + theirFolder + "}")
                        .get("total")
                        .asLong())
                .isZero();

        // Another's folder or collection takes nothing from them.
        refused(
                client,
                "add_course_to_collection",
                "{\"collectionId\":" + theirPath + ",\"courseId\":" + course + "}",
                "Collection " + theirPath + " is not yours");
        refused(
                client,
                "add_course_to_collection",
                "{\"collectionId\":" + theirPath + ",\"courseId\":" + course + ",\"position\":0}",
                "is not yours");
        refused(
                client,
                "move_course_to_folder",
                "{\"courseId\":" + course + ",\"folderId\":" + theirFolder + "}",
                "Folder " + theirFolder + " is not yours");
        refused(
                client,
                "create_folder",
                "{\"name\":\"Inside B's\",\"parentId\":" + theirFolder + "}",
                "Folder " + theirFolder + " is not yours");
        refused(
                client,
                "create_collection",
                "{\"title\":\"Mine with B's course\",\"courseIds\":[" + course + "," + theirCourse + "]}",
                "Course " + theirCourse + " is not yours");
        // A folder or collection that does not exist answers as such, not as a refusal.
        JsonNode missing = client.call(
                        "add_course_to_collection", "{\"collectionId\":999999999,\"courseId\":" + course + "}")
                .get("result");
        assertThat(missing.path("isError").asBoolean()).isTrue();
        assertThat(missing.toString()).contains("Collection 999999999 not found");

        // Their folder and collection are as they made them.
        JsonNode path = ConsumerMcpTest.ok(other, "list_collections", "{}").get("collections");
        assertThat(path.size()).isEqualTo(1);
        assertThat(path.at("/0/courseIds").toString()).isEqualTo("[" + theirCourse + "]");
        assertThat(ConsumerMcpTest.ok(other, "list_folders", "{\"parentId\":" + theirFolder + "}")
                        .get("total")
                        .asLong())
                .isZero();
        assertThat(ConsumerMcpTest.ok(other, "list_collections", "{}")
                        .at("/collections/0/title")
                        .asText())
                .isEqualTo("B's path");

        // What they made themselves they change as they like.
        long folder = ConsumerMcpTest.ok(client, "create_folder", "{\"name\":\"A's folder\"}")
                .at("/folder/id")
                .asLong();
        ConsumerMcpTest.ok(client, "create_folder", "{\"name\":\"A's inner\",\"parentId\":" + folder + "}");
        assertThat(ConsumerMcpTest.ok(
                                client,
                                "move_course_to_folder",
                                "{\"courseId\":" + course + ",\"folderId\":" + folder + "}")
                        .get("folderId")
                        .asLong())
                .isEqualTo(folder);
        long own = ConsumerMcpTest.ok(client, "create_collection", "{\"title\":\"A's path\"}")
                .at("/collection/id")
                .asLong();
        assertThat(ConsumerMcpTest.ok(
                                client,
                                "add_course_to_collection",
                                "{\"collectionId\":" + own + ",\"courseId\":" + course + "}")
                        .at("/collection/courseIds")
                        .toString())
                .isEqualTo("[" + course + "]");

        // An agent token of the workspace keeps its powers over every member's folders and collections.
        String agent = Agents.mint(
                TestKeys.header(ConsumerMcpTest.workspace, "build", "", "", "live"),
                "{\"identifier\":\"organiser\",\"readonly\":false,\"tools\":" + McpGatewayTest.ALL_TOOLS + "}");
        assertThat(Agents.ok(
                                agent,
                                "add_course_to_collection",
                                "{\"collectionId\":" + theirPath + ",\"courseId\":" + course + "}")
                        .at("/collection/courseIds")
                        .toString())
                .isEqualTo("[" + theirCourse + "," + course + "]");
        Agents.ok(agent, "create_folder", "{\"name\":\"Filed by the agent\",\"parentId\":" + theirFolder + "}");
    }

    @Test
    void theBrandVoiceIsReadOnlyForMembers() {
        McpClient client = connected(ConsumerMcpTest.member("team"));
        assertThat(ConsumerMcpTest.toolNames(client))
                .contains("get_brand_voice", "list_themes", "apply_theme")
                .doesNotContain("set_brand_voice");
        refused(
                client,
                "set_brand_voice",
                "{\"name\":\"Mine now\",\"tone\":\"shouting\"}",
                "changes a setting of the whole workspace");
        assertThat(ConsumerMcpTest.ok(client, "get_brand_voice", "{}")
                        .get("source")
                        .asText())
                .isEqualTo("none");

        // The workspace's agents still set it.
        String agent = Agents.mint(
                TestKeys.header(ConsumerMcpTest.workspace, "build", "", "", "live"),
                "{\"identifier\":\"voice\",\"readonly\":false,\"tools\":" + McpGatewayTest.ALL_TOOLS + "}");
        Agents.ok(agent, "set_brand_voice", "{\"name\":\"House voice\",\"tone\":\"plain\"}");
        JsonNode voice = ConsumerMcpTest.ok(client, "get_brand_voice", "{}");
        assertThat(voice.get("source").asText()).isEqualTo("workspace");
        assertThat(voice.get("name").asText()).isEqualTo("House voice");
    }
}

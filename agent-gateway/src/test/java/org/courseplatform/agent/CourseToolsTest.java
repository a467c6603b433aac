package org.courseplatform.agent;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.courseplatform.platform.testing.TestKeys;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Each tool's result against the real course-service and migration-service. */
@QuarkusTest
class CourseToolsTest {

    private final long workspace = TestKeys.newWorkspace();
    private final String key = TestKeys.header(workspace, "build", "", "", "live");
    private String author;

    @BeforeEach
    void mintAWriter() {
        author = Agents.mint(
                key, "{\"identifier\":\"author\",\"readonly\":false,\"tools\":" + McpGatewayTest.ALL_TOOLS + "}");
    }

    @Test
    void anAgentBuildsACourseScreenByScreenAndPublishesIt() {
        long course = Agents.ok(author, "create_course", "{\"title\":\"Golf basics\"}")
                .at("/course/id")
                .asLong();
        JsonNode layouts = Agents.ok(author, "list_layouts", "{}").get("layouts");
        assertThat(layouts.size()).isGreaterThan(3);
        String layout = layouts.get(0).get("id").asText();

        JsonNode document = Agents.ok(author, "get_course_document", "{\"courseId\":" + course + "}");
        long revision = document.get("revision").asLong();
        assertThat(document.at("/document/format").asText()).isEqualTo("builder2");

        JsonNode created = Agents.ok(
                author,
                "create_screen",
                "{\"courseId\":" + course + ",\"layoutId\":\"" + layout + "\",\"title\":\"Welcome\",\"revision\":"
                        + revision + "}");
        assertThat(created.get("revision").asLong()).isGreaterThan(revision);
        String screen = created.at("/screens/0/id").asText();
        JsonNode block = Agents.ok(
                author,
                "add_block",
                "{\"courseId\":" + course + ",\"screenId\":\"" + screen
                        + "\",\"block\":{\"type\":\"text\",\"title\":\"Par\",\"description\":\"<p>Expected strokes</p>\"}}");
        String element = block.at("/element/id").asText();
        assertThat(element).isNotBlank();

        JsonNode after = Agents.ok(author, "get_course_document", "{\"courseId\":" + course + "}");
        assertThat(after.get("revision").asLong())
                .isEqualTo(block.get("revision").asLong());
        assertThat(after.at("/document/screens").findValuesAsText("id")).contains(screen, element);

        // A change based on an old revision is a conflict, and changes nothing.
        JsonNode stale = Agents.read(Agents.call(
                        author,
                        "update_screen",
                        "{\"courseId\":" + course + ",\"screenId\":\"" + screen
                                + "\",\"title\":\"Lost update\",\"revision\":" + revision + "}")
                .then()
                .statusCode(200)
                .extract()
                .asString());
        assertThat(stale.get("isError").asBoolean()).isTrue();
        assertThat(stale.at("/structuredContent/error").asText()).isEqualTo("conflict");
        JsonNode updated = Agents.ok(
                author,
                "update_screen",
                "{\"courseId\":" + course + ",\"screenId\":\"" + screen + "\",\"title\":\"Hello\",\"revision\":"
                        + after.get("revision") + "}");
        assertThat(updated.at("/screen/title").asText()).isEqualTo("Hello");

        JsonNode content = Agents.ok(author, "get_course_content", "{\"courseId\":" + course + "}");
        assertThat(content.get("screens").toString()).contains("Hello").contains("Expected strokes");

        JsonNode published = Agents.ok(author, "publish_course", "{\"courseId\":" + course + "}")
                .get("course");
        assertThat(published.get("published").asBoolean()).isTrue();
        Agents.ok(author, "delete_screen", "{\"courseId\":" + course + ",\"screenId\":\"" + screen + "\"}");
        JsonNode reverted = Agents.ok(author, "revert_course", "{\"courseId\":" + course + "}")
                .get("course");
        assertThat(reverted.get("published").asBoolean()).isTrue();
        assertThat(Agents.ok(author, "get_course_document", "{\"courseId\":" + course + "}")
                        .at("/document/screens")
                        .findValuesAsText("id"))
                .contains(screen);
    }

    @Test
    void copyDeleteAndRestoreACourse() {
        long course = Agents.ok(author, "create_course", "{\"title\":\"Original\"}")
                .at("/course/id")
                .asLong();
        JsonNode copy = Agents.ok(author, "duplicate_course", "{\"courseId\":" + course + "}")
                .get("course");
        assertThat(copy.get("id").asLong()).isNotEqualTo(course);
        assertThat(copy.get("identifier").asText()).isEqualTo("author");
        assertThat(Agents.ok(author, "delete_course", "{\"courseId\":" + course + "}")
                        .at("/course/deleted")
                        .asBoolean())
                .isTrue();
        assertThat(Agents.ok(author, "list_courses", "{\"length\":100}")
                        .get("courses")
                        .findValuesAsText("id"))
                .doesNotContain(Long.toString(course));
        assertThat(Agents.ok(author, "list_courses", "{\"length\":100,\"deleted\":true}")
                        .get("courses")
                        .findValuesAsText("id"))
                .contains(Long.toString(course));
        assertThat(Agents.ok(author, "restore_course", "{\"courseId\":" + course + "}")
                        .at("/course/deleted")
                        .asBoolean())
                .isFalse();
    }

    @Test
    void aClassicCourseIsMigratedToBuilder2() {
        String courses = ConfigProvider.getConfig().getValue("platform.services.course-service.url", String.class);
        long classic = given().baseUri(courses)
                .header("Authorization", key)
                .contentType(ContentType.JSON)
                .body(
                        "{\"identifier\":\"author\",\"document\":{\"format\":\"classic\",\"title\":\"Old course\",\"slides\":["
                                + "{\"id\":101,\"kind\":\"content\",\"heading\":\"Intro\",\"body\":\"<p>Hello</p>\"}]}}")
                .post("/v1/headless/courses/import")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        JsonNode result = Agents.ok(author, "migrate_course", "{\"courseId\":" + classic + "}");
        assertThat(result.get("status").asText()).isEqualTo("migrated");
        assertThat(Agents.ok(author, "get_course", "{\"courseId\":" + classic + "}")
                        .at("/course/format")
                        .asText())
                .isEqualTo("builder2");
        assertThat(Agents.ok(author, "migrate_course", "{\"courseId\":" + classic + "}")
                        .get("status")
                        .asText())
                .isEqualTo("already_modern");
    }
}

package org.courseplatform.agent;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import org.courseplatform.platform.testing.TestKeys;
import org.eclipse.microprofile.config.ConfigProvider;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The enrich, language, share, organise and measure tools against the real course-service: an
 * agent themes, voices, files, collects, shares, translates and narrates a course, in its own
 * tenant only.
 */
@QuarkusTest
class FeatureToolsTest {

    private final long workspace = TestKeys.newWorkspace();
    private final String key = TestKeys.header(workspace, "build", "", "", "live");
    private String author;

    @BeforeEach
    void mintAWriter() {
        author = Agents.mint(
                key,
                "{\"identifier\":\"author\",\"clientIdentifier\":\"tenant-a\",\"readonly\":false,\"tools\":"
                        + McpGatewayTest.ALL_TOOLS + "}");
    }

    @Test
    void anAgentThemesACourseAndSetsItsTenantsBrandVoice() {
        long course = Agents.ok(author, "create_course", "{\"title\":\"Themed\"}")
                .at("/course/id")
                .asLong();
        JsonNode themes = Agents.ok(author, "list_themes", "{}");
        assertThat(themes.get("total").asInt()).isGreaterThanOrEqualTo(8);
        JsonNode theme = themes.get("themes").get(1);
        assertThat(theme.get("builtIn").asBoolean()).isTrue();
        long revision = Agents.ok(author, "get_course_document", "{\"courseId\":" + course + "}")
                .get("revision")
                .asLong();

        JsonNode applied = Agents.ok(
                author,
                "apply_theme",
                "{\"courseId\":" + course + ",\"themeId\":" + theme.get("id") + ",\"revision\":" + revision + "}");
        assertThat(applied.get("themeId").asLong()).isEqualTo(theme.get("id").asLong());
        assertThat(applied.get("revision").asLong()).isGreaterThan(revision);
        assertThat(Agents.ok(author, "get_course_document", "{\"courseId\":" + course + "}")
                        .at("/document/theme/themeId")
                        .asLong())
                .isEqualTo(theme.get("id").asLong());
        // Based on the old revision: a conflict, nothing changed.
        JsonNode stale = Agents.read(Agents.call(
                        author,
                        "apply_theme",
                        "{\"courseId\":" + course + ",\"themeId\":null,\"revision\":" + revision + "}")
                .asString());
        assertThat(stale.at("/structuredContent/error").asText()).isEqualTo("conflict");

        assertThat(Agents.ok(author, "get_brand_voice", "{}").get("source").asText())
                .isEqualTo("none");
        JsonNode voice = Agents.ok(
                author,
                "set_brand_voice",
                "{\"name\":\"Coach\",\"tone\":\"warm and plain\",\"do\":[\"Use you\"],"
                        + "\"dont\":[\"Use jargon\"],\"vocabulary\":[{\"term\":\"learner\",\"note\":\"never student\"}]}");
        assertThat(voice.get("source").asText()).isEqualTo("tenant");
        assertThat(voice.get("clientIdentifier").asText()).isEqualTo("tenant-a");
        assertThat(Agents.ok(author, "get_brand_voice", "{}").get("tone").asText())
                .isEqualTo("warm and plain");
        // The workspace's own voice (and any other tenant's) is untouched.
        String courses = ConfigProvider.getConfig().getValue("platform.services.course-service.url", String.class);
        given().baseUri(courses)
                .header("Authorization", key)
                .get("/v1/headless/brand-voice")
                .then()
                .statusCode(200)
                .body("source", Matchers.equalTo("none"));
    }

    @Test
    void anAgentFilesCollectsAndSharesACourse() {
        long course = Agents.ok(author, "create_course", "{\"title\":\"Organised\"}")
                .at("/course/id")
                .asLong();
        JsonNode folder =
                Agents.ok(author, "create_folder", "{\"name\":\"Onboarding\"}").get("folder");
        JsonNode inner = Agents.ok(
                        author, "create_folder", "{\"name\":\"Week 1\",\"parentId\":" + folder.get("id") + "}")
                .get("folder");
        assertThat(inner.get("parentId").asLong()).isEqualTo(folder.get("id").asLong());
        JsonNode moved = Agents.ok(
                author, "move_course_to_folder", "{\"courseId\":" + course + ",\"folderId\":" + inner.get("id") + "}");
        assertThat(moved.get("folderId").asLong()).isEqualTo(inner.get("id").asLong());
        JsonNode folders = Agents.ok(author, "list_folders", "{}");
        assertThat(folders.get("total").asInt()).isEqualTo(2);
        assertThat(Agents.ok(author, "list_folders", "{\"parentId\":" + folder.get("id") + "}")
                        .get("folders")
                        .findValuesAsText("name"))
                .containsExactly("Week 1");

        JsonNode collection =
                Agents.ok(author, "create_collection", "{\"title\":\"Path\"}").get("collection");
        assertThat(collection.get("key").asText()).isNotBlank();
        JsonNode added = Agents.ok(
                        author,
                        "add_course_to_collection",
                        "{\"collectionId\":" + collection.get("id") + ",\"courseId\":" + course + "}")
                .get("collection");
        assertThat(added.get("courseIds").get(0).asLong()).isEqualTo(course);
        assertThat(Agents.ok(author, "list_collections", "{}")
                        .get("collections")
                        .findValuesAsText("title"))
                .containsExactly("Path");

        // Only a published course can be shared.
        JsonNode unpublished = Agents.read(Agents.call(author, "create_share_link", "{\"courseId\":" + course + "}")
                .asString());
        assertThat(unpublished.get("isError").asBoolean()).isTrue();
        Agents.ok(author, "publish_course", "{\"courseId\":" + course + "}");
        JsonNode link = Agents.ok(
                author, "create_share_link", "{\"courseId\":" + course + ",\"expiresInDays\":7,\"maxUses\":3}");
        assertThat(link.get("url").asText()).contains("/play/");
        assertThat(link.get("maxUses").asInt()).isEqualTo(3);

        JsonNode analytics = Agents.ok(author, "get_course_analytics", "{\"courseId\":" + course + "}");
        assertThat(analytics.get("courseId").asLong()).isEqualTo(course);
        assertThat(analytics.at("/learners/commenced").asInt()).isZero();

        // Another tenant's agent sees none of it.
        String other = Agents.mint(
                key,
                "{\"identifier\":\"other\",\"clientIdentifier\":\"tenant-b\",\"readonly\":false,\"tools\":"
                        + McpGatewayTest.ALL_TOOLS + "}");
        assertThat(Agents.ok(other, "list_folders", "{}").get("total").asInt()).isZero();
        assertThat(Agents.ok(other, "list_collections", "{}").get("total").asInt())
                .isZero();
        JsonNode foreign = Agents.read(Agents.call(
                        other,
                        "add_course_to_collection",
                        "{\"collectionId\":" + collection.get("id") + ",\"courseId\":" + course + "}")
                .asString());
        assertThat(foreign.at("/structuredContent/error").asText()).isEqualTo("not_found");
        JsonNode foreignMove = Agents.read(
                Agents.call(other, "move_course_to_folder", "{\"courseId\":" + course + ",\"folderId\":null}")
                        .asString());
        assertThat(foreignMove.at("/structuredContent/error").asText()).isEqualTo("not_found");
    }

    @Test
    void translationAndNarrationAnswerTheirJobAtOnce() {
        long course = Agents.ok(author, "create_course", "{\"title\":\"Spoken\"}")
                .at("/course/id")
                .asLong();
        JsonNode job = Agents.ok(author, "translate_course", "{\"courseId\":" + course + ",\"locale\":\"fr\"}");
        assertThat(job.get("type").asText()).isEqualTo("translation");
        assertThat(job.get("status").asText()).isIn("queued", "running", "succeeded");
        JsonNode read = Agents.ok(author, "get_job", "{\"jobId\":" + job.get("id") + "}");
        assertThat(read.get("id").asLong()).isEqualTo(job.get("id").asLong());
        JsonNode narration = Agents.ok(author, "generate_narration", "{\"courseId\":" + course + ",\"audio\":false}");
        assertThat(narration.get("type").asText()).isEqualTo("narration");

        // A token pinned to another course does not see the job.
        long elsewhere = Agents.ok(author, "create_course", "{\"title\":\"Elsewhere\"}")
                .at("/course/id")
                .asLong();
        String pinned = Agents.mint(
                key, "{\"identifier\":\"author\",\"clientIdentifier\":\"tenant-a\",\"courseId\":" + elsewhere + "}");
        JsonNode hidden = Agents.read(Agents.call(pinned, "get_job", "{\"jobId\":" + job.get("id") + "}")
                .asString());
        assertThat(hidden.at("/structuredContent/error").asText()).isEqualTo("not_found");
        assertThat(Agents.read(Agents.call(
                                        author,
                                        "translate_course",
                                        "{\"courseId\":" + course + ",\"locale\":\"not a locale\"}")
                                .then()
                                .extract()
                                .asString())
                        .toString())
                .contains("locale");
    }
}

package org.courseplatform.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.time.Duration;
import java.util.List;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/** The token's scope, enforced on every list and every call (SPEC.md Authentication 3), over REST. */
@QuarkusTest
class ToolScopeTest {

    static final List<String> READS = List.of(
            "get_brand_voice",
            "get_course",
            "get_course_analytics",
            "get_course_content",
            "get_course_document",
            "get_job",
            "list_collections",
            "list_courses",
            "list_folders",
            "list_layouts",
            "list_media",
            "list_themes");

    private final long workspace = TestKeys.newWorkspace();
    private final String key = TestKeys.header(workspace, "build", "", "", "live");

    private String writer(String extra) {
        return Agents.mint(
                key,
                "{\"identifier\":\"author-1\",\"readonly\":false,\"tools\":[\"create_course\",\"get_course\","
                        + "\"list_courses\",\"publish_course\"]" + extra + "}");
    }

    @Test
    void aTokenWithoutScopeHasTheFullReadSurfaceAndNoWrites() {
        String token = Agents.mint(key, "{\"identifier\":\"reader\"}");
        List<String> names =
                Agents.tools(token).then().statusCode(200).extract().jsonPath().getList("name");
        assertThat(names).containsExactlyElementsOf(READS);
        assertThat(Agents.tools(token).jsonPath().getList("readOnly", Boolean.class))
                .containsOnly(true);
        Agents.call(token, "create_course", "{\"title\":\"Nope\"}")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"))
                .body("message", containsString("create_course"));
        // readonly false without an allowlist is still the read surface.
        String unlisted = Agents.mint(key, "{\"identifier\":\"reader\",\"readonly\":false}");
        assertThat(Agents.tools(unlisted).jsonPath().getList("name", String.class))
                .containsExactlyElementsOf(READS);
        Agents.call(unlisted, "create_course", "{\"title\":\"Nope\"}").then().statusCode(403);
    }

    @Test
    void readOnlyHidesAndRefusesWritesEvenWhenAllowlisted() {
        String token = Agents.mint(key, "{\"identifier\":\"u\",\"tools\":[\"create_course\",\"get_course\"]}");
        assertThat(Agents.tools(token).jsonPath().getList("name", String.class)).containsExactly("get_course");
        Agents.call(token, "create_course", "{\"title\":\"Nope\"}")
                .then()
                .statusCode(403)
                .body("message", containsString("read-only"));
    }

    @Test
    void anAllowlistGivesExactlyItsToolsAndWritesOnlyWhenNotReadOnly() {
        String token = writer("");
        assertThat(Agents.tools(token).jsonPath().getList("name", String.class))
                .containsExactly("get_course", "list_courses", "create_course", "publish_course");
        JsonNode course = Agents.ok(token, "create_course", "{\"title\":\"Agent made\",\"description\":\"d\"}")
                .get("course");
        assertThat(course.get("identifier").asText())
                .as("owned by the agent's user")
                .isEqualTo("author-1");
        assertThat(course.get("clientIdentifier").isNull())
                .as("in the workspace-default tenant")
                .isTrue();
        assertThat(course.get("format").asText()).isEqualTo("builder2");
        Agents.call(token, "get_course_content", "{\"courseId\":" + course.get("id") + "}")
                .then()
                .statusCode(403)
                .body("message", containsString("allowlist"));
        assertThat(Agents.ok(token, "publish_course", "{\"courseId\":" + course.get("id") + "}")
                        .at("/course/published")
                        .asBoolean())
                .isTrue();
    }

    @Test
    void anUnknownToolAtMintingIs400NamingIt() {
        RestAssured.given()
                .header("Authorization", key)
                .contentType("application/json")
                .body("{\"identifier\":\"u\",\"tools\":[\"list_courses\",\"fly_to_the_moon\"]}")
                .post("/api/v1/agent/auth")
                .then()
                .statusCode(400)
                .body("details.field", hasItem("tools[1]"))
                .body("details.message", hasItem(containsString("fly_to_the_moon")));
        RestAssured.given()
                .header("Authorization", key)
                .contentType("application/json")
                .body("{\"identifier\":\"u\",\"tools\":[]}")
                .post("/api/v1/agent/auth")
                .then()
                .statusCode(400)
                .body("details.field", hasItem("tools"));
    }

    @Test
    void aPinnedTokenNamesItsCourseOnlyInEveryArgument() {
        String author = writer("");
        long pinned = Agents.ok(author, "create_course", "{\"title\":\"Pinned path\"}")
                .at("/course/id")
                .asLong();
        long other = Agents.ok(author, "create_course", "{\"title\":\"Other path\"}")
                .at("/course/id")
                .asLong();
        String token = Agents.mint(
                key,
                "{\"identifier\":\"author-1\",\"courseId\":" + pinned + ",\"readonly\":false,"
                        + "\"tools\":[\"create_collection\",\"list_collections\",\"move_course_to_folder\"]}");
        // A course id inside a list is a course the call acts on, like courseId.
        Agents.call(token, "create_collection", "{\"title\":\"Path\",\"courseIds\":[" + other + "]}")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"))
                .body("message", containsString("pinned to course " + pinned));
        Agents.call(token, "create_collection", "{\"title\":\"Path\",\"courseIds\":[" + pinned + ",\"" + other + "\"]}")
                .then()
                .statusCode(403);
        assertThat(Agents.ok(token, "list_collections", "{}").get("total").asInt())
                .as("nothing was made")
                .isZero();
        Agents.call(token, "move_course_to_folder", "{\"courseId\":" + other + ",\"folderId\":null}")
                .then()
                .statusCode(403);
        JsonNode own = Agents.ok(token, "create_collection", "{\"title\":\"Own\",\"courseIds\":[" + pinned + "]}");
        assertThat(own.at("/collection/courseIds/0").asLong()).isEqualTo(pinned);
    }

    @Test
    void aPinnedTokenActsOnItsCourseOnly() {
        String author = writer("");
        long pinned = Agents.ok(author, "create_course", "{\"title\":\"Pinned one\"}")
                .at("/course/id")
                .asLong();
        long other = Agents.ok(author, "create_course", "{\"title\":\"Other one\"}")
                .at("/course/id")
                .asLong();
        String token = Agents.mint(
                key,
                "{\"identifier\":\"author-1\",\"courseId\":" + pinned + ",\"readonly\":false,"
                        + "\"tools\":[\"create_course\",\"get_course\",\"list_courses\",\"duplicate_course\"]}");
        assertThat(Agents.tools(token).jsonPath().getList("name", String.class))
                .as("tools that make a new course are not for a pinned token")
                .containsExactly("get_course", "list_courses");
        assertThat(Agents.ok(token, "get_course", "{\"courseId\":" + pinned + "}")
                        .at("/course/title")
                        .asText())
                .isEqualTo("Pinned one");
        Agents.call(token, "get_course", "{\"courseId\":" + other + "}")
                .then()
                .statusCode(403)
                .body("message", containsString("pinned to course " + pinned));
        JsonNode list = Agents.ok(token, "list_courses", "{}");
        assertThat(list.get("total").asLong()).isEqualTo(1);
        assertThat(list.at("/courses/0/id").asLong()).isEqualTo(pinned);
        assertThat(Agents.ok(token, "list_courses", "{\"title\":\"other\"}")
                        .get("total")
                        .asLong())
                .isZero();
        Agents.call(token, "create_course", "{\"title\":\"x\"}").then().statusCode(403);
    }

    @Test
    void aTenantTokenSeesAndCreatesOnlyItsTenantsCourses() {
        String tenantB = Agents.mint(
                key,
                "{\"identifier\":\"b-user\",\"clientIdentifier\":\"tenant-b\",\"readonly\":false,"
                        + "\"tools\":[\"create_course\",\"get_course\",\"list_courses\"]}");
        JsonNode created = Agents.ok(tenantB, "create_course", "{\"title\":\"Tenant B course\"}")
                .get("course");
        assertThat(created.get("clientIdentifier").asText()).isEqualTo("tenant-b");
        long id = created.get("id").asLong();
        assertThat(Agents.ok(tenantB, "get_course", "{\"courseId\":" + id + "}")
                        .at("/course/id")
                        .asLong())
                .isEqualTo(id);

        for (String scope : List.of(
                "{\"identifier\":\"a-user\",\"clientIdentifier\":\"tenant-a\"}", "{\"identifier\":\"a-user\"}")) {
            String other = Agents.mint(key, scope);
            JsonNode result = Agents.read(Agents.call(other, "get_course", "{\"courseId\":" + id + "}")
                    .then()
                    .statusCode(200)
                    .extract()
                    .asString());
            assertThat(result.get("isError").asBoolean()).isTrue();
            assertThat(result.at("/structuredContent/error").asText()).isEqualTo("not_found");
            JsonNode list = Agents.ok(other, "list_courses", "{\"length\":100}");
            assertThat(list.get("courses").findValuesAsText("clientIdentifier")).doesNotContain("tenant-b");
        }
        JsonNode own = Agents.ok(tenantB, "list_courses", "{\"length\":100}");
        assertThat(own.get("courses").findValuesAsText("clientIdentifier")).containsOnly("tenant-b");
    }

    @Test
    void aToolsOwnFailureIsAResultTheAgentCanActOn() {
        String token = Agents.mint(key, "{\"identifier\":\"u\"}");
        JsonNode missing = Agents.read(Agents.call(token, "get_course", "{\"courseId\":987654321}")
                .then()
                .statusCode(200)
                .extract()
                .asString());
        assertThat(missing.get("isError").asBoolean()).isTrue();
        assertThat(missing.at("/content/0/text").asText()).isNotBlank();
        JsonNode invalid = Agents.read(Agents.call(token, "get_course", "{\"courseId\":\"abc\",\"colour\":1}")
                .then()
                .statusCode(200)
                .extract()
                .asString());
        assertThat(invalid.get("isError").asBoolean()).isTrue();
        assertThat(invalid.at("/structuredContent/error").asText()).isEqualTo("invalid_argument");
        assertThat(invalid.at("/content/0/text").asText()).contains("courseId");
        Agents.call(token, "no_such_tool", "{}").then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        Agents.call(token, "get_course", "[1]").then().statusCode(200).body("isError", equalTo(true));
    }

    @Test
    void aRevokedKeyStopsItsTokensWithinTheStandingTime() throws Exception {
        long ws = TestKeys.newWorkspace();
        String revocable = TestKeys.header(ws, "scale", "", "", "live");
        String token = Agents.mint(revocable, "{\"identifier\":\"u\"}");
        Agents.tools(token).then().statusCode(200);
        Agents.changeKey(Agents.claims(token).get("keyId").asLong(), "revoke");
        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(
                        () -> Agents.tools(token).then().statusCode(401).body("message", containsString("revoked")));
        Agents.call(token, "list_courses", "{}").then().statusCode(401);
        new McpClient(token)
                .post(new McpClient(token).request("ping", null))
                .then()
                .statusCode(401);
    }

    @Test
    void aPlanBelowBuildStopsItsTokens() throws Exception {
        long ws = TestKeys.newWorkspace();
        String downgraded = TestKeys.header(ws, "build", "", "", "live");
        String token = Agents.mint(downgraded, "{\"identifier\":\"u\"}");
        Agents.ok(token, "list_courses", "{}");
        Agents.changeKey(Agents.claims(token).get("keyId").asLong(), "plan/starter");
        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> Agents.call(token, "list_courses", "{}")
                        .then()
                        .statusCode(403)
                        .body("message", containsString("Build plan")));
        new McpClient(token)
                .post(new McpClient(token).request("ping", null))
                .then()
                .statusCode(403);
        // A workspace below Build cannot mint at all.
        RestAssured.given()
                .header("Authorization", TestKeys.header(TestKeys.newWorkspace(), "starter", "", "", "live"))
                .contentType("application/json")
                .body("{\"identifier\":\"u\"}")
                .post("/api/v1/agent/auth")
                .then()
                .statusCode(403);
    }
}

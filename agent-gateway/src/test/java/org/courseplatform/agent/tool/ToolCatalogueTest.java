package org.courseplatform.agent.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkiverse.mcp.server.FilterContext;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.McpMethod;
import io.quarkiverse.mcp.server.Meta;
import io.quarkiverse.mcp.server.RequestId;
import io.quarkiverse.mcp.server.ToolManager;
import io.quarkus.security.identity.CurrentIdentityAssociation;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.courseplatform.agent.consumer.MemberToolRunner;
import org.courseplatform.agent.mcp.AgentToolFilter;
import org.courseplatform.platform.testing.RepoRoot;
import org.junit.jupiter.api.Test;

/** The catalogue's definitions: names, schemas, truthful hints, the generated document, the fail-closed filter. */
@QuarkusTest
class ToolCatalogueTest {

    @Inject
    ToolCatalogue catalogue;

    @Inject
    ToolManager manager;

    @Inject
    MemberToolRunner members;

    @Test
    void theCatalogueHasTheToolsOfTheCourseSurfaceWithSchemasAndTruthfulHints() {
        Map<String, AgentTool> tools = catalogue.all().stream().collect(Collectors.toMap(AgentTool::name, t -> t));
        assertThat(tools.keySet())
                .containsExactlyInAnyOrder(
                        "list_courses",
                        "get_course",
                        "get_course_content",
                        "get_course_document",
                        "list_layouts",
                        "create_course",
                        "create_screen",
                        "add_block",
                        "update_screen",
                        "delete_screen",
                        "publish_course",
                        "revert_course",
                        "duplicate_course",
                        "delete_course",
                        "restore_course",
                        "migrate_course",
                        "list_themes",
                        "apply_theme",
                        "get_brand_voice",
                        "set_brand_voice",
                        "create_share_link",
                        "list_collections",
                        "create_collection",
                        "add_course_to_collection",
                        "list_folders",
                        "create_folder",
                        "move_course_to_folder",
                        "get_course_analytics",
                        "translate_course",
                        "generate_narration",
                        "get_job",
                        "list_media",
                        "add_media_from_url");
        for (AgentTool tool : catalogue.all()) {
            assertThat(tool.inputSchema().get("type").asText()).as(tool.name()).isEqualTo("object");
            assertThat(tool.inputSchema().get("additionalProperties").asBoolean())
                    .as(tool.name())
                    .isFalse();
            assertThat(tool.outputSchema().get("type").asText()).as(tool.name()).isEqualTo("object");
            assertThat(tool.description().length()).as(tool.name()).isGreaterThan(40);
            if (tool.readOnly()) {
                assertThat(tool.hints().destructive()).as(tool.name()).isFalse();
                assertThat(tool.hints().idempotent()).as(tool.name()).isTrue();
            }
            // Only the import by URL reaches beyond the platform (it fetches what the agent names).
            assertThat(tool.hints().openWorld())
                    .as(tool.name())
                    .isEqualTo(tool.name().equals("add_media_from_url"));
            // Every tool that acts on one course names it, so a pinned token's rule applies to it.
            boolean namesCourse = tool.inputSchema().path("properties").has("courseId");
            assertThat(tool.courseArgument() != null).as(tool.name()).isEqualTo(namesCourse);
        }
        assertThat(tools.get("list_courses").readOnly()).isTrue();
        assertThat(tools.get("get_course_document").readOnly()).isTrue();
        assertThat(tools.get("create_course").hints()).isEqualTo(new AgentTool.Hints(false, false, false, false));
        assertThat(tools.get("add_block").hints().destructive()).isFalse();
        assertThat(tools.get("delete_course").hints().destructive()).isTrue();
        assertThat(tools.get("delete_screen").hints().destructive()).isTrue();
        assertThat(tools.get("update_screen").hints().destructive()).isTrue();
        assertThat(tools.get("revert_course").hints().destructive()).isTrue();
        assertThat(tools.get("publish_course").hints().idempotent()).isTrue();
        assertThat(tools.get("duplicate_course").hints().idempotent()).isFalse();
        assertThat(tools.get("create_course").makesCourse()).isTrue();
        assertThat(tools.get("duplicate_course").makesCourse()).isTrue();
        // Every editing tool takes the revision it is based on.
        for (String edit : List.of("create_screen", "add_block", "update_screen", "delete_screen")) {
            assertThat(tools.get(edit)
                            .inputSchema()
                            .at("/properties/revision/type")
                            .asText())
                    .as(edit)
                    .isEqualTo("integer");
        }
    }

    @Test
    void theCatalogueDocumentIsGeneratedFromTheCode() throws Exception {
        Path doc = RepoRoot.find().resolve("docs/agent-tools.md");
        String rendered = CatalogueDocument.render(catalogue.all());
        if (Boolean.getBoolean("catalogue.write")) {
            Files.writeString(doc, rendered);
        }
        assertThat(Files.exists(doc))
                .as(doc + " (regenerate with -Dcatalogue.write=true)")
                .isTrue();
        assertThat(Files.readString(doc))
                .as("docs/agent-tools.md is stale: regenerate it with -Dcatalogue.write=true")
                .isEqualTo(rendered);
    }

    @Test
    void theToolFilterFailsClosed() {
        ToolManager.ToolInfo info = manager.getTool("get_course");
        assertThat(info).isNotNull();
        AgentToolFilter failing = new AgentToolFilter(
                catalogue,
                new CurrentIdentityAssociation() {
                    @Override
                    public void setIdentity(SecurityIdentity identity) {}

                    @Override
                    public void setIdentity(Uni<SecurityIdentity> identity) {}

                    @Override
                    public Uni<SecurityIdentity> getDeferredIdentity() {
                        return Uni.createFrom().failure(new IllegalStateException("boom"));
                    }

                    @Override
                    public SecurityIdentity getIdentity() {
                        throw new IllegalStateException("boom");
                    }
                },
                members);
        assertThat(failing.test(info, context(McpMethod.TOOLS_LIST))).isFalse();
        assertThat(failing.test(info, context(McpMethod.TOOLS_CALL))).isFalse();
        assertThat(failing.test(null, (FilterContext) null)).isFalse();
        assertThat(failing.test(info, (McpConnection) null)).isFalse();
    }

    @Test
    void aCourseArgumentThePinDoesNotReadStopsTheCatalogue() {
        for (AgentTool tool : catalogue.all()) {
            assertThat(ToolCatalogue.courseArgumentOutsidePin(tool.inputSchema()))
                    .as(tool.name())
                    .isNull();
        }
        ObjectNode nested = Schemas.input()
                .required("title", Schemas.string("A title"))
                .optional(
                        "items",
                        Schemas.arrayOf(
                                "Items",
                                Schemas.input()
                                        .required("sourceCourseId", Schemas.courseId("Another course"))
                                        .build()))
                .build();
        assertThat(ToolCatalogue.courseArgumentOutsidePin(nested)).isEqualTo("sourceCourseId");
        assertThat(ToolCatalogue.courseArgumentOutsidePin(Schemas.input()
                        .optional("courseIds", Schemas.arrayOf("Courses", Schemas.courseId("A course")))
                        .build()))
                .isNull();
    }

    private static FilterContext context(McpMethod method) {
        return new FilterContext() {
            @Override
            public McpMethod method() {
                return method;
            }

            @Override
            public McpConnection connection() {
                return null;
            }

            @Override
            public Meta meta() {
                return null;
            }

            @Override
            public RequestId requestId() {
                return null;
            }
        };
    }
}

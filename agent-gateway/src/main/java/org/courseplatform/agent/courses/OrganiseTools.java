package org.courseplatform.agent.courses;

import static org.courseplatform.agent.courses.CourseSchemas.COURSE_ID;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.courseplatform.agent.tool.AgentTool;
import org.courseplatform.agent.tool.AgentTool.Hints;
import org.courseplatform.agent.tool.Schemas;
import org.courseplatform.agent.tool.ToolCall;
import org.courseplatform.agent.tool.ToolFamily;
import org.courseplatform.agent.tool.ToolResult;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The organise tools: collections (ordered, keyed sets of courses a learner takes as a path) and
 * folders (a tree to file courses in). course-service keeps both, in the agent's tenant.
 */
@ApplicationScoped
public class OrganiseTools implements ToolFamily {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    static final ObjectNode COLLECTION = Schemas.output()
            .required("id", Schemas.integer("The collection id", 1, null))
            .required("key", Schemas.string("The collection's public key (embed URLs name a collection by id and key)"))
            .required("title", Schemas.string("The title"))
            .optional("description", Schemas.nullableString("The description"))
            .optional("clientIdentifier", Schemas.nullableString("The tenant; null for the workspace-default tenant"))
            .optional("courseIds", Schemas.arrayOf("The courses in order", Schemas.integer("A course id", 1, null)))
            .optional("courseCount", Schemas.integer("How many courses it holds", 0, null))
            .build();

    static final ObjectNode FOLDER = Schemas.output()
            .required("id", Schemas.integer("The folder id", 1, null))
            .required("name", Schemas.string("The name"))
            .optional("parentId", Schemas.nullableInteger("The parent folder; null at the top level"))
            .optional("clientIdentifier", Schemas.nullableString("The tenant; null for the workspace-default tenant"))
            .optional(
                    "path",
                    Schemas.arrayOf("Names from the top-level folder down to this one", Schemas.string("A name")))
            .optional("courseCount", Schemas.integer("Courses filed directly in it", 0, null))
            .build();

    private static final ObjectNode PAGE = Schemas.integer("Zero-based page number (default 0)", 0, 10_000L);
    private static final ObjectNode LENGTH = Schemas.integer("Items per page, 1 to 100 (default 50)", 1, 100L);

    private final FeatureApi features;
    private final Downstream downstream;

    public OrganiseTools(@RestClient FeatureApi features, Downstream downstream) {
        this.features = features;
        this.downstream = downstream;
    }

    @Override
    public List<AgentTool> tools() {
        return List.of(
                listCollections(),
                createCollection(),
                addCourseToCollection(),
                listFolders(),
                createFolder(),
                moveCourseToFolder());
    }

    private AgentTool listCollections() {
        ObjectNode input = Schemas.input()
                .optional("page", PAGE)
                .optional("length", LENGTH)
                .build();
        ObjectNode output = Schemas.output()
                .required("collections", Schemas.arrayOf("The collections of this page", COLLECTION))
                .required("total", Schemas.integer("How many collections there are in all pages", 0, null))
                .build();
        return new AgentTool(
                "list_collections",
                "List collections",
                "Lists the collections (learning paths: ordered sets of courses) of this agent's tenant, with their "
                        + "course ids in order.",
                input,
                output,
                Hints.read(),
                null,
                false,
                call -> downstream.run(
                        features.collections(auth(call), page(call), length(call)),
                        r -> ToolResult.ok(Lists.page("collections", r))));
    }

    private AgentTool createCollection() {
        ObjectNode input = Schemas.input()
                .required("title", Schemas.string("The collection's title", 500))
                .optional("description", Schemas.string("What the path is for", 10_000))
                .optional(
                        "courseIds", Schemas.arrayOf("Courses to put in it, in order", Schemas.courseId("A course id")))
                .build();
        return new AgentTool(
                "create_collection",
                "Create a collection",
                "Makes a collection (a learning path) in this agent's tenant, optionally with courses in order. Answers it "
                        + "with its id and key.",
                input,
                Schemas.output().required("collection", COLLECTION).build(),
                Hints.write(false, false),
                null,
                false,
                call -> downstream.run(
                        features.createCollection(auth(call), call.arguments().deepCopy()), OrganiseTools::collection));
    }

    private AgentTool addCourseToCollection() {
        ObjectNode input = Schemas.input()
                .required("collectionId", Schemas.integer("The collection's id (list_collections finds it)", 1, null))
                .required("courseId", COURSE_ID)
                .optional(
                        "position",
                        Schemas.integer("Zero-based place in the collection (default: at the end)", 0, 10_000L))
                .build();
        return new AgentTool(
                "add_course_to_collection",
                "Add a course to a collection",
                "Puts a course into a collection at a position (at the end by default). A course already in it moves to "
                        + "the new position.",
                input,
                Schemas.output().required("collection", COLLECTION).build(),
                Hints.write(false, true),
                "courseId",
                false,
                call -> {
                    ObjectNode body = JSON.objectNode().put("courseId", call.courseId());
                    if (call.integer("position") != null) {
                        body.put("position", call.integer("position"));
                    }
                    return downstream.run(
                            features.addToCollection(auth(call), call.number("collectionId"), body),
                            OrganiseTools::collection);
                });
    }

    private AgentTool listFolders() {
        ObjectNode input = Schemas.input()
                .optional(
                        "parentId",
                        Schemas.integer("Only the folders directly inside this one (default: every folder)", 1, null))
                .optional("page", PAGE)
                .optional("length", LENGTH)
                .build();
        ObjectNode output = Schemas.output()
                .required("folders", Schemas.arrayOf("The folders of this page", FOLDER))
                .required("total", Schemas.integer("How many folders there are in all pages", 0, null))
                .build();
        return new AgentTool(
                "list_folders",
                "List folders",
                "Lists the folders of this agent's tenant (each with its parent and path), or the ones inside one folder.",
                input,
                output,
                Hints.read(),
                null,
                false,
                call -> downstream.run(
                        features.folders(auth(call), call.number("parentId"), page(call), length(call)),
                        r -> ToolResult.ok(Lists.page("folders", r))));
    }

    private AgentTool createFolder() {
        ObjectNode input = Schemas.input()
                .required("name", Schemas.string("The folder's name (unique among its siblings)", 200))
                .optional("parentId", Schemas.integer("The folder to make it in (default: the top level)", 1, null))
                .build();
        return new AgentTool(
                "create_folder",
                "Create a folder",
                "Makes a folder in this agent's tenant, at the top level or inside another folder.",
                input,
                Schemas.output().required("folder", FOLDER).build(),
                Hints.write(false, false),
                null,
                false,
                call -> downstream.run(
                        features.createFolder(auth(call), call.arguments().deepCopy()), r -> {
                            ObjectNode answer = JSON.objectNode();
                            answer.set("folder", r.getEntity());
                            return ToolResult.ok(answer);
                        }));
    }

    private AgentTool moveCourseToFolder() {
        ObjectNode input = Schemas.input()
                .required("courseId", COURSE_ID)
                .required(
                        "folderId",
                        Schemas.nullableInteger("The folder to file it in, or null to take it out of any folder"))
                .build();
        ObjectNode output = Schemas.output()
                .required("courseId", Schemas.integer("The course id", 1, null))
                .required("folderId", Schemas.nullableInteger("Its folder now, or null"))
                .build();
        return new AgentTool(
                "move_course_to_folder",
                "Move a course to a folder",
                "Files a course in a folder of its tenant (a course is in at most one folder), or takes it out of its folder.",
                input,
                output,
                Hints.write(false, true),
                "courseId",
                false,
                call -> {
                    ObjectNode body = JSON.objectNode();
                    body.set("folderId", call.arguments().get("folderId"));
                    return downstream.run(
                            features.moveToFolder(auth(call), call.courseId(), body),
                            r -> ToolResult.ok(r.getEntity()));
                });
    }

    private static ToolResult collection(RestResponse<JsonNode> response) {
        ObjectNode answer = JSON.objectNode();
        answer.set("collection", response.getEntity());
        return ToolResult.ok(answer);
    }

    private static int page(ToolCall call) {
        return call.integer("page") == null ? 0 : call.integer("page");
    }

    private static int length(ToolCall call) {
        return call.integer("length") == null ? 50 : call.integer("length");
    }

    private String auth(ToolCall call) {
        return downstream.as(call.caller(), CourseTools.COURSES);
    }
}

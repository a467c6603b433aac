package org.courseplatform.agent.courses;

import static org.courseplatform.agent.courses.CourseSchemas.COURSE;
import static org.courseplatform.agent.courses.CourseSchemas.COURSE_ID;
import static org.courseplatform.agent.courses.CourseSchemas.ONE_COURSE;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Locale;
import org.courseplatform.agent.tool.AgentTool;
import org.courseplatform.agent.tool.AgentTool.Hints;
import org.courseplatform.agent.tool.Schemas;
import org.courseplatform.agent.tool.ToolCall;
import org.courseplatform.agent.tool.ToolFamily;
import org.courseplatform.agent.tool.ToolResult;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.resteasy.reactive.RestResponse;

/** The course lifecycle tools: find, read, create, publish, revert, copy, delete, restore, migrate. */
@ApplicationScoped
public class CourseTools implements ToolFamily {

    static final String COURSES = "course-service";
    static final String MIGRATIONS = "migration-service";
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final CourseApi courses;
    private final MigrationApi migrations;
    private final Downstream downstream;

    public CourseTools(@RestClient CourseApi courses, @RestClient MigrationApi migrations, Downstream downstream) {
        this.courses = courses;
        this.migrations = migrations;
        this.downstream = downstream;
    }

    @Override
    public List<AgentTool> tools() {
        return List.of(
                listCourses(),
                getCourse(),
                getCourseContent(),
                getCourseDocument(),
                createCourse(),
                action(
                        "publish_course",
                        "Publish a course",
                        "Publishes the course: copies its draft to the published version "
                                + "learners see. Edits made after this stay in the draft until the next publish.",
                        "publish",
                        Hints.write(true, true)),
                action(
                        "revert_course",
                        "Revert a course's draft",
                        "Throws away the draft's unpublished changes: copies the "
                                + "published version back over the draft. The course stays published. Fails for a course never published.",
                        "revert",
                        Hints.write(true, true)),
                duplicateCourse(),
                deleteCourse(),
                action(
                        "restore_course",
                        "Restore a deleted course",
                        "Brings back a course deleted with delete_course.",
                        "restore",
                        Hints.write(false, true)),
                migrateCourse());
    }

    private AgentTool listCourses() {
        ObjectNode input = Schemas.input()
                .optional(
                        "title", Schemas.string("Only courses whose title contains this text (case-insensitive)", 255))
                .optional("page", Schemas.integer("Zero-based page number (default 0)", 0, 10_000L))
                .optional("length", Schemas.integer("Courses per page, 1 to 100 (default 20)", 1, 100L))
                .optional("deleted", Schemas.bool("Include soft-deleted courses (default false)"))
                .build();
        ObjectNode output = Schemas.output()
                .required("courses", Schemas.arrayOf("The courses of this page, oldest first", COURSE))
                .required("total", Schemas.integer("How many courses match in all pages", 0, null))
                .required("page", Schemas.integer("This page", 0, null))
                .required("length", Schemas.integer("The page size", 1, null))
                .build();
        return new AgentTool(
                "list_courses",
                "List courses",
                "Lists the courses this agent can see (its tenant only), oldest first, with an optional title search "
                        + "and paging. Use it to find a course id for the other tools.",
                input,
                output,
                Hints.read(),
                null,
                false,
                this::listCourses);
    }

    private Uni<ToolResult> listCourses(ToolCall call) {
        int page = call.integer("page") == null ? 0 : call.integer("page");
        int length = call.integer("length") == null ? 20 : call.integer("length");
        boolean deleted = Boolean.TRUE.equals(call.bool("deleted"));
        String title = call.text("title");
        String auth = downstream.as(call.caller(), COURSES);
        if (call.agent().courseId() != null) {
            // A pinned token lists its one course, when it matches.
            return downstream
                    .run(courses.get(auth, call.agent().courseId()), r -> {
                        JsonNode course = r.getEntity();
                        boolean matches = (deleted || !course.path("deleted").asBoolean())
                                && (title == null
                                        || course.path("title")
                                                .asText()
                                                .toLowerCase(Locale.ROOT)
                                                .contains(title.toLowerCase(Locale.ROOT)));
                        ArrayNode list = JSON.arrayNode();
                        if (matches && page == 0) {
                            list.add(course);
                        }
                        return ToolResult.ok(page(list, matches ? 1 : 0, page, length));
                    })
                    .map(result -> result.isError()
                                    && "not_found"
                                            .equals(result.structured()
                                                    .path("error")
                                                    .asText())
                            ? ToolResult.ok(page(JSON.arrayNode(), 0, page, length))
                            : result);
        }
        // A signed-in team member lists the courses they own; an agent its whole tenant.
        return downstream.run(
                courses.list(auth, call.owner(), title, deleted ? Boolean.TRUE : null, page, length), r -> {
                    JsonNode list = r.getEntity();
                    String total = r.getHeaderString("X-Total-Count");
                    return ToolResult.ok(page(list, total == null ? list.size() : Long.parseLong(total), page, length));
                });
    }

    private static ObjectNode page(JsonNode list, long total, int page, int length) {
        ObjectNode answer = JSON.objectNode();
        answer.set("courses", list);
        return answer.put("total", total).put("page", page).put("length", length);
    }

    private AgentTool getCourse() {
        return new AgentTool(
                "get_course",
                "Get a course",
                "Answers one course's record: title, format (classic or builder2), owner, tenant, whether it is "
                        + "published or deleted, its screen count and time estimate.",
                courseOnly(),
                ONE_COURSE,
                Hints.read(),
                "courseId",
                false,
                call -> downstream.run(
                        courses.get(downstream.as(call.caller(), COURSES), call.courseId()), CourseTools::oneCourse));
    }

    private AgentTool getCourseContent() {
        ObjectNode output = Schemas.output()
                .required("id", Schemas.integer("The course id", 1, null))
                .required("title", Schemas.string("The title"))
                .required("locales", Schemas.arrayOf("The locales the course has text in", Schemas.string("A locale")))
                .required(
                        "screens",
                        Schemas.arrayOf(
                                "Each screen's title, description, asset, assetAltText and elements "
                                        + "(question, title, description, cardBack, answers), text normalised",
                                Schemas.anyObject("A screen")))
                .optional("translations", Schemas.anyObject("The same per translation locale"))
                .optional(
                        "assets",
                        Schemas.arrayOf(
                                "Every media URL once, with mime and known metadata", Schemas.anyObject("An asset")))
                .build();
        return new AgentTool(
                "get_course_content",
                "Read a course's text",
                "Answers the course's normalised text content: every screen and element as plain text (HTML stripped), "
                        + "each translation, and the catalogue of media assets with URLs. Best for reading, summarising or "
                        + "checking a course; use get_course_document to edit it.",
                courseOnly(),
                output,
                Hints.read(),
                "courseId",
                false,
                call -> downstream.run(
                        courses.content(downstream.as(call.caller(), COURSES), call.courseId()),
                        r -> ToolResult.ok(r.getEntity())));
    }

    private AgentTool getCourseDocument() {
        ObjectNode output = Schemas.output()
                .required("courseId", Schemas.integer("The course id", 1, null))
                .required("revision", Schemas.integer("The draft's revision: pass it to the editing tools", 0, null))
                .required(
                        "document",
                        Schemas.anyObject("The draft document (format builder2: screens with ids, each with "
                                + "elements with ids; format classic: slides)"))
                .build();
        return new AgentTool(
                "get_course_document",
                "Read a course's draft document",
                "Answers the editable draft of a course with every screen and element id, and its revision. Use the ids "
                        + "with create_screen, add_block, update_screen and delete_screen, and the revision to make sure "
                        + "nobody changed the course in between.",
                courseOnly(),
                output,
                Hints.read(),
                "courseId",
                false,
                call -> downstream.run(courses.document(downstream.as(call.caller(), COURSES), call.courseId()), r -> {
                    ObjectNode answer = JSON.objectNode().put("courseId", call.courseId());
                    answer.set("revision", r.getEntity().get("revision"));
                    answer.set("document", r.getEntity().get("document"));
                    return ToolResult.ok(answer);
                }));
    }

    private AgentTool createCourse() {
        ObjectNode input = Schemas.input()
                .required("title", Schemas.string("The course title", 500))
                .optional("description", Schemas.string("A short description", 10_000))
                .build();
        return new AgentTool(
                "create_course",
                "Create a course",
                "Creates a new Builder 2 course with one empty screen, owned by this agent's user in its tenant. Add "
                        + "screens with create_screen and content with add_block, then publish_course.",
                input,
                ONE_COURSE,
                Hints.write(false, false),
                null,
                true,
                call -> {
                    ObjectNode body = JSON.objectNode()
                            .put("title", call.text("title"))
                            .put("identifier", call.agent().identifier());
                    if (call.agent().clientIdentifier() != null) {
                        body.put("clientIdentifier", call.agent().clientIdentifier());
                    }
                    if (call.text("description") != null) {
                        body.put("description", call.text("description"));
                    }
                    return downstream.run(
                            courses.create(downstream.as(call.caller(), COURSES), body), CourseTools::oneCourse);
                });
    }

    private AgentTool duplicateCourse() {
        return new AgentTool(
                "duplicate_course",
                "Copy a course",
                "Makes a new, unpublished copy of a course (same content, new id, title marked as a copy), owned by "
                        + "this agent's user in its tenant.",
                courseOnly(),
                ONE_COURSE,
                Hints.write(false, false),
                "courseId",
                true,
                call -> {
                    ObjectNode body =
                            JSON.objectNode().put("identifier", call.agent().identifier());
                    if (call.agent().clientIdentifier() != null) {
                        body.put("clientIdentifier", call.agent().clientIdentifier());
                    }
                    return downstream.run(
                            courses.act(downstream.as(call.caller(), COURSES), call.courseId(), "duplicate", body),
                            CourseTools::oneCourse);
                });
    }

    private AgentTool deleteCourse() {
        return new AgentTool(
                "delete_course",
                "Delete a course",
                "Soft-deletes a course: it disappears from lists and players until restore_course brings it back.",
                courseOnly(),
                ONE_COURSE,
                Hints.write(true, true),
                "courseId",
                false,
                call -> downstream.run(
                        courses.delete(downstream.as(call.caller(), COURSES), call.courseId()),
                        CourseTools::oneCourse));
    }

    private AgentTool action(String name, String title, String description, String action, Hints hints) {
        return new AgentTool(
                name,
                title,
                description,
                courseOnly(),
                ONE_COURSE,
                hints,
                "courseId",
                false,
                call -> downstream.run(
                        courses.act(downstream.as(call.caller(), COURSES), call.courseId(), action, null),
                        CourseTools::oneCourse));
    }

    private AgentTool migrateCourse() {
        ObjectNode output = Schemas.output()
                .required("courseId", Schemas.integer("The course id", 1, null))
                .required(
                        "status",
                        Schemas.enumOf(
                                "migrated, already_modern (nothing to do) or blocked (unchanged; see blocked)",
                                "migrated",
                                "already_modern",
                                "blocked"))
                .required("total", Schemas.integer("Slides in the Classic course", 0, null))
                .required("changed", Schemas.integer("Screens converted", 0, null))
                .required(
                        "blocked",
                        Schemas.arrayOf(
                                "Slides that block the migration, with reasons",
                                Schemas.anyObject("{screenId, reason}")))
                .build();
        return new AgentTool(
                "migrate_course",
                "Migrate a Classic course to Builder 2",
                "Converts a Classic course's draft to the Builder 2 format, keeping screen and question ids. It never "
                        + "publishes. A course with slides that cannot be converted (flash, embedded HTML) is left unchanged "
                        + "and the result lists them; a Builder 2 course answers already_modern.",
                courseOnly(),
                output,
                Hints.write(true, true),
                "courseId",
                false,
                call -> downstream.run(
                        migrations.migrate(downstream.as(call.caller(), MIGRATIONS), call.courseId()),
                        r -> ToolResult.ok(r.getEntity())));
    }

    private static ObjectNode courseOnly() {
        return Schemas.input().required("courseId", COURSE_ID).build();
    }

    static ToolResult oneCourse(RestResponse<JsonNode> response) {
        ObjectNode answer = JSON.objectNode();
        answer.set("course", response.getEntity());
        return ToolResult.ok(answer);
    }
}

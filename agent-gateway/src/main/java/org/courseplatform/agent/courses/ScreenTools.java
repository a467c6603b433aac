package org.courseplatform.agent.courses;

import static org.courseplatform.agent.courses.CourseSchemas.COURSE_ID;
import static org.courseplatform.agent.courses.CourseSchemas.REVISION;

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
 * The screen and block tools: layouts, and edits of a Builder 2 draft one screen or element at a
 * time. course-service applies each edit to the draft atomically and bumps its revision; a
 * {@code revision} argument makes the edit conditional, so two agents editing at once get a
 * conflict result instead of a lost update.
 */
@ApplicationScoped
public class ScreenTools implements ToolFamily {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final String ELEMENT_TYPES =
            "heading (title, level 1-6), text (title, description as HTML), image (asset "
                    + "{url, mime?, altText?}, altText, title, description), video and audio (asset, title, description, transcript), "
                    + "flipcard (title, cardBack, asset), accordion, tabs, timeline (title, description), quote (description, title), "
                    + "list (title, description, ordered), callout (title, description, tone info|tip|warning), button (title, url, "
                    + "newWindow), divider, embed (url, title, height), timeEstimate (minutes, title), question (question, answers "
                    + "[{text, correct}] with at least one correct, multiple, feedback) on quiz screens, quizResults (passPercent)";

    private final CourseApi courses;
    private final Downstream downstream;

    public ScreenTools(@RestClient CourseApi courses, Downstream downstream) {
        this.courses = courses;
        this.downstream = downstream;
    }

    @Override
    public List<AgentTool> tools() {
        return List.of(listLayouts(), createScreen(), addBlock(), updateScreen(), deleteScreen());
    }

    private AgentTool listLayouts() {
        ObjectNode layout = Schemas.output()
                .required("id", Schemas.string("The layout id, for create_screen's layoutId"))
                .required("name", Schemas.string("A human name"))
                .required("category", Schemas.string("text, media, interactive or quiz"))
                .required("screenType", Schemas.string("The screen type it makes (blocks, blocksQuiz)"))
                .build();
        return new AgentTool(
                "list_layouts",
                "List screen layouts",
                "Lists the catalogue of screen layouts (id, name, category, screen type). create_screen with a layoutId "
                        + "makes screens with the layout's structure and placeholder text; a quiz layout makes a cover, a "
                        + "question screen and a results screen.",
                Schemas.input().build(),
                Schemas.output()
                        .required("layouts", Schemas.arrayOf("The layouts", layout))
                        .build(),
                Hints.read(),
                null,
                false,
                call -> downstream.run(courses.layouts(downstream.as(call.caller(), CourseTools.COURSES)), r -> {
                    ObjectNode answer = JSON.objectNode();
                    answer.set("layouts", r.getEntity());
                    return ToolResult.ok(answer);
                }));
    }

    private AgentTool createScreen() {
        ObjectNode input = Schemas.input()
                .required("courseId", COURSE_ID)
                .optional("layoutId", Schemas.string("A layout id from list_layouts", 100))
                .optional(
                        "type",
                        Schemas.enumOf(
                                "A blank screen of this type, when layoutId is not given", "blocks", "blocksQuiz"))
                .optional("title", Schemas.string("The screen's title (default: the layout's placeholder)", 500))
                .optional(
                        "position",
                        Schemas.integer("Zero-based index where the new screen goes (default: at the end)", 0, 10_000L))
                .optional("revision", REVISION)
                .build();
        ObjectNode output = Schemas.output()
                .required("courseId", Schemas.integer("The course id", 1, null))
                .required("revision", Schemas.integer("The draft's new revision", 0, null))
                .required(
                        "screens",
                        Schemas.arrayOf("The new screens, with their ids and elements", Schemas.anyObject("A screen")))
                .build();
        return new AgentTool(
                "create_screen",
                "Add a screen to a course",
                "Adds a screen to a Builder 2 course's draft, from a layout (layoutId, see list_layouts) or blank (type "
                        + "blocks or blocksQuiz), at a position. Answers the new screens with their ids.",
                input,
                output,
                Hints.write(false, false),
                "courseId",
                false,
                call -> {
                    ObjectNode body = JSON.objectNode();
                    copy(call, body, "layoutId", "type", "title", "position");
                    return downstream.run(
                            courses.createScreens(auth(call), ifMatch(call), call.courseId(), body),
                            ScreenTools::answer);
                });
    }

    private AgentTool addBlock() {
        ObjectNode block = Schemas.anyObject("The element: {type, ...its fields}. Types and fields: " + ELEMENT_TYPES);
        block.putArray("required").add("type");
        block.putObject("properties").set("type", Schemas.string("The element type", 40));
        ObjectNode input = Schemas.input()
                .required("courseId", COURSE_ID)
                .required(
                        "screenId", Schemas.string("The screen's id (from get_course_document or create_screen)", 100))
                .required("block", block)
                .optional(
                        "position",
                        Schemas.integer(
                                "Zero-based index among the screen's elements (default: at the end)", 0, 10_000L))
                .optional("revision", REVISION)
                .build();
        ObjectNode output = Schemas.output()
                .required("courseId", Schemas.integer("The course id", 1, null))
                .required("revision", Schemas.integer("The draft's new revision", 0, null))
                .required("screenId", Schemas.string("The screen"))
                .required("element", Schemas.anyObject("The new element, with its id"))
                .build();
        return new AgentTool(
                "add_block",
                "Add a block to a screen",
                "Appends an element (a block: text, heading, image, flipcard, question, ...) to a screen of a Builder 2 "
                        + "course's draft. Answers the element with its new id.",
                input,
                output,
                Hints.write(false, false),
                "courseId",
                false,
                call -> {
                    ObjectNode body = JSON.objectNode();
                    body.set("element", call.arguments().get("block"));
                    copy(call, body, "position");
                    return downstream.run(
                            courses.addElement(auth(call), ifMatch(call), call.courseId(), call.text("screenId"), body),
                            ScreenTools::answer);
                });
    }

    private AgentTool updateScreen() {
        ObjectNode input = Schemas.input()
                .required("courseId", COURSE_ID)
                .required("screenId", Schemas.string("The screen's id", 100))
                .optional("title", Schemas.string("The new title", 500))
                .optional("description", Schemas.string("The new description", 10_000))
                .optional(
                        "elements",
                        Schemas.arrayOf(
                                "The screen's whole new element list (elements keep their id to stay the "
                                        + "same element; ones without an id are new). Types and fields: "
                                        + ELEMENT_TYPES,
                                Schemas.anyObject("An element")))
                .optional("revision", REVISION)
                .build();
        ObjectNode output = Schemas.output()
                .required("courseId", Schemas.integer("The course id", 1, null))
                .required("revision", Schemas.integer("The draft's new revision", 0, null))
                .required("screen", Schemas.anyObject("The screen as it is now"))
                .build();
        return new AgentTool(
                "update_screen",
                "Change a screen",
                "Changes a screen of a Builder 2 course's draft: its title, description and/or its whole element list. "
                        + "Fields left out stay as they are.",
                input,
                output,
                Hints.write(true, true),
                "courseId",
                false,
                call -> {
                    ObjectNode body = JSON.objectNode();
                    copy(call, body, "title", "description", "elements");
                    return downstream.run(
                            courses.updateScreen(
                                    auth(call), ifMatch(call), call.courseId(), call.text("screenId"), body),
                            ScreenTools::answer);
                });
    }

    private AgentTool deleteScreen() {
        ObjectNode input = Schemas.input()
                .required("courseId", COURSE_ID)
                .required("screenId", Schemas.string("The screen's id", 100))
                .optional("revision", REVISION)
                .build();
        ObjectNode output = Schemas.output()
                .required("courseId", Schemas.integer("The course id", 1, null))
                .required("revision", Schemas.integer("The draft's new revision", 0, null))
                .build();
        return new AgentTool(
                "delete_screen",
                "Delete a screen",
                "Removes a screen (and its translations) from a Builder 2 course's draft. A course keeps at least one screen.",
                input,
                output,
                Hints.write(true, true),
                "courseId",
                false,
                call -> downstream.run(
                        courses.deleteScreen(auth(call), ifMatch(call), call.courseId(), call.text("screenId")),
                        ScreenTools::answer));
    }

    private String auth(ToolCall call) {
        return downstream.as(call.caller(), CourseTools.COURSES);
    }

    private static String ifMatch(ToolCall call) {
        Long revision = call.number("revision");
        return revision == null ? null : "\"" + revision + "\"";
    }

    private static void copy(ToolCall call, ObjectNode body, String... names) {
        for (String name : names) {
            JsonNode value = call.arguments().get(name);
            if (value != null) {
                body.set(name, value);
            }
        }
    }

    private static ToolResult answer(RestResponse<JsonNode> response) {
        return ToolResult.ok(response.getEntity());
    }
}

package org.courseplatform.agent.courses;

import static org.courseplatform.agent.courses.CourseSchemas.COURSE_ID;
import static org.courseplatform.agent.courses.CourseSchemas.REVISION;

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

/**
 * The enrich tools: themes and the brand voice. They run in course-service, which owns both; a
 * theme applied to a course is a change of its draft (revision, {@code course.updated}).
 */
@ApplicationScoped
public class EnrichTools implements ToolFamily {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final ObjectNode TEXT_LIST =
            Schemas.arrayOf("Short rules, one per item", Schemas.string("A rule", 300));

    static final ObjectNode THEME = Schemas.output()
            .required("id", Schemas.integer("The theme id, for apply_theme", 1, null))
            .required("name", Schemas.string("The theme's name"))
            .required("builtIn", Schemas.bool("Part of the built-in catalogue (cannot be changed)"))
            .optional(
                    "clientIdentifier",
                    Schemas.nullableString(
                            "The tenant of a workspace theme; null for built-in and " + "workspace-wide themes"))
            .optional("colors", Schemas.anyObject("Colours as #rrggbb: primary, background, surface, text, accent"))
            .optional("fonts", Schemas.anyObject("Font families: heading, body"))
            .optional("cornerStyle", Schemas.string("square, rounded or pill"))
            .optional("previewUrl", Schemas.string("A rendered preview image of the theme"))
            .build();

    static final ObjectNode VOICE = Schemas.output()
            .required(
                    "source",
                    Schemas.enumOf(
                            "Where this voice comes from: the tenant's own, the workspace's, or none set",
                            "tenant",
                            "workspace",
                            "none"))
            .optional(
                    "clientIdentifier",
                    Schemas.nullableString("The tenant of an override; null for the workspace voice"))
            .optional("name", Schemas.nullableString("The voice's name"))
            .optional("tone", Schemas.nullableString("How the writing should sound"))
            .optional("audience", Schemas.nullableString("Who it is written for"))
            .optional("do", Schemas.arrayOf("What writing in this voice does", Schemas.string("A rule")))
            .optional("dont", Schemas.arrayOf("What writing in this voice avoids", Schemas.string("A rule")))
            .optional("vocabulary", Schemas.arrayOf("Preferred terms", Schemas.anyObject("{term, note}")))
            .optional("updatedAt", Schemas.nullableString("Last change"))
            .build();

    private final FeatureApi features;
    private final Downstream downstream;

    public EnrichTools(@RestClient FeatureApi features, Downstream downstream) {
        this.features = features;
        this.downstream = downstream;
    }

    @Override
    public List<AgentTool> tools() {
        return List.of(listThemes(), applyTheme(), getBrandVoice(), setBrandVoice());
    }

    private AgentTool listThemes() {
        ObjectNode input = Schemas.input()
                .optional("page", Schemas.integer("Zero-based page number (default 0)", 0, 10_000L))
                .optional("length", Schemas.integer("Themes per page, 1 to 100 (default 50)", 1, 100L))
                .build();
        ObjectNode output = Schemas.output()
                .required(
                        "themes",
                        Schemas.arrayOf(
                                "The themes of this page: the built-in catalogue first, then the " + "workspace's own",
                                THEME))
                .required("total", Schemas.integer("How many themes there are in all pages", 0, null))
                .build();
        return new AgentTool(
                "list_themes",
                "List themes",
                "Lists the themes a course can use: the built-in catalogue and the workspace's own themes (this agent's "
                        + "tenant), each with its colours, fonts, corner style and a preview image. apply_theme takes the id.",
                input,
                output,
                Hints.read(),
                null,
                false,
                call -> {
                    int page = call.integer("page") == null ? 0 : call.integer("page");
                    int length = call.integer("length") == null ? 50 : call.integer("length");
                    return downstream.run(
                            features.themes(auth(call), page, length), r -> ToolResult.ok(Lists.page("themes", r)));
                });
    }

    private AgentTool applyTheme() {
        ObjectNode input = Schemas.input()
                .required("courseId", COURSE_ID)
                .required(
                        "themeId",
                        Schemas.nullableInteger("A theme id from list_themes, or null to go back to the default look"))
                .optional("revision", REVISION)
                .build();
        ObjectNode output = Schemas.output()
                .required("courseId", Schemas.integer("The course id", 1, null))
                .required("themeId", Schemas.nullableInteger("The theme now applied, or null"))
                .required("revision", Schemas.integer("The draft's new revision", 0, null))
                .build();
        return new AgentTool(
                "apply_theme",
                "Apply a theme to a course",
                "Sets the theme of a course's draft (colours, fonts, corners in the player and the builder). Learners see it "
                        + "once the course is published again (publish_course).",
                input,
                output,
                Hints.write(false, true),
                "courseId",
                false,
                call -> {
                    ObjectNode body = JSON.objectNode();
                    body.set("themeId", call.arguments().get("themeId"));
                    return downstream.run(
                            features.applyTheme(auth(call), Lists.ifMatch(call), call.courseId(), body),
                            r -> ToolResult.ok(r.getEntity()));
                });
    }

    private AgentTool getBrandVoice() {
        return new AgentTool(
                "get_brand_voice",
                "Get the brand voice",
                "Answers the brand voice that applies to this agent's tenant: the tenant's own if it has one, else the "
                        + "workspace's (source says which, none when neither is set). Write course copy in this voice.",
                Schemas.input().build(),
                VOICE,
                Hints.read(),
                null,
                false,
                call -> downstream.run(features.brandVoice(auth(call)), r -> ToolResult.ok(r.getEntity())));
    }

    private AgentTool setBrandVoice() {
        ObjectNode term = Schemas.output()
                .required("term", Schemas.string("The term to use", 100))
                .optional("note", Schemas.string("How or when to use it", 300))
                .build();
        term.put("additionalProperties", false);
        ObjectNode input = Schemas.input()
                .required("name", Schemas.string("The voice's name", 100))
                .optional("tone", Schemas.string("How the writing should sound, e.g. warm, plain, encouraging", 500))
                .optional("audience", Schemas.string("Who the courses are for", 500))
                .optional("do", TEXT_LIST)
                .optional("dont", TEXT_LIST)
                .optional("vocabulary", Schemas.arrayOf("Preferred terms", term))
                .build();
        return new AgentTool(
                "set_brand_voice",
                "Set the brand voice",
                "Sets the brand voice of this agent's tenant (the workspace's voice when the agent has no tenant): name, "
                        + "tone, audience, do and don't lists, vocabulary. It replaces the whole voice; translation, "
                        + "narration and generation follow it.",
                input,
                VOICE,
                Hints.write(true, true),
                null,
                false,
                call -> downstream.run(
                        features.setBrandVoice(auth(call), call.arguments().deepCopy()),
                        r -> ToolResult.ok(r.getEntity())));
    }

    private String auth(ToolCall call) {
        return downstream.as(call.caller(), CourseTools.COURSES);
    }
}

package org.courseplatform.agent.courses;

import static org.courseplatform.agent.courses.CourseSchemas.COURSE_ID;

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
 * The language tools: translating a course and narrating its screens. Both run as jobs in
 * course-service; the tools answer the job at once (id and status) instead of waiting, and
 * {@code get_job} reads it later.
 */
@ApplicationScoped
public class LanguageTools implements ToolFamily {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    static final ObjectNode JOB = Schemas.output()
            .required("id", Schemas.integer("The job id, for get_job", 1, null))
            .required("type", Schemas.enumOf("What the job does", "translation", "narration"))
            .required(
                    "status",
                    Schemas.enumOf(
                            "queued and running: not done yet, read it again with get_job later; "
                                    + "succeeded or failed: done",
                            "queued",
                            "running",
                            "succeeded",
                            "failed"))
            .optional("courseId", Schemas.integer("The course", 1, null))
            .optional("locale", Schemas.nullableString("The locale of a translation"))
            .optional("progress", Schemas.anyObject("{done, total}: how far it has come"))
            .optional("error", Schemas.anyObject("{code, message}: why a failed job failed"))
            .optional("result", Schemas.anyObject("What a succeeded job did"))
            .build();

    private final FeatureApi features;
    private final Downstream downstream;

    public LanguageTools(@RestClient FeatureApi features, Downstream downstream) {
        this.features = features;
        this.downstream = downstream;
    }

    @Override
    public List<AgentTool> tools() {
        return List.of(translateCourse(), generateNarration(), getJob());
    }

    private AgentTool translateCourse() {
        ObjectNode input = Schemas.input()
                .required("courseId", COURSE_ID)
                .required(
                        "locale",
                        Schemas.string("The language to translate into, a BCP 47 tag such as fr, de-CH or pt-BR", 35)
                                .put("pattern", "^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$"))
                .build();
        return new AgentTool(
                "translate_course",
                "Translate a course",
                "Starts translating a course's draft into a locale, in the workspace's brand voice, and answers the job at "
                        + "once (poll it with get_job). Only strings nobody translated by hand are filled; ids are kept. "
                        + "Without a translation service configured the locale is added with every string left for a person "
                        + "to fill in the builder's translation view.",
                input,
                JOB,
                Hints.write(false, true),
                "courseId",
                false,
                call -> {
                    ObjectNode body = JSON.objectNode().put("locale", call.text("locale"));
                    return downstream.run(
                            features.translate(auth(call), call.courseId(), body), r -> ToolResult.ok(r.getEntity()));
                });
    }

    private AgentTool generateNarration() {
        ObjectNode input = Schemas.input()
                .required("courseId", COURSE_ID)
                .optional(
                        "screenIds",
                        Schemas.arrayOf(
                                "Only these screens (default: every screen)", Schemas.string("A screen id", 100)))
                .optional("audio", Schemas.bool("Also make the spoken audio the player plays (default true)"))
                .build();
        return new AgentTool(
                "generate_narration",
                "Generate narration",
                "Starts writing a spoken script for each screen of a course from its text, and the audio the player plays, "
                        + "and answers the job at once (poll it with get_job). Scripts an author edited by hand are kept.",
                input,
                JOB,
                Hints.write(false, true),
                "courseId",
                false,
                call -> {
                    ObjectNode body = JSON.objectNode();
                    if (call.arguments().has("screenIds")) {
                        body.set("screenIds", call.arguments().get("screenIds"));
                    }
                    if (call.bool("audio") != null) {
                        body.put("audio", call.bool("audio"));
                    }
                    return downstream.run(
                            features.narrate(auth(call), call.courseId(), body), r -> ToolResult.ok(r.getEntity()));
                });
    }

    private AgentTool getJob() {
        ObjectNode input = Schemas.input()
                .required(
                        "jobId", Schemas.integer("The job id translate_course or generate_narration answered", 1, null))
                .build();
        return new AgentTool(
                "get_job",
                "Get a job",
                "Answers a translation or narration job: its status (queued, running, succeeded, failed), progress, and its "
                        + "result or error.",
                input,
                JOB,
                Hints.read(),
                null,
                false,
                call -> downstream.run(features.job(auth(call), call.number("jobId")), r -> {
                    Long pinned = call.agent().courseId();
                    if (pinned != null && r.getEntity().path("courseId").asLong() != pinned) {
                        // A token pinned to one course sees that course's jobs only.
                        return ToolResult.error(
                                "not_found",
                                "Job " + call.number("jobId") + " not found (or not visible to "
                                        + "this token: it is pinned to course " + pinned + ")");
                    }
                    return ToolResult.ok(r.getEntity());
                }));
    }

    private String auth(ToolCall call) {
        return downstream.as(call.caller(), CourseTools.COURSES);
    }
}

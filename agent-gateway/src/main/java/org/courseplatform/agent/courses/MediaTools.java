package org.courseplatform.agent.courses;

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
 * The media tools: an agent lists the workspace's media library and adds a picture, audio or video
 * from a URL. course-service fetches the URL itself through its SSRF-safe client and checks the
 * content as it checks an upload (docs/media.md), so an agent can never make the platform reach an
 * internal address.
 */
@ApplicationScoped
public class MediaTools implements ToolFamily {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    static final ObjectNode MEDIUM = Schemas.output()
            .required("id", Schemas.integer("The medium id", 1, null))
            .required("kind", Schemas.enumOf("What it is", "image", "audio", "video"))
            .optional("contentType", Schemas.string("Its content type, found from its bytes"))
            .optional("filename", Schemas.string("The original file name"))
            .optional("size", Schemas.integer("Size in bytes", 0, null))
            .optional("width", Schemas.nullableInteger("Width in pixels (images)"))
            .optional("height", Schemas.nullableInteger("Height in pixels (images)"))
            .optional("altText", Schemas.nullableString("The alt text"))
            .optional("decorative", Schemas.bool("Whether it is decorative (no alt text needed)"))
            .required("status", Schemas.string("ready once checked and processed"))
            .optional("url", Schemas.nullableString("Its public URL: put it in a block's asset.url"))
            .optional(
                    "variants",
                    Schemas.arrayOf(
                            "The widths of a picture, each at its own URL",
                            Schemas.output()
                                    .required("width", Schemas.integer("Width in pixels", 1, null))
                                    .required("url", Schemas.string("Its public URL"))
                                    .build()))
            .optional("courseId", Schemas.nullableInteger("The course it was added for, or null"))
            .optional("created", Schemas.string("When it was added"))
            .build();

    private final FeatureApi features;
    private final Downstream downstream;

    public MediaTools(@RestClient FeatureApi features, Downstream downstream) {
        this.features = features;
        this.downstream = downstream;
    }

    @Override
    public List<AgentTool> tools() {
        return List.of(listMedia(), addMediaFromUrl());
    }

    private AgentTool listMedia() {
        ObjectNode input = Schemas.input()
                .optional("search", Schemas.string("Words of the file name or alt text", 200))
                .optional("kind", Schemas.enumOf("Only this kind", "image", "audio", "video"))
                .optional("page", Schemas.integer("Zero-based page number (default 0)", 0, 10_000L))
                .optional("length", Schemas.integer("Media per page, 1 to 100 (default 50)", 1, 100L))
                .build();
        ObjectNode output = Schemas.output()
                .required("media", Schemas.arrayOf("The media of this page, newest first", MEDIUM))
                .required("total", Schemas.integer("How many media match in all pages", 0, null))
                .build();
        return new AgentTool(
                "list_media",
                "List media",
                "Lists the workspace's media library (pictures, audio, video), newest first, with each medium's public "
                        + "URL and, for pictures, its widths and alt text. Use a medium's url as a block's asset.url.",
                input,
                output,
                Hints.read(),
                null,
                false,
                call -> {
                    int page = call.integer("page") == null ? 0 : call.integer("page");
                    int length = call.integer("length") == null ? 50 : call.integer("length");
                    return downstream.run(
                            features.media(auth(call), call.text("search"), call.text("kind"), page, length),
                            r -> ToolResult.ok(Lists.page("media", r)));
                });
    }

    private AgentTool addMediaFromUrl() {
        ObjectNode input = Schemas.input()
                .required(
                        "url",
                        Schemas.string(
                                "The public http or https URL of a JPEG, PNG, GIF or SVG picture (or an audio or video "
                                        + "file of at most 25 MB)",
                                2048))
                .optional(
                        "altText",
                        Schemas.string(
                                "What the picture shows, for learners who cannot see it; needed before a course "
                                        + "using it is published, unless decorative",
                                1000))
                .optional("decorative", Schemas.bool("The picture is decorative only and needs no alt text"))
                .optional("courseId", Schemas.courseId("The course the medium is for (optional)"))
                .build();
        return new AgentTool(
                "add_media_from_url",
                "Add a medium from a URL",
                "Copies a picture, audio or video file from a public URL into the workspace's media library: the platform "
                        + "fetches it (public addresses only, no redirects), checks its content and makes the picture's "
                        + "widths. Answers the medium with its own URL to use in blocks; the original URL is not used again.",
                input,
                MEDIUM,
                new Hints(false, false, false, true),
                "courseId",
                false,
                call -> {
                    ObjectNode body = JSON.objectNode();
                    body.put("url", call.text("url"));
                    if (call.text("altText") != null) {
                        body.put("altText", call.text("altText"));
                    }
                    if (call.arguments().hasNonNull("decorative")) {
                        body.set("decorative", call.arguments().get("decorative"));
                    }
                    if (call.arguments().hasNonNull("courseId")) {
                        body.put("courseId", call.number("courseId"));
                    }
                    return downstream.run(
                            features.addMediaFromUrl(auth(call), body), r -> ToolResult.ok(r.getEntity()));
                });
    }

    private String auth(ToolCall call) {
        return downstream.as(call.caller(), CourseTools.COURSES);
    }
}

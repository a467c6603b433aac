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
 * The share and measure tools: a public share link to a published course, and the course's
 * analytics (learners, completion, time, quiz pass rate, where learners stop).
 */
@ApplicationScoped
public class ShareTools implements ToolFamily {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final String DATE = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";

    private final FeatureApi features;
    private final Downstream downstream;

    public ShareTools(@RestClient FeatureApi features, Downstream downstream) {
        this.features = features;
        this.downstream = downstream;
    }

    @Override
    public List<AgentTool> tools() {
        return List.of(createShareLink(), courseAnalytics());
    }

    private AgentTool createShareLink() {
        ObjectNode input = Schemas.input()
                .required("courseId", COURSE_ID)
                .optional("expiresInDays", Schemas.integer("Days until the link stops working (default 30)", 1, 365L))
                .optional(
                        "maxUses", Schemas.integer("How many learners may open it (default: no limit)", 1, 1_000_000L))
                .build();
        ObjectNode output = Schemas.output()
                .required("id", Schemas.integer("The link id", 1, null))
                .required("courseId", Schemas.integer("The course id", 1, null))
                .required(
                        "url",
                        Schemas.string("The public link: anyone who has it can take the course, without signing in"))
                .optional("expiresAt", Schemas.nullableString("When it stops working"))
                .optional("maxUses", Schemas.nullableInteger("How many learners may open it, or null for no limit"))
                .optional("uses", Schemas.integer("How many learners have opened it", 0, null))
                .optional("revoked", Schemas.bool("Whether it was revoked"))
                .build();
        return new AgentTool(
                "create_share_link",
                "Create a share link",
                "Makes a public link to a published course's player: anyone with the link can take the course without an "
                        + "account until it expires, reaches its use limit or is revoked; each learner is tracked under an "
                        + "identity of the link. Share the url with people; it is shown only in this answer.",
                input,
                output,
                Hints.write(false, false),
                "courseId",
                false,
                call -> downstream.run(
                        features.createShareLink(auth(call), call.courseId(), body(call)),
                        r -> ToolResult.ok(r.getEntity())));
    }

    private static ObjectNode body(ToolCall call) {
        ObjectNode body = JSON.objectNode();
        if (call.integer("expiresInDays") != null) {
            body.put("expiresInDays", call.integer("expiresInDays"));
        }
        if (call.integer("maxUses") != null) {
            body.put("maxUses", call.integer("maxUses"));
        }
        return body;
    }

    private AgentTool courseAnalytics() {
        ObjectNode date = Schemas.string("A date, YYYY-MM-DD (UTC)").put("pattern", DATE);
        ObjectNode input = Schemas.input()
                .required("courseId", COURSE_ID)
                .optional(
                        "from",
                        date.deepCopy().put("description", "First day of the range, YYYY-MM-DD (default: 30 days ago)"))
                .optional(
                        "to", date.deepCopy().put("description", "Last day of the range, YYYY-MM-DD (default: today)"))
                .build();
        ObjectNode output = Schemas.output()
                .required("courseId", Schemas.integer("The course id", 1, null))
                .optional("from", Schemas.string("First day of the range"))
                .optional("to", Schemas.string("Last day of the range"))
                .optional(
                        "learners",
                        Schemas.anyObject(
                                "{commenced, completed}: learners who started, and who finished, in the range"))
                .optional(
                        "completionRate",
                        Schemas.nullableNumber("Completed divided by commenced, 0 to 1; null when nobody commenced"))
                .optional(
                        "timeToComplete",
                        Schemas.anyObject("{meanSeconds, medianSeconds} of the learners who completed"))
                .optional("quiz", Schemas.anyObject("{attempts, passed, passRate} of the course's quiz"))
                .optional(
                        "screens",
                        Schemas.arrayOf(
                                "Per screen, in order: how many learners reached it and how many stopped " + "there",
                                Schemas.anyObject("{index, screenId, title, reached, stoppedHere}")))
                .build();
        return new AgentTool(
                "get_course_analytics",
                "Get a course's analytics",
                "Answers how learners did in a course over a date range: learners commenced and completed, completion rate, "
                        + "mean and median time to complete, quiz pass rate, and per-screen reach (where learners stop). "
                        + "Counts learners of the course player and of hosted SCORM.",
                input,
                output,
                Hints.read(),
                "courseId",
                false,
                call -> downstream.run(
                        features.analytics(auth(call), call.courseId(), call.text("from"), call.text("to")),
                        r -> ToolResult.ok(r.getEntity())));
    }

    private String auth(ToolCall call) {
        return downstream.as(call.caller(), CourseTools.COURSES);
    }
}

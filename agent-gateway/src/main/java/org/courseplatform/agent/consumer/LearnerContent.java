package org.courseplatform.agent.consumer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.courseplatform.agent.tool.ToolResult;

/**
 * A course's content as a learner reads it: {@code get_course_content} answers each question's
 * answers with their {@code correct} flag (authors and tools build quizzes from it), which a
 * learner enrolled in the course must not be handed before answering, as the player never hands
 * it to them either. The flag is left out of the base screens and of every translation.
 */
final class LearnerContent {

    static final String TOOL = "get_course_content";

    private LearnerContent() {}

    /** The tool's answer without correctness; an error, or another shape, is answered as it is. */
    static ToolResult of(ToolResult result) {
        if (result == null || result.isError() || !(result.structured() instanceof ObjectNode content)) {
            return result;
        }
        ObjectNode copy = content.deepCopy();
        strip(copy);
        for (JsonNode translation : copy.path("translations")) {
            strip(translation);
        }
        return ToolResult.ok(copy);
    }

    private static void strip(JsonNode content) {
        for (JsonNode screen : content.path("screens")) {
            for (JsonNode element : screen.path("elements")) {
                for (JsonNode answer : element.path("answers")) {
                    if (answer instanceof ObjectNode a) {
                        a.remove("correct");
                    }
                }
            }
        }
    }
}

package org.courseplatform.agent.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What a tool answers: structured content and its text form (for clients that read only
 * {@code content}), or a failure the agent can act on ({@code isError}: unknown course, invalid
 * argument, stale revision), which is a result and not a protocol error.
 */
public record ToolResult(boolean isError, String text, JsonNode structured) {

    public static ToolResult ok(JsonNode structured) {
        return new ToolResult(false, structured.toString(), structured);
    }

    /**
     * A failure with a machine code ({@code not_found}, {@code invalid_argument}, {@code conflict},
     * {@code forbidden}, {@code unavailable}) and a message written for a model.
     */
    public static ToolResult error(String code, String message) {
        return error(code, message, null);
    }

    public static ToolResult error(String code, String message, JsonNode details) {
        ObjectNode error =
                JsonNodeFactory.instance.objectNode().put("error", code).put("message", message);
        if (details != null) {
            error.set("details", details);
        }
        return new ToolResult(true, message, error);
    }
}

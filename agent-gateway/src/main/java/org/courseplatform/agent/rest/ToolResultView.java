package org.courseplatform.agent.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.courseplatform.agent.tool.ToolResult;

/** The REST answer of a tool call, shaped as MCP's {@code tools/call} result. */
public record ToolResultView(
        List<Text> content,
        JsonNode structuredContent,
        @JsonProperty("isError") boolean isError) {

    public static ToolResultView of(ToolResult result) {
        return new ToolResultView(List.of(new Text("text", result.text())), result.structured(), result.isError());
    }

    public record Text(String type, String text) {}
}

package org.courseplatform.agent.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.courseplatform.agent.tool.AgentTool;

/** A tool as GET /api/v1/agent/tools lists it: its MCP definition plus {@code readOnly} (API.md). */
public record ToolView(
        String name,
        String title,
        String description,
        ObjectNode inputSchema,
        ObjectNode outputSchema,
        Annotations annotations,
        boolean readOnly) {

    public static ToolView of(AgentTool tool) {
        AgentTool.Hints h = tool.hints();
        return new ToolView(
                tool.name(),
                tool.title(),
                tool.description(),
                tool.inputSchema(),
                tool.outputSchema(),
                new Annotations(tool.title(), h.readOnly(), h.destructive(), h.idempotent(), h.openWorld()),
                tool.readOnly());
    }

    public record Annotations(
            String title,
            boolean readOnlyHint,
            boolean destructiveHint,
            boolean idempotentHint,
            boolean openWorldHint) {}
}

package org.courseplatform.agent.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;

/**
 * One tool of the catalogue. The same definition is listed and run over MCP ({@code tools/list},
 * {@code tools/call}) and REST ({@code GET /api/v1/agent/tools}, {@code POST .../tools/{name}}),
 * so the two surfaces cannot disagree on a name, a schema or a rule.
 *
 * @param courseArgument the argument naming the course the tool acts on (checked against a
 *        token pinned to one course), or null when the tool names none
 * @param makesCourse whether the tool makes a new course; a token pinned to one course may not
 */
public record AgentTool(
        String name,
        String title,
        String description,
        ObjectNode inputSchema,
        ObjectNode outputSchema,
        Hints hints,
        String courseArgument,
        boolean makesCourse,
        Handler handler) {

    public boolean readOnly() {
        return hints.readOnly();
    }

    /** MCP tool annotations, set truthfully: clients use them to decide what to confirm with a person. */
    public record Hints(boolean readOnly, boolean destructive, boolean idempotent, boolean openWorld) {

        public static Hints read() {
            return new Hints(true, false, true, false);
        }

        public static Hints write(boolean destructive, boolean idempotent) {
            return new Hints(false, destructive, idempotent, false);
        }
    }

    /** Runs the tool for a call whose access and arguments have been checked. */
    @FunctionalInterface
    public interface Handler {
        Uni<ToolResult> run(ToolCall call);
    }
}

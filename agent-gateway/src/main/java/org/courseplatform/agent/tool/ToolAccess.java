package org.courseplatform.agent.tool;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import org.courseplatform.platform.auth.AgentCaller;

/**
 * The token's scope (SPEC.md Authentication 3), the one place it is decided for both surfaces:
 * <ul>
 * <li>{@code tools} omitted: the full read surface; given: only those tools;</li>
 * <li>{@code readonly} omitted or true: read tools only, even when a write tool is allowlisted;</li>
 * <li>{@code courseId}: a tool naming a course accepts only that one; tools that make a new
 * course are not available.</li>
 * </ul>
 */
public final class ToolAccess {

    private ToolAccess() {}

    /** Whether the token may run the tool at all: what tools/list and GET /tools show. */
    public static boolean visible(AgentCaller agent, AgentTool tool) {
        return refusal(agent, tool).isEmpty();
    }

    /** Why the token may not run the tool, whatever the arguments; empty when it may. */
    public static Optional<String> refusal(AgentCaller agent, AgentTool tool) {
        boolean allowlisted = agent.tools() != null && !agent.tools().isEmpty();
        if (allowlisted && !agent.tools().contains(tool.name())) {
            return Optional.of("The tool " + tool.name() + " is not in this token's tools allowlist");
        }
        if (!tool.readOnly() && !allowlisted) {
            return Optional.of(
                    "The tool " + tool.name() + " writes; a token without a tools allowlist has the read tools only");
        }
        if (!tool.readOnly() && agent.readonly()) {
            return Optional.of(
                    "The tool " + tool.name() + " writes and this token is read-only (mint it with readonly: false)");
        }
        if (tool.makesCourse() && agent.courseId() != null) {
            return Optional.of("The tool " + tool.name() + " makes a new course; this token is pinned to course "
                    + agent.courseId());
        }
        return Optional.empty();
    }

    /** Why the token may not run the tool with these arguments (the course pin); empty when it may. */
    public static Optional<String> refusal(AgentCaller agent, AgentTool tool, JsonNode arguments) {
        Optional<String> refusal = refusal(agent, tool);
        if (refusal.isPresent() || agent.courseId() == null || tool.courseArgument() == null) {
            return refusal;
        }
        JsonNode course = arguments.get(tool.courseArgument());
        if (course != null
                && course.canConvertToLong()
                && course.isIntegralNumber()
                && course.asLong() == agent.courseId()) {
            return Optional.empty();
        }
        return Optional.of("This token is pinned to course " + agent.courseId() + " and may not act on another");
    }
}

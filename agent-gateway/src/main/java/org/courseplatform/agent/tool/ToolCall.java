package org.courseplatform.agent.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.courseplatform.agent.access.MemberCaller;
import org.courseplatform.platform.auth.AgentCaller;
import org.courseplatform.platform.auth.WorkspaceCaller;

/**
 * A checked call: the agent, the workspace caller it acts as in the owning services (its key's
 * current plan and entitlements, restricted to the agent's tenant) and the validated arguments.
 * {@code member} is set when a signed-in member calls on the consumer endpoint: {@code agent} is
 * then the member seen as an agent (identifier = their email) and {@code caller} their workspace.
 */
public record ToolCall(AgentCaller agent, WorkspaceCaller caller, ObjectNode arguments, MemberCaller member) {

    public ToolCall(AgentCaller agent, WorkspaceCaller caller, ObjectNode arguments) {
        this(agent, caller, arguments, null);
    }

    /**
     * The owner whose courses a course list is limited to: a team member sees the courses they
     * own; null for an agent (its whole tenant).
     */
    public String owner() {
        return member == null ? null : member.email();
    }

    public String text(String name) {
        JsonNode value = arguments.get(name);
        return value == null || value.isNull() ? null : value.asText();
    }

    public Long number(String name) {
        JsonNode value = arguments.get(name);
        return value == null || value.isNull() ? null : value.asLong();
    }

    public Integer integer(String name) {
        JsonNode value = arguments.get(name);
        return value == null || value.isNull() ? null : value.asInt();
    }

    public Boolean bool(String name) {
        JsonNode value = arguments.get(name);
        return value == null || value.isNull() ? null : value.asBoolean();
    }

    /** The course id argument; the schema made it required and a positive integer. */
    public long courseId() {
        return arguments.get("courseId").asLong();
    }
}

package org.courseplatform.agent.tool;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.courseplatform.platform.auth.AgentCaller;
import org.courseplatform.platform.web.DigitId;

/**
 * The token's scope (SPEC.md Authentication 3), the one place it is decided for both surfaces:
 * <ul>
 * <li>{@code tools} omitted: the full read surface; given: only those tools;</li>
 * <li>{@code readonly} omitted or true: read tools only, even when a write tool is allowlisted;</li>
 * <li>{@code courseId}: every course id in a call's arguments must be that one; tools that make
 * a new course are not available.</li>
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

    /**
     * The argument names that hold course ids, wherever they appear in a tool's arguments (at the
     * top or inside nested objects and lists): {@code courseId} one id, {@code courseIds} a list.
     * {@link ToolCatalogue} refuses at start-up a tool whose input schema names a course any other
     * way, so no argument can carry a course past the pin.
     */
    public static final Set<String> COURSE_ID_FIELDS = Set.of("courseId", "courseIds");

    /**
     * Why the token may not run the tool with these arguments; empty when it may. A pinned token
     * ({@code courseId}) may name only its course, in every course id of the arguments, and a
     * tool that acts on a course must name it.
     */
    public static Optional<String> refusal(AgentCaller agent, AgentTool tool, JsonNode arguments) {
        Optional<String> refusal = refusal(agent, tool);
        if (refusal.isPresent() || agent.courseId() == null) {
            return refusal;
        }
        long pinned = agent.courseId();
        if (tool.courseArgument() != null && !isCourse(arguments.get(tool.courseArgument()), pinned)) {
            return Optional.of(pinnedTo(pinned));
        }
        return courseIds(arguments, 0).allMatch(id -> isCourse(id, pinned))
                ? Optional.empty()
                : Optional.of(pinnedTo(pinned));
    }

    private static String pinnedTo(long pinned) {
        return "This token is pinned to course " + pinned + " and may not act on another";
    }

    /**
     * Every value the arguments give a course id field, at any depth; each element of a list.
     * Depth is bounded by the JSON reader (64 levels).
     */
    private static Stream<JsonNode> courseIds(JsonNode node, int depth) {
        if (node == null || depth > 80 || !node.isContainerNode()) {
            return Stream.empty();
        }
        if (node.isArray()) {
            return StreamSupport.stream(node.spliterator(), false).flatMap(item -> courseIds(item, depth + 1));
        }
        return node.properties().stream().flatMap(field -> {
            JsonNode value = field.getValue();
            if (COURSE_ID_FIELDS.contains(field.getKey())) {
                return value.isArray() ? StreamSupport.stream(value.spliterator(), false) : Stream.of(value);
            }
            return courseIds(value, depth + 1);
        });
    }

    /**
     * Whether a course id argument names the pinned course, as a number or a string of digits
     * ({@link DigitId}). The runners have already turned the ids the schema types into numbers
     * ({@link IdArguments}); a {@code courseId} inside a free-form object is read the same way.
     */
    private static boolean isCourse(JsonNode value, long pinned) {
        Long id = DigitId.parse(value);
        return id != null && id == pinned;
    }
}

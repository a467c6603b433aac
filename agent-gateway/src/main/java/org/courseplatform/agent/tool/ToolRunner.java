package org.courseplatform.agent.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.courseplatform.agent.access.KeyStanding;
import org.courseplatform.platform.auth.AgentCaller;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;

/**
 * Runs a tool for an agent, the same way for MCP and REST: the key's standing and plan (every
 * call), the id arguments ({@link #readIds}), the token's scope, the arguments against the input
 * schema, then the tool. What the
 * token may not do fails as {@link ToolRefusedException}; what goes wrong in the tool is a
 * {@link ToolResult} with {@code isError}.
 */
@ApplicationScoped
public class ToolRunner {

    private final ToolCatalogue catalogue;
    private final KeyStanding standing;
    private final ObjectMapper json;
    private final Map<String, ArgumentValidator> others = new ConcurrentHashMap<>();

    public ToolRunner(ToolCatalogue catalogue, KeyStanding standing, ObjectMapper json) {
        this.catalogue = catalogue;
        this.standing = standing;
        this.json = json;
    }

    /** The tools the token may run, in catalogue order; checks the key's standing first. */
    public Uni<List<AgentTool>> visible(AgentCaller agent) {
        return standing.of(agent)
                .map(caller -> catalogue.all().stream()
                        .filter(t -> ToolAccess.visible(agent, t))
                        .toList());
    }

    /**
     * Calls {@code name} with {@code arguments} (null: none).
     *
     * @throws ApiException 404 for a tool that does not exist, or the key's standing failures
     * @throws ToolRefusedException when the token may not make this call
     */
    public Uni<ToolResult> call(AgentCaller agent, String name, JsonNode arguments) {
        AgentTool tool = catalogue
                .find(name)
                .orElseThrow(() -> ApiException.notFound("There is no tool named \""
                        + (name == null ? "" : name.length() > 64 ? name.substring(0, 64) + "…" : name) + "\""));
        return standing.of(agent).chain(caller -> {
            ObjectNode args = arguments(arguments);
            if (args == null) {
                return Uni.createFrom().item(notAnObject());
            }
            Optional<ToolResult> badIds = readIds(tool, args);
            if (badIds.isPresent()) {
                return Uni.createFrom().item(badIds.get());
            }
            Optional<String> refusal = ToolAccess.refusal(agent, tool, args);
            if (refusal.isPresent()) {
                Log.debugf("Refused %s for agent token %s: %s", name, agent.tokenId(), refusal.get());
                throw new ToolRefusedException(refusal.get());
            }
            return run(tool, new ToolCall(agent, caller, args));
        });
    }

    /**
     * Runs a tool for a call whose caller was checked by its own surface (a signed-in member on
     * the consumer endpoint): the arguments against the tool's input schema, then the tool. The
     * tool may be one of the catalogue or one only that surface offers.
     */
    public Uni<ToolResult> run(AgentTool tool, ToolCall call) {
        Optional<ToolResult> invalid = invalid(tool, call.arguments());
        return invalid.isPresent()
                ? Uni.createFrom().item(invalid.get())
                : tool.handler().run(call);
    }

    /**
     * Reads the call's id arguments in place ({@link IdArguments}: a string of digits becomes its
     * number), before the token's scope and the schema see them; both surfaces' runners call it
     * first. Answers the failed result naming the id arguments given as a string that is no id,
     * with the schema's other problems of the arguments, if any.
     */
    public Optional<ToolResult> readIds(AgentTool tool, ObjectNode arguments) {
        List<ApiError.Detail> problems = new ArrayList<>(IdArguments.read(tool.inputSchema(), arguments));
        if (problems.isEmpty()) {
            return Optional.empty();
        }
        Set<String> named = problems.stream().map(ApiError.Detail::field).collect(Collectors.toSet());
        schemaProblems(tool, arguments).stream()
                .filter(problem -> !named.contains(problem.field()))
                .forEach(problems::add);
        return Optional.of(invalidArguments(tool, problems));
    }

    /** The failed result of arguments that do not match the tool's input schema; empty when they match. */
    public Optional<ToolResult> invalid(AgentTool tool, ObjectNode arguments) {
        List<ApiError.Detail> problems = schemaProblems(tool, arguments);
        return problems.isEmpty() ? Optional.empty() : Optional.of(invalidArguments(tool, problems));
    }

    private List<ApiError.Detail> schemaProblems(AgentTool tool, ObjectNode arguments) {
        ArgumentValidator validator =
                catalogue.find(tool.name()).filter(known -> known == tool).isPresent()
                        ? catalogue.validator(tool.name())
                        : others.computeIfAbsent(tool.name(), n -> new ArgumentValidator(tool.inputSchema()));
        return validator.problems(arguments);
    }

    private ToolResult invalidArguments(AgentTool tool, List<ApiError.Detail> problems) {
        return ToolResult.error("invalid_argument", describe(tool.name(), problems), json.valueToTree(problems));
    }

    /** The arguments as an object to work on (a copy), none as an empty one; null when they are not an object. */
    public static ObjectNode arguments(JsonNode arguments) {
        return arguments == null || arguments.isNull()
                ? JsonNodeFactory.instance.objectNode()
                : arguments.isObject() ? (ObjectNode) arguments.deepCopy() : null;
    }

    /** The result of a call whose arguments are not a JSON object. */
    public static ToolResult notAnObject() {
        return ToolResult.error("invalid_argument", "The arguments must be a JSON object");
    }

    private static String describe(String name, List<ApiError.Detail> problems) {
        StringBuilder text =
                new StringBuilder("Invalid arguments for ").append(name).append(':');
        for (ApiError.Detail problem : problems) {
            text.append(' ')
                    .append(problem.field())
                    .append(' ')
                    .append(problem.message())
                    .append(';');
        }
        text.setLength(text.length() - 1);
        return text.append(". The tool's inputSchema lists its arguments.").toString();
    }
}

package org.courseplatform.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkiverse.mcp.server.JsonRpcErrorCodes;
import io.quarkiverse.mcp.server.McpException;
import io.quarkiverse.mcp.server.McpServer;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolManager;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.logging.Log;
import io.quarkus.runtime.Startup;
import io.quarkus.security.identity.CurrentIdentityAssociation;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.courseplatform.agent.access.MemberCaller;
import org.courseplatform.agent.consumer.ConsumerEndpoint;
import org.courseplatform.agent.consumer.MemberToolRunner;
import org.courseplatform.agent.consumer.MemberTools;
import org.courseplatform.agent.tool.AgentTool;
import org.courseplatform.agent.tool.ToolCatalogue;
import org.courseplatform.agent.tool.ToolRefusedException;
import org.courseplatform.agent.tool.ToolResult;
import org.courseplatform.agent.tool.ToolRunner;
import org.courseplatform.platform.auth.AgentCaller;
import org.courseplatform.platform.web.ApiException;

/**
 * Registers the catalogue with the MCP server extension, one programmatic tool per definition,
 * on both servers: the agents' ({@code /api/v1/agent/mcp}, run by the {@link ToolRunner} REST
 * uses too) and the members' consumer endpoint ({@code /mcp}, run by {@link MemberToolRunner}),
 * which also has the learners' own tools. The caller decides which runner: an agent token or a
 * signed-in member. A refused call becomes a JSON-RPC error ({@code -32001}), never a tool result.
 */
@Startup
@ApplicationScoped
public class McpTools {

    private final ToolRunner runner;
    private final MemberToolRunner members;
    private final CurrentIdentityAssociation identities;
    private final ObjectMapper json;

    public McpTools(
            ToolManager manager,
            ToolCatalogue catalogue,
            MemberTools memberTools,
            ToolRunner runner,
            MemberToolRunner members,
            CurrentIdentityAssociation identities,
            ObjectMapper json) {
        this.runner = runner;
        this.members = members;
        this.identities = identities;
        this.json = json;
        // The learners' own tools first: tools/list keeps the order of registration.
        for (AgentTool tool : memberTools.all()) {
            register(manager, tool, ConsumerEndpoint.SERVER);
        }
        for (AgentTool tool : catalogue.all()) {
            register(manager, tool, McpServer.DEFAULT, ConsumerEndpoint.SERVER);
        }
        Log.debugf(
                "Registered %d agent tools and %d member tools with the MCP servers",
                catalogue.all().size(), memberTools.all().size());
    }

    private void register(ToolManager manager, AgentTool tool, String... servers) {
        AgentTool.Hints h = tool.hints();
        manager.newTool(tool.name())
                .setServerNames(servers)
                .setTitle(tool.title())
                .setDescription(tool.description())
                .setInputSchema(new JsonObject(tool.inputSchema().toString()))
                .setOutputSchema(new JsonObject(tool.outputSchema().toString()))
                .setAnnotations(new ToolManager.ToolAnnotations(
                        tool.title(), h.readOnly(), h.destructive(), h.idempotent(), h.openWorld()))
                .setAsyncHandler(args -> identities
                        .getDeferredIdentity()
                        .chain(identity -> {
                            JsonNode arguments = arguments(args);
                            if (identity.getPrincipal() instanceof AgentCaller agent) {
                                return runner.call(agent, tool.name(), arguments);
                            }
                            if (identity.getPrincipal() instanceof MemberCaller member) {
                                return members.call(member, tool.name(), arguments);
                            }
                            throw new McpException(
                                    "An agent token or a member's sign-in is needed", JsonRpcErrorCodes.SECURITY_ERROR);
                        })
                        .map(McpTools::response)
                        .onFailure(ToolRefusedException.class)
                        .transform(e -> new McpException(e.getMessage(), JsonRpcErrorCodes.SECURITY_ERROR))
                        .onFailure(ApiException.class)
                        .transform(McpTools::protocolError))
                .register();
    }

    /**
     * The call's arguments as the client sent them: the extension's, plus the null ones
     * {@link McpRequestFilter} set aside (the extension cannot carry a null argument).
     */
    private JsonNode arguments(ToolManager.ToolArguments args) {
        ObjectNode arguments = json.valueToTree(args.args());
        JsonObject meta = args.rawMessage() == null
                ? null
                : args.rawMessage()
                        .asJsonObject()
                        .getJsonObject("params", new JsonObject())
                        .getJsonObject("_meta");
        if (meta != null && meta.getValue(McpRequestFilter.NULL_ARGUMENTS) instanceof JsonArray nulls) {
            for (Object name : nulls) {
                if (name instanceof String argument && !arguments.has(argument)) {
                    arguments.putNull(argument);
                }
            }
        }
        return arguments;
    }

    /**
     * The MCP result. A failed call carries its message as text only: clients check any
     * {@code structuredContent} against the tool's output schema, which describes success, and
     * would turn the failure the agent should read into a protocol error.
     */
    private static ToolResponse response(ToolResult result) {
        return new ToolResponse(
                result.isError(),
                List.of(new TextContent(result.text())),
                result.isError() || result.structured() == null
                        ? null
                        : new JsonObject(result.structured().toString()),
                null);
    }

    private static Throwable protocolError(Throwable failure) {
        ApiException e = (ApiException) failure;
        int code = switch (e.code()) {
            case UNAUTHORIZED, FORBIDDEN -> JsonRpcErrorCodes.SECURITY_ERROR;
            case BAD_REQUEST -> JsonRpcErrorCodes.INVALID_PARAMS;
            default -> JsonRpcErrorCodes.INTERNAL_ERROR;
        };
        return new McpException(e.getMessage(), code);
    }
}

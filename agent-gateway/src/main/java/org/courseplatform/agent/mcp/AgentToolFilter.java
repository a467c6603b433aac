package org.courseplatform.agent.mcp;

import io.quarkiverse.mcp.server.FilterContext;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.McpMethod;
import io.quarkiverse.mcp.server.McpServer;
import io.quarkiverse.mcp.server.ToolFilter;
import io.quarkiverse.mcp.server.ToolManager;
import io.quarkus.logging.Log;
import io.quarkus.security.identity.CurrentIdentityAssociation;
import jakarta.inject.Singleton;
import java.util.Optional;
import org.courseplatform.agent.access.MemberCaller;
import org.courseplatform.agent.consumer.ConsumerEndpoint;
import org.courseplatform.agent.consumer.MemberToolRunner;
import org.courseplatform.agent.tool.AgentTool;
import org.courseplatform.agent.tool.ToolAccess;
import org.courseplatform.agent.tool.ToolCatalogue;
import org.courseplatform.platform.auth.AgentCaller;

/**
 * Shows an MCP client only the tools its caller may run: an agent token the catalogue tools of
 * its scope, on the agents' server; a signed-in member what {@link MemberToolRunner} allows, on
 * the consumer server. The extension lets a tool through when a
 * filter throws, so this one catches everything and answers false: it fails closed. A call of a
 * catalogue tool passes here and is decided by {@code ToolRunner}, which answers a refusal with
 * its reason as a JSON-RPC error.
 */
@Singleton
public class AgentToolFilter implements ToolFilter {

    private final ToolCatalogue catalogue;
    private final CurrentIdentityAssociation identities;
    private final MemberToolRunner members;

    public AgentToolFilter(ToolCatalogue catalogue, CurrentIdentityAssociation identities, MemberToolRunner members) {
        this.catalogue = catalogue;
        this.identities = identities;
        this.members = members;
    }

    @Override
    public boolean test(ToolManager.ToolInfo info, FilterContext context) {
        return allows(info, context == null ? null : context.method(), context == null ? null : context.connection());
    }

    /** The older form of the filter, should the extension call it: visibility only. */
    @Override
    public boolean test(ToolManager.ToolInfo info, McpConnection connection) {
        return allows(info, null, connection);
    }

    private boolean allows(ToolManager.ToolInfo info, McpMethod method, McpConnection connection) {
        try {
            Object principal = identities.getIdentity().getPrincipal();
            String server = connection == null ? null : connection.serverName();
            if (principal instanceof MemberCaller member) {
                return (server == null || ConsumerEndpoint.SERVER.equals(server))
                        && (method == McpMethod.TOOLS_CALL
                                || members.refusal(member, info.name()).isEmpty());
            }
            if (!(principal instanceof AgentCaller agent) || (server != null && !McpServer.DEFAULT.equals(server))) {
                return false;
            }
            Optional<AgentTool> tool = catalogue.find(info.name());
            if (tool.isEmpty()) {
                return false;
            }
            return method == McpMethod.TOOLS_CALL || ToolAccess.visible(agent, tool.get());
        } catch (Throwable e) {
            Log.warnf(
                    "The tool filter failed for %s, so the tool is hidden: %s",
                    info == null ? null : info.name(), e.toString());
            return false;
        }
    }
}

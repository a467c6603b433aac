package org.courseplatform.agent.mcp;

import io.quarkiverse.mcp.server.FilterContext;
import io.quarkiverse.mcp.server.McpMethod;
import io.quarkiverse.mcp.server.ToolFilter;
import io.quarkiverse.mcp.server.ToolManager;
import io.quarkus.logging.Log;
import io.quarkus.security.identity.CurrentIdentityAssociation;
import jakarta.inject.Singleton;
import java.util.Optional;
import org.courseplatform.agent.tool.AgentTool;
import org.courseplatform.agent.tool.ToolAccess;
import org.courseplatform.agent.tool.ToolCatalogue;
import org.courseplatform.platform.auth.AgentCaller;

/**
 * Shows an MCP client only the tools its token may run. The extension lets a tool through when a
 * filter throws, so this one catches everything and answers false: it fails closed. A call of a
 * catalogue tool passes here and is decided by {@code ToolRunner}, which answers a refusal with
 * its reason as a JSON-RPC error.
 */
@Singleton
public class AgentToolFilter implements ToolFilter {

    private final ToolCatalogue catalogue;
    private final CurrentIdentityAssociation identities;

    public AgentToolFilter(ToolCatalogue catalogue, CurrentIdentityAssociation identities) {
        this.catalogue = catalogue;
        this.identities = identities;
    }

    @Override
    public boolean test(ToolManager.ToolInfo info, FilterContext context) {
        return allows(info, context == null ? null : context.method());
    }

    /** The older form of the filter, should the extension call it: visibility only. */
    @Override
    public boolean test(ToolManager.ToolInfo info, io.quarkiverse.mcp.server.McpConnection connection) {
        return allows(info, null);
    }

    private boolean allows(ToolManager.ToolInfo info, McpMethod method) {
        try {
            if (!(identities.getIdentity().getPrincipal() instanceof AgentCaller agent)) {
                return false;
            }
            Optional<AgentTool> tool = catalogue.find(info.name());
            if (tool.isEmpty()) {
                return false;
            }
            return method == McpMethod.TOOLS_CALL || ToolAccess.visible(agent, tool.get());
        } catch (Throwable e) {
            Log.warnf("The tool filter failed for %s, so the tool is hidden: %s", info == null ? null : info.name(), e.toString());
            return false;
        }
    }
}

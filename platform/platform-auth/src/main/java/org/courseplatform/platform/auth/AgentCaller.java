package org.courseplatform.platform.auth;

import java.security.Principal;
import java.util.List;

/**
 * The principal of an agent-token call: always restricted to one tenant (or the workspace-default
 * tenant when {@code clientIdentifier} is null), to the tools listed and, when set, to one course.
 */
public record AgentCaller(long workspaceId, String identifier, String clientIdentifier, List<String> tools,
        Long courseId, boolean readonly, boolean testMode, String tokenId) implements Principal {

    @Override
    public String getName() {
        return "agent:" + workspaceId + "/" + identifier;
    }
}

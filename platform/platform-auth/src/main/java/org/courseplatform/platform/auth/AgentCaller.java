package org.courseplatform.platform.auth;

import java.security.Principal;
import java.util.List;

/**
 * The principal of an agent-token call: always restricted to one tenant (or the workspace-default
 * tenant when {@code clientIdentifier} is null), to the tools listed (empty: none named, the full
 * read surface) and, when set, to one course. {@code keyId} is the API key the token was minted
 * from: its standing and its workspace's plan are checked again at every call.
 */
public record AgentCaller(
        long workspaceId,
        long keyId,
        String identifier,
        String clientIdentifier,
        List<String> tools,
        Long courseId,
        boolean readonly,
        boolean testMode,
        String tokenId)
        implements Principal {

    @Override
    public String getName() {
        return "agent:" + workspaceId + "/" + identifier;
    }
}

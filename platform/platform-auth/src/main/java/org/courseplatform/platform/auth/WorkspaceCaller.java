package org.courseplatform.platform.auth;

import java.security.Principal;
import java.util.List;

/**
 * The principal of an API-key call: the workspace, the key and what the workspace may use.
 * A key acts for the whole workspace; {@code testMode} is the key's mode and flows into the
 * {@code testMode} of every event the call causes.
 *
 * <p>{@code agent} is set when agent-gateway calls on behalf of an agent token minted from that
 * key: the call is then restricted to the agent's tenant (the workspace-default tenant when its
 * {@code clientIdentifier} is null), as DESIGN.md section 6 says an agent always is.
 *
 * <p>{@code scopes} are the key's scopes ({@link Scopes}); null is a key with full access.
 */
public record WorkspaceCaller(
        long workspaceId,
        long keyId,
        boolean testMode,
        Plan plan,
        List<String> addons,
        List<String> features,
        Agent agent,
        List<String> scopes)
        implements Principal {

    public WorkspaceCaller(
            long workspaceId, long keyId, boolean testMode, Plan plan, List<String> addons, List<String> features) {
        this(workspaceId, keyId, testMode, plan, addons, features, null, null);
    }

    public WorkspaceCaller(
            long workspaceId,
            long keyId,
            boolean testMode,
            Plan plan,
            List<String> addons,
            List<String> features,
            Agent agent) {
        this(workspaceId, keyId, testMode, plan, addons, features, agent, null);
    }

    /** Whether the call is restricted to one tenant (an agent's) whatever its query says. */
    public boolean restricted() {
        return agent != null;
    }

    @Override
    public String getName() {
        return agent == null
                ? "workspace:" + workspaceId + "/key:" + keyId
                : "workspace:" + workspaceId + "/key:" + keyId + "/agent:" + agent.identifier();
    }

    /** The agent a delegated call acts for: its end user and tenant (null = workspace default). */
    public record Agent(String identifier, String clientIdentifier) {}
}

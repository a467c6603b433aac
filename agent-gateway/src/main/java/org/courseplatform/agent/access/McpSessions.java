package org.courseplatform.agent.access;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.quarkiverse.mcp.server.runtime.ConnectionManager;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Which token each MCP session belongs to. The extension's sessions are not bound to a caller,
 * so an {@code Mcp-Session-Id} seen with another token could otherwise be used by it; here a
 * session is bound to the token (its id) that initialised it, and refused to any other. A client
 * with a new token starts a new session, as MCP clients do on 404. Whether the session is still
 * open is the extension's own record ({@link ConnectionManager}). Both MCP servers' policies
 * (the agents' and the members' consumer endpoint) use it, so it sits with the access rules
 * rather than in either server's package.
 */
@ApplicationScoped
public class McpSessions {

    private final Cache<String, String> owners;
    private final ConnectionManager connections;

    public McpSessions(AgentConfig config, ConnectionManager connections) {
        this.connections = connections;
        this.owners = Caffeine.newBuilder()
                .maximumSize(200_000)
                .expireAfterAccess(config.mcpSessionIdle())
                .build();
    }

    public void bind(String sessionId, String tokenId) {
        owners.put(sessionId, tokenId);
    }

    /**
     * Whether the session may be used with this token: the extension still has it and it was
     * initialised with this token. A session of another token, one ended (DELETE) or expired,
     * and an id never issued all answer false, so the answer tells a caller nothing about ids
     * that are not theirs.
     */
    public boolean usableBy(String sessionId, String tokenId) {
        return tokenId != null && tokenId.equals(owners.getIfPresent(sessionId)) && connections.has(sessionId);
    }

    /**
     * Whether the session is bound to another owner; a session not bound here passes, and the
     * extension answers an unknown one itself (the consumer endpoint's rule).
     */
    public boolean ownedByAnother(String sessionId, String owner) {
        String bound = owners.getIfPresent(sessionId);
        return bound != null && !bound.equals(owner);
    }

    public void forget(String sessionId) {
        owners.invalidate(sessionId);
    }
}

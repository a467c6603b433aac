package org.courseplatform.agent.mcp;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.agent.access.AgentConfig;

/**
 * Which token each MCP session belongs to. The extension's sessions are not bound to a caller,
 * so an {@code Mcp-Session-Id} seen with another token could otherwise be used by it; here a
 * session is bound to the token (its id) that initialised it, and refused to any other. A client
 * with a new token starts a new session, as MCP clients do on 404.
 */
@ApplicationScoped
public class McpSessions {

    private final Cache<String, String> owners;

    public McpSessions(AgentConfig config) {
        this.owners = Caffeine.newBuilder()
                .maximumSize(200_000)
                .expireAfterAccess(config.mcpSessionIdle())
                .build();
    }

    public void bind(String sessionId, String tokenId) {
        owners.put(sessionId, tokenId);
    }

    /** Whether the session may be used with this token: bound to it, or not bound here at all. */
    boolean usableBy(String sessionId, String tokenId) {
        String owner = owners.getIfPresent(sessionId);
        return owner == null || owner.equals(tokenId);
    }

    /** Whether the session is bound to another token (the extension answers unknown sessions itself). */
    public boolean ownedByAnother(String sessionId, String tokenId) {
        return !usableBy(sessionId, tokenId);
    }

    public void forget(String sessionId) {
        owners.invalidate(sessionId);
    }
}

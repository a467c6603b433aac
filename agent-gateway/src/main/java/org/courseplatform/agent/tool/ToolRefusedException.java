package org.courseplatform.agent.tool;

/**
 * A call the token may not make: a tool outside its allowlist, a write on a read-only token, a
 * course other than the pinned one. REST answers 403; MCP a JSON-RPC error, never a tool result.
 */
public class ToolRefusedException extends RuntimeException {

    public ToolRefusedException(String message) {
        super(message, null, false, false);
    }
}

package org.courseplatform.platform.auth;

import io.quarkus.security.identity.SecurityIdentity;
import org.courseplatform.platform.web.ApiException;

/** Reads the caller out of a security identity, for resources that need the workspace. */
public final class Callers {

    private Callers() {}

    public static WorkspaceCaller workspace(SecurityIdentity identity) {
        if (identity.getPrincipal() instanceof WorkspaceCaller caller) {
            return caller;
        }
        throw ApiException.forbidden("This endpoint needs an API key");
    }

    public static AgentCaller agent(SecurityIdentity identity) {
        if (identity.getPrincipal() instanceof AgentCaller caller) {
            return caller;
        }
        throw ApiException.forbidden("This endpoint needs an agent token");
    }
}

package org.courseplatform.platform.auth;

import java.security.Principal;
import java.util.List;

/**
 * The principal of an API-key call: the workspace, the key and what the workspace may use.
 * A key acts for the whole workspace; {@code testMode} is the key's mode and flows into the
 * {@code testMode} of every event the call causes.
 */
public record WorkspaceCaller(long workspaceId, long keyId, boolean testMode, Plan plan, List<String> addons,
        List<String> features) implements Principal {

    @Override
    public String getName() {
        return "workspace:" + workspaceId + "/key:" + keyId;
    }
}

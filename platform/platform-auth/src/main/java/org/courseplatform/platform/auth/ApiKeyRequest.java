package org.courseplatform.platform.auth;

import io.quarkus.security.identity.request.BaseAuthenticationRequest;

/** {@code Authorization: SERVICE:<workspaceId>:<apiKey>}, parsed. */
public final class ApiKeyRequest extends BaseAuthenticationRequest {

    private final long workspaceId;
    private final String apiKey;

    public ApiKeyRequest(long workspaceId, String apiKey) {
        this.workspaceId = workspaceId;
        this.apiKey = apiKey;
    }

    public long workspaceId() {
        return workspaceId;
    }

    public String apiKey() {
        return apiKey;
    }
}

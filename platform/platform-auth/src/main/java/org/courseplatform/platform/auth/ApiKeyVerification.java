package org.courseplatform.platform.auth;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * What members-service knows about a presented API key. {@code valid=false} answers carry
 * nothing else, so they can be cached like good ones and never leak why a key failed.
 * {@code scopes}: the key's scopes ({@link Scopes}); null (or absent, from an older members-service)
 * is full access.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ApiKeyVerification(
        boolean valid,
        Long workspaceId,
        Long keyId,
        String mode,
        String plan,
        List<String> addons,
        List<String> features,
        List<String> scopes) {

    /** A key with full access (no scopes). */
    public ApiKeyVerification(
            boolean valid,
            Long workspaceId,
            Long keyId,
            String mode,
            String plan,
            List<String> addons,
            List<String> features) {
        this(valid, workspaceId, keyId, mode, plan, addons, features, null);
    }

    public static ApiKeyVerification invalid() {
        return new ApiKeyVerification(false, null, null, null, null, List.of(), List.of(), null);
    }

    public boolean testMode() {
        return "test".equals(mode);
    }
}

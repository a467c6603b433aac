package org.courseplatform.platform.auth;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * What members-service knows about a presented API key. {@code valid=false} answers carry
 * nothing else, so they can be cached like good ones and never leak why a key failed.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ApiKeyVerification(
        boolean valid,
        Long workspaceId,
        Long keyId,
        String mode,
        String plan,
        List<String> addons,
        List<String> features) {

    public static ApiKeyVerification invalid() {
        return new ApiKeyVerification(false, null, null, null, null, List.of(), List.of());
    }

    public boolean testMode() {
        return "test".equals(mode);
    }
}

package org.courseplatform.platform.auth;

import io.smallrye.mutiny.Uni;

/**
 * Checks a workspace's API key. members-service answers from its own tables; every other
 * service asks members-service over {@code /internal/v1/auth/api-keys/verify}.
 */
public interface ApiKeyVerifier {

    Uni<ApiKeyVerification> verify(long workspaceId, String apiKey);
}

package org.courseplatform.platform.auth;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** Turns a verified API key into an identity whose roles are the workspace's entitlements. */
@ApplicationScoped
public class ApiKeyIdentityProvider implements IdentityProvider<ApiKeyRequest> {

    private final ApiKeys apiKeys;
    private final RateLimiter rateLimiter;

    public ApiKeyIdentityProvider(ApiKeys apiKeys, RateLimiter rateLimiter) {
        this.apiKeys = apiKeys;
        this.rateLimiter = rateLimiter;
    }

    @Override
    public Class<ApiKeyRequest> getRequestType() {
        return ApiKeyRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(ApiKeyRequest request, AuthenticationRequestContext context) {
        return apiKeys.verify(request.workspaceId(), request.apiKey()).chain(verification -> {
            if (!verification.valid()) {
                return Uni.createFrom()
                        .failure(new AuthenticationFailedException(
                                "Unknown or revoked API key for workspace " + request.workspaceId()));
            }
            return rateLimiter.acquire(verification.workspaceId()).map(admitted -> identity(verification));
        });
    }

    static SecurityIdentity identity(ApiKeyVerification v) {
        return identity(caller(v));
    }

    /** The workspace caller a verified key stands for. */
    public static WorkspaceCaller caller(ApiKeyVerification v) {
        return new WorkspaceCaller(
                v.workspaceId(),
                v.keyId(),
                v.testMode(),
                Plan.fromWire(v.plan()),
                v.addons() == null ? List.of() : v.addons(),
                v.features() == null ? List.of() : v.features(),
                null,
                v.scopes());
    }

    /** An identity whose roles are the caller's entitlements. */
    static SecurityIdentity identity(WorkspaceCaller caller) {
        QuarkusSecurityIdentity.Builder builder =
                QuarkusSecurityIdentity.builder().setPrincipal(caller).addRole(Roles.API_KEY);
        if (caller.plan().atLeast(Plan.BUILD)) {
            builder.addRole(Roles.BUILD);
        }
        if (caller.addons().contains(Roles.SCORM_HOSTING)) {
            builder.addRole(Roles.SCORM_HOSTING);
        }
        if (caller.features().contains(Roles.SCORM_EXPORT)) {
            builder.addRole(Roles.SCORM_EXPORT);
        }
        return builder.build();
    }
}

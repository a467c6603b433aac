package org.courseplatform.members.apikey;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.platform.auth.ApiKeyVerification;
import org.courseplatform.platform.auth.ApiKeyVerifier;

/** members-service owns the keys, so it checks them in its own database. */
@ApplicationScoped
public class LocalApiKeyVerifier implements ApiKeyVerifier {

    private final ApiKeyService service;

    public LocalApiKeyVerifier(ApiKeyService service) {
        this.service = service;
    }

    @Override
    public Uni<ApiKeyVerification> verify(long workspaceId, String apiKey) {
        return service.verify(workspaceId, apiKey);
    }
}

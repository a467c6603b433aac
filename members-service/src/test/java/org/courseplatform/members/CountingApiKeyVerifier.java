package org.courseplatform.members;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.util.concurrent.atomic.AtomicLong;
import org.courseplatform.members.apikey.ApiKeyService;
import org.courseplatform.platform.auth.ApiKeyVerification;
import org.courseplatform.platform.auth.ApiKeyVerifier;

/** members-service's own key check, counted, so tests can tell what reached it (as the stub counts elsewhere). */
@Alternative
@Priority(1)
@ApplicationScoped
public class CountingApiKeyVerifier implements ApiKeyVerifier {

    private final ApiKeyService keys;
    private final AtomicLong calls = new AtomicLong();

    public CountingApiKeyVerifier(ApiKeyService keys) {
        this.keys = keys;
    }

    @Override
    public Uni<ApiKeyVerification> verify(long workspaceId, String apiKey) {
        calls.incrementAndGet();
        return keys.verify(workspaceId, apiKey);
    }

    public long calls() {
        return calls.get();
    }
}

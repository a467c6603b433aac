package org.courseplatform.platform.auth;

import io.quarkus.arc.DefaultBean;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.temporal.ChronoUnit;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * Asks members-service whether a key is good. Retries briefly with jitter and opens a circuit
 * when members-service is down, so callers get a quick 503 rather than a hung request.
 */
@DefaultBean
@ApplicationScoped
public class RemoteApiKeyVerifier implements ApiKeyVerifier {

    private final MembersAuthClient client;

    public RemoteApiKeyVerifier(@RestClient MembersAuthClient client) {
        this.client = client;
    }

    @Override
    @Timeout(value = 3, unit = ChronoUnit.SECONDS)
    @Retry(maxRetries = 2, delay = 100, jitter = 50)
    @CircuitBreaker(requestVolumeThreshold = 10, failureRatio = 0.8, delay = 5, delayUnit = ChronoUnit.SECONDS)
    public Uni<ApiKeyVerification> verify(long workspaceId, String apiKey) {
        return client.verify(new MembersAuthClient.VerifyRequest(workspaceId, apiKey));
    }
}

package org.courseplatform.agent.access;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.TimeUnit;
import org.courseplatform.platform.auth.AgentCaller;
import org.courseplatform.platform.auth.ApiKeyIdentityProvider;
import org.courseplatform.platform.auth.ApiKeyVerification;
import org.courseplatform.platform.auth.MembersAuthClient;
import org.courseplatform.platform.auth.Plan;
import org.courseplatform.platform.auth.RateLimiter;
import org.courseplatform.platform.auth.WorkspaceCaller;
import org.courseplatform.platform.web.ApiException;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * The standing of the API key an agent token was minted from, asked of members-service at every
 * call and remembered for at most {@code agent.key-standing-ttl} (30 s at most): a revoked key or
 * a plan below Build stops the key's tokens within that time, not at their expiry. The answer is
 * the workspace caller the agent acts as in the owning services.
 */
@ApplicationScoped
public class KeyStanding {

    private final MembersAuthClient members;
    private final RateLimiter rateLimiter;
    private final Cache<String, ApiKeyVerification> answers;

    public KeyStanding(@RestClient MembersAuthClient members, RateLimiter rateLimiter, AgentConfig config) {
        this.members = members;
        this.rateLimiter = rateLimiter;
        long ttl = Math.min(config.keyStandingTtl().toMillis(), 30_000);
        this.answers = Caffeine.newBuilder()
                .maximumSize(100_000)
                .expireAfterWrite(ttl, TimeUnit.MILLISECONDS)
                .build();
    }

    /**
     * The caller the agent acts as.
     *
     * @throws ApiException 401 when the key is revoked or unknown, 403 when the workspace's plan
     *         is below Build, 429 over the workspace's rate limit, 503 when members-service cannot answer
     */
    public Uni<WorkspaceCaller> of(AgentCaller agent) {
        String cacheKey = agent.workspaceId() + ":" + agent.keyId();
        ApiKeyVerification known = answers.getIfPresent(cacheKey);
        Uni<ApiKeyVerification> standing = known != null
                ? Uni.createFrom().item(known)
                : members.status(agent.keyId(), agent.workspaceId())
                        .invoke(answer -> answers.put(cacheKey, answer))
                        .onFailure()
                        .transform(e -> {
                            Log.warnf("The standing of API key %d cannot be checked: %s", agent.keyId(), e.toString());
                            return ApiException.unavailable(
                                    "Agent tokens cannot be checked right now; try again shortly");
                        });
        return standing.chain(v -> {
            if (!v.valid() || v.workspaceId() == null || v.workspaceId() != agent.workspaceId()) {
                throw ApiException.unauthorized("The API key this agent token was minted from has been revoked");
            }
            WorkspaceCaller key = ApiKeyIdentityProvider.caller(v);
            if (!key.plan().atLeast(Plan.BUILD)) {
                throw ApiException.forbidden("Agent tools need the Build plan or above; this workspace is on "
                        + key.plan().wireName());
            }
            WorkspaceCaller caller = new WorkspaceCaller(
                    key.workspaceId(),
                    key.keyId(),
                    key.testMode(),
                    key.plan(),
                    key.addons(),
                    key.features(),
                    new WorkspaceCaller.Agent(agent.identifier(), agent.clientIdentifier()),
                    key.scopes());
            return rateLimiter.acquire(agent.workspaceId()).map(admitted -> caller);
        });
    }
}

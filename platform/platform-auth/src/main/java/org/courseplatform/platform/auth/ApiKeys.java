package org.courseplatform.platform.auth;

import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.quarkus.cache.CaffeineCache;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import org.courseplatform.platform.web.ApiException;

/**
 * API-key checks with a short memory. A credential that does not have the form of a key
 * ({@link ApiKeyFormat}) is refused at once: no call, nothing remembered. Answers about
 * well-formed keys are kept for at most 30 s ({@code platform.auth.api-key-cache-ttl}), so a
 * revoked key stops working everywhere within that time while a busy tenant costs
 * members-service little. Good answers and refusals live in separate caches
 * ({@value #CACHE}, 100,000 entries; {@value #REFUSALS}, 10,000): a flood of unknown keys can
 * only push out other refusals, never a good key's answer.
 */
@ApplicationScoped
public class ApiKeys {

    public static final String CACHE = "api-keys";
    public static final String REFUSALS = "api-key-refusals";

    private final ApiKeyVerifier verifier;
    private final Cache accepted;
    private final CaffeineCache refusals;

    public ApiKeys(ApiKeyVerifier verifier, @CacheName(CACHE) Cache accepted, @CacheName(REFUSALS) Cache refusals) {
        this.verifier = verifier;
        this.accepted = accepted;
        this.refusals = refusals.as(CaffeineCache.class);
    }

    public Uni<ApiKeyVerification> verify(long workspaceId, String apiKey) {
        if (!ApiKeyFormat.plausible(workspaceId, apiKey)) {
            return Uni.createFrom().item(ApiKeyVerification.invalid());
        }
        String cacheKey = workspaceId + ":" + sha256Hex(apiKey);
        if (refusals.getIfPresent(cacheKey) != null) {
            return Uni.createFrom().item(ApiKeyVerification.invalid());
        }
        // A refusal fails the load, so the good-answer cache never holds it (failed loads are not kept).
        return accepted.<String, ApiKeyVerification>getAsync(
                        cacheKey,
                        k -> verifier.verify(workspaceId, apiKey).invoke(v -> {
                            if (v == null || !v.valid()) {
                                throw new Refused();
                            }
                        }))
                .onFailure(ApiKeys::refused)
                .recoverWithItem(() -> {
                    refusals.put(cacheKey, CompletableFuture.completedFuture(Boolean.TRUE));
                    return ApiKeyVerification.invalid();
                })
                .onFailure(e -> !(e instanceof ApiException))
                .transform(e -> {
                    Log.warnf("API key verification failed: %s", e.toString());
                    return ApiException.unavailable("API keys cannot be verified right now; try again shortly");
                });
    }

    /** Forgets every remembered answer (members-service calls this when a key is revoked). */
    public Uni<Void> forgetAll() {
        return accepted.invalidateAll().chain(refusals::invalidateAll);
    }

    public static String sha256Hex(String value) {
        return HexFormat.of().formatHex(sha256(value));
    }

    public static byte[] sha256(String value) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean refused(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof Refused) {
                return true;
            }
        }
        return false;
    }

    /** members-service answered {@code valid: false}. */
    private static final class Refused extends RuntimeException {
        Refused() {
            super("refused", null, false, false);
        }
    }
}

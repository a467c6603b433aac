package org.courseplatform.platform.auth;

import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.courseplatform.platform.web.ApiException;

/**
 * API-key checks with a short memory: answers, good or bad, are kept for at most 30 s
 * ({@code quarkus.cache.caffeine."api-keys".expire-after-write}), so a revoked key stops
 * working everywhere within that time while a busy tenant costs members-service little.
 */
@ApplicationScoped
public class ApiKeys {

    public static final String CACHE = "api-keys";

    private final ApiKeyVerifier verifier;
    private final Cache cache;

    public ApiKeys(ApiKeyVerifier verifier, @CacheName(CACHE) Cache cache) {
        this.verifier = verifier;
        this.cache = cache;
    }

    public Uni<ApiKeyVerification> verify(long workspaceId, String apiKey) {
        String cacheKey = workspaceId + ":" + sha256Hex(apiKey);
        return cache.getAsync(cacheKey, k -> verifier.verify(workspaceId, apiKey))
                .onFailure(e -> !(e instanceof ApiException)).transform(e -> {
                    Log.warnf("API key verification failed: %s", e.toString());
                    return ApiException.unavailable("API keys cannot be verified right now; try again shortly");
                });
    }

    /** Forgets every remembered answer (members-service calls this when a key is revoked). */
    public Uni<Void> forgetAll() {
        return cache.invalidateAll();
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
}

package org.courseplatform.platform.auth;

import io.quarkus.logging.Log;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.ConcurrentHashMap;
import org.courseplatform.platform.web.ApiException;

/**
 * Per-client-address budget of failed authentications, per service instance, in the style of
 * {@link RateLimiter}: each failure (a malformed credential, an unknown or revoked key, a bad
 * token) takes one token from the address's bucket, and a failure from an address whose bucket
 * is empty answers 429 with Retry-After instead of 401, until the bucket refills. It is consulted
 * only once a credential has failed: a good credential is always verified and let in, however
 * many bad ones its address sent, so a flood of bogus keys from an address shared by many
 * tenants (an office's egress, a proxy that does not forward the client's address) locks out
 * nobody. Keys and tokens are too long to guess, so refusing before the check would protect
 * nothing; the refusals themselves are cheap. The address is {@link ClientAddresses}'s.
 */
@ApplicationScoped
public class FailedAuthentications {

    static final int MAX_BUCKETS = 10_000;

    private final AuthConfig.FailureLimit config;
    private final ConcurrentHashMap<String, RateLimiter.Bucket> buckets = new ConcurrentHashMap<>();

    @Inject
    public FailedAuthentications(AuthConfig config) {
        this.config = config.failureLimit();
    }

    FailedAuthentications(AuthConfig.FailureLimit config) {
        this.config = config;
    }

    /**
     * Counts one failed authentication of {@code address} and gives what to answer: the failure
     * itself while the address has failures left, else 429.
     */
    public Throwable refused(String address, Throwable failure) {
        return refused(address, failure, System.nanoTime());
    }

    Throwable refused(String address, Throwable failure, long now) {
        if (config.perMinute() <= 0) {
            return failure;
        }
        if (buckets.size() >= MAX_BUCKETS) {
            prune(now);
        }
        long waitNanos = buckets.computeIfAbsent(address, a -> new RateLimiter.Bucket(config.burst()))
                .take(perSecond(), config.burst(), now);
        if (waitNanos <= 0) {
            return failure;
        }
        long seconds = Math.max(1, (waitNanos + 999_999_999L) / 1_000_000_000L);
        Log.debugf("Failed authentications from %s over the limit; answering 429 for %d s", address, seconds);
        return ApiException.tooManyRequests(
                "Too many failed authentications from this address; retry in " + seconds + " s", seconds);
    }

    /**
     * Forgets buckets that have refilled (a full bucket is what a new one would be). Should a
     * flood from more addresses than that fill the map anyway, it is cleared: memory stays bounded
     * and the limit starts over, as after a restart.
     */
    private void prune(long now) {
        buckets.values().removeIf(b -> b.waitNanos(perSecond(), config.burst(), now) == 0 && b.full(config.burst()));
        if (buckets.size() >= MAX_BUCKETS) {
            buckets.clear();
        }
    }

    private double perSecond() {
        return config.perMinute() / 60.0;
    }
}

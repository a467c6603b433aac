package org.courseplatform.platform.auth;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.ConcurrentHashMap;
import org.courseplatform.platform.web.ApiException;

/**
 * Per-client-address budget of failed authentications, per service instance, in the style of
 * {@link RateLimiter}: each failure (a malformed credential, an unknown or revoked key, a bad
 * token) takes one token from the address's bucket; an address whose bucket is empty gets 429
 * with Retry-After for every credential it sends, before any check or call, until the bucket
 * refills. Other addresses are not affected. The address is {@link ClientAddresses}'s.
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

    /** Throws 429 when {@code address} has used up its failures; takes nothing. */
    public void check(String address) {
        check(address, System.nanoTime());
    }

    void check(String address, long now) {
        if (config.perMinute() <= 0) {
            return;
        }
        RateLimiter.Bucket bucket = buckets.get(address);
        if (bucket == null) {
            return;
        }
        long waitNanos = bucket.waitNanos(perSecond(), config.burst(), now);
        if (waitNanos > 0) {
            long seconds = Math.max(1, (waitNanos + 999_999_999L) / 1_000_000_000L);
            throw ApiException.tooManyRequests(
                    "Too many failed authentications from this address; retry in " + seconds + " s", seconds);
        }
    }

    /** Counts one failed authentication of {@code address}. */
    public void failed(String address) {
        failed(address, System.nanoTime());
    }

    void failed(String address, long now) {
        if (config.perMinute() <= 0) {
            return;
        }
        if (buckets.size() >= MAX_BUCKETS) {
            prune(now);
        }
        buckets.computeIfAbsent(address, a -> new RateLimiter.Bucket(config.burst()))
                .take(perSecond(), config.burst(), now);
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

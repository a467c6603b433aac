package org.courseplatform.platform.auth;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.ConcurrentHashMap;
import org.courseplatform.platform.web.ApiException;

/**
 * Per-workspace token buckets, per service instance: a tenant that floods one service gets 429
 * with Retry-After instead of slowing every other tenant down.
 */
@ApplicationScoped
public class RateLimiter {

    private final Config config;
    private final ConcurrentHashMap<Long, Bucket> buckets = new ConcurrentHashMap<>();

    public RateLimiter(Config config) {
        this.config = config;
    }

    /** Takes one request from the workspace's bucket, or throws 429. */
    public void acquire(long workspaceId) {
        if (config.perSecond() <= 0) {
            return;
        }
        if (buckets.size() > MAX_BUCKETS) {
            prune();
        }
        Bucket bucket = buckets.computeIfAbsent(workspaceId, id -> new Bucket(config.burst()));
        long waitNanos = bucket.take(config.perSecond(), config.burst(), System.nanoTime());
        if (waitNanos > 0) {
            long seconds = Math.max(1, (waitNanos + 999_999_999L) / 1_000_000_000L);
            throw ApiException.tooManyRequests(
                    "Too many requests for this workspace; retry in " + seconds + " s", seconds);
        }
    }

    /** Forgets buckets idle for a minute: a full bucket is what a new one would be anyway. */
    private void prune() {
        long cutoff = System.nanoTime() - 60_000_000_000L;
        buckets.values().removeIf(b -> b.idleSince(cutoff));
    }

    private static final int MAX_BUCKETS = 10_000;

    static final class Bucket {
        private double tokens;
        private long updated = System.nanoTime();

        Bucket(int burst) {
            this.tokens = burst;
        }

        /** Whether the bucket holds its whole burst (after the last refill). */
        synchronized boolean full(int burst) {
            return tokens >= burst;
        }

        synchronized boolean idleSince(long cutoff) {
            return updated < cutoff;
        }

        /**
         * 0 when a token was taken, else how long until one is available. The refill is computed
         * in floating point: {@code (now - updated) * perSecond} as a long overflows after about
         * 106 idle days at 1,000 per second and would lock the workspace out.
         */
        synchronized long take(double perSecond, int burst, long now) {
            refill(perSecond, burst, now);
            if (tokens >= 1) {
                tokens -= 1;
                return 0;
            }
            return (long) ((1 - tokens) * 1e9 / perSecond);
        }

        /** Like {@link #take} without taking: 0 when a token is there, else how long until one is. */
        synchronized long waitNanos(double perSecond, int burst, long now) {
            refill(perSecond, burst, now);
            return tokens >= 1 ? 0 : (long) ((1 - tokens) * 1e9 / perSecond);
        }

        private void refill(double perSecond, int burst, long now) {
            double elapsedSeconds = Math.max(0, now - updated) / 1e9;
            tokens = Math.min(burst, tokens + elapsedSeconds * perSecond);
            updated = now;
        }
    }

    /** {@code platform.rate-limit.*}: requests per second and burst per workspace; 0 turns it off. */
    @ConfigMapping(prefix = "platform.rate-limit")
    public interface Config {

        @WithDefault("1000")
        int perSecond();

        @WithDefault("2000")
        int burst();
    }
}

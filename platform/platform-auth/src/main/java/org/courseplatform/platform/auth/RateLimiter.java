package org.courseplatform.platform.auth;

import io.quarkus.logging.Log;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Workers;

/**
 * Per-workspace request limits that hold across every replica of a service: a tenant that floods
 * the platform gets 429 with Retry-After instead of slowing every other tenant down, however many
 * instances serve it.
 *
 * <p>The budget is a token bucket in the database ({@link RateLimitStore}), shared by the
 * replicas. Asking it on every request would put a database round trip on the hottest reads, so
 * each instance takes a small lease of {@code batch} tokens at a time and spends it locally; a
 * lease not spent within a second lapses, so leases never pile up into more than the limit. The
 * limit therefore holds exactly across replicas (never more than the shared bucket grants), and at
 * most {@code batch} tokens per replica per second go unused. Once the bucket answered empty, the
 * instance refuses without asking again until {@code batch} tokens have refilled, so a flooding
 * workspace costs the database a few calls a second. While the database cannot be asked (it is
 * down, or slow), each instance falls back to a bucket of its own.
 */
@ApplicationScoped
public class RateLimiter {

    private static final Uni<Void> ADMITTED = Uni.createFrom().voidItem();
    private static final long LEASE_NANOS = 1_000_000_000L;
    private static final int MAX_RENEWALS = 10;

    private final Config config;
    private final RateLimitStore store;
    private final ConcurrentHashMap<Long, Lease> leases = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Long, Bucket> buckets = new ConcurrentHashMap<>();

    public RateLimiter(Config config, RateLimitStore store) {
        this.config = config;
        this.store = store;
    }

    /** Takes one request from the workspace's budget; fails with 429 when it is spent. */
    public Uni<Void> acquire(long workspaceId) {
        if (config.perSecond() <= 0) {
            return ADMITTED;
        }
        if (leases.size() > MAX_BUCKETS) {
            prune();
        }
        return acquire(workspaceId, leases.computeIfAbsent(workspaceId, id -> new Lease()), 0);
    }

    private Uni<Void> acquire(long workspaceId, Lease lease, int renewals) {
        long now = System.nanoTime();
        if (lease.take(now)) {
            return ADMITTED;
        }
        long spent = lease.spentFor(now);
        if (spent > 0) {
            // The shared bucket was empty a moment ago: refuse without asking it again, so a
            // flooding workspace costs the database a few calls a second, not one per request.
            return Uni.createFrom().failure(tooMany(spent));
        }
        return onOwnContext(lease.renew(
                        wanted -> store.take(
                                        workspaceId,
                                        config.perSecond(),
                                        config.burst(),
                                        Math.min(config.burst(), wanted))
                                .onFailure()
                                .recoverWithItem(e -> {
                                    Log.debugf(
                                            "Shared rate limit unavailable (%s); this instance limits on its own",
                                            e.toString());
                                    return null;
                                }),
                        batch()))
                .chain(grant -> {
                    if (grant == null) {
                        acquireLocally(workspaceId);
                        return ADMITTED;
                    }
                    if (lease.take(System.nanoTime())) {
                        return ADMITTED;
                    }
                    if (grant.granted() > 0 && renewals < MAX_RENEWALS) {
                        // Requests that queued behind this renewal spent it first; the bucket had
                        // tokens, so ask again (for at least as many as are waiting).
                        return acquire(workspaceId, lease, renewals + 1);
                    }
                    if (grant.granted() > 0) {
                        return Uni.createFrom().failure(tooMany(1));
                    }
                    long waitNanos = (long) (Math.max(0, batch() - grant.tokens()) * 1e9 / config.perSecond());
                    lease.spent(System.nanoTime() + waitNanos);
                    return Uni.createFrom().failure(tooMany(waitNanos));
                });
    }

    /**
     * The renewal is shared, so it answers on the context of the request that started it. Every
     * other request waiting on it goes on on its own context ({@link Workers#on}): a router step
     * run from another event loop races the request's own (Vert.x's body handler then fails with
     * "Request has already been read").
     */
    private static <T> Uni<T> onOwnContext(Uni<T> shared) {
        Context own = Vertx.currentContext();
        return own == null ? shared : shared.emitOn(Workers.on(own));
    }

    /** The per-instance bucket, while the shared one cannot be asked. */
    private void acquireLocally(long workspaceId) {
        Bucket bucket = buckets.computeIfAbsent(workspaceId, id -> new Bucket(config.burst()));
        long waitNanos = bucket.take(config.perSecond(), config.burst(), System.nanoTime());
        if (waitNanos > 0) {
            throw tooMany(waitNanos);
        }
    }

    private int batch() {
        return Math.max(1, Math.min(config.batch(), config.burst()));
    }

    private static ApiException tooMany(long waitNanos) {
        long seconds = Math.max(1, (waitNanos + 999_999_999L) / 1_000_000_000L);
        return ApiException.tooManyRequests(
                "Too many requests for this workspace; retry in " + seconds + " s", seconds);
    }

    /** Forgets leases and buckets idle for a minute: a fresh one is what they would be anyway. */
    private void prune() {
        long cutoff = System.nanoTime() - 60_000_000_000L;
        leases.values().removeIf(l -> l.idleSince(cutoff));
        buckets.values().removeIf(b -> b.idleSince(cutoff));
    }

    private static final int MAX_BUCKETS = 10_000;

    /**
     * The tokens this instance holds of a workspace's shared bucket. Requests that find it empty
     * share one renewal: a burst of them costs one database call, not one each.
     */
    static final class Lease {
        private int tokens;
        private long expires;
        private long spentUntil;
        private int waiting;
        private long used = System.nanoTime();
        private Uni<RateLimitStore.Grant> renewal;

        synchronized boolean take(long now) {
            used = now;
            if (tokens > 0 && now - expires < 0) {
                tokens--;
                return true;
            }
            return false;
        }

        /** How long the shared bucket is known to stay empty; 0 when it may hold tokens. */
        synchronized long spentFor(long now) {
            return spentUntil - now > 0 ? spentUntil - now : 0;
        }

        synchronized void spent(long until) {
            spentUntil = until;
        }

        synchronized boolean idleSince(long cutoff) {
            return used - cutoff < 0 && renewal == null;
        }

        /**
         * The renewal in flight, or a new one from {@code fetch} asking for at least as many
         * tokens as requests are waiting; its grant is credited once.
         */
        synchronized Uni<RateLimitStore.Grant> renew(Function<Integer, Uni<RateLimitStore.Grant>> fetch, int batch) {
            waiting++;
            if (renewal == null) {
                AtomicReference<Uni<RateLimitStore.Grant>> self = new AtomicReference<>();
                self.set(fetch.apply(Math.max(batch, waiting))
                        .invoke(this::credit)
                        .eventually(() -> finished(self.get()))
                        .memoize()
                        .indefinitely());
                renewal = self.get();
            }
            return renewal.eventually(this::left);
        }

        private synchronized void left() {
            waiting--;
        }

        private synchronized void credit(RateLimitStore.Grant grant) {
            if (grant == null) {
                return;
            }
            long now = System.nanoTime();
            if (now - expires >= 0) {
                tokens = 0;
            }
            tokens += grant.granted();
            expires = now + LEASE_NANOS;
        }

        private synchronized void finished(Uni<RateLimitStore.Grant> done) {
            if (renewal == done) {
                renewal = null;
            }
        }
    }

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

    /**
     * {@code platform.rate-limit.*}: requests per second and burst per workspace, per service
     * across its replicas (0 turns it off); {@code batch}: the tokens an instance takes from the
     * shared bucket at a time.
     */
    @ConfigMapping(prefix = "platform.rate-limit")
    public interface Config {

        @WithDefault("1000")
        int perSecond();

        @WithDefault("2000")
        int burst();

        @WithDefault("20")
        int batch();
    }
}

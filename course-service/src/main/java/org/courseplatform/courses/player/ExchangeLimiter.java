package org.courseplatform.courses.player;

import io.quarkus.logging.Log;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.courseplatform.platform.web.ApiException;

/**
 * Token buckets that bound a public exchange needing no key, whose code or token is the
 * credential (share links, dynamic SCORM launches), consulted only once the credential has been
 * checked: {@link #refused} counts a refused one against its client address, {@link #admit} a
 * good one against the whole instance. A flood of bogus credentials from one address gets 429
 * with Retry-After for its further bogus ones, and never refuses a good one, from that address or
 * any other; a flood of good ones is held at the per-second bound.
 */
public class ExchangeLimiter {

    private static final int MAX_ADDRESSES = 10_000;

    private final ConcurrentHashMap<String, Bucket> addresses = new ConcurrentHashMap<>();
    private final Bucket all;
    private final double addressRate;
    private final int addressBurst;
    private final double globalRate;
    private final LongSupplier clock;
    private final String busy;

    /** {@code busy} starts the 429's message, which goes on "; try again in N s". */
    protected ExchangeLimiter(ExchangeLimits config, LongSupplier clock, String busy) {
        this.busy = busy;
        this.addressRate = config.perAddressPerMinute() / 60.0;
        this.addressBurst = Math.max(1, config.perAddressBurst());
        this.globalRate = config.perSecond();
        this.clock = clock;
        this.all = new Bucket(Math.max(1, config.perSecond() * 2), clock.getAsLong());
    }

    /** Takes one exchange of a code found good from the instance's bound, or throws 429. */
    public void admit() {
        if (globalRate > 0) {
            refuseIfWaiting(all.take(globalRate, (int) Math.max(1, globalRate * 2), clock.getAsLong()));
        }
    }

    /**
     * Counts one refused exchange of {@code address} and gives what to answer: the refusal itself
     * while the address has refusals left, else 429 with Retry-After.
     */
    public Throwable refused(String address, Throwable refusal) {
        if (addressRate <= 0) {
            return refusal;
        }
        long now = clock.getAsLong();
        long waitNanos = addressBucket(address, now).take(addressRate, addressBurst, now);
        if (waitNanos <= 0) {
            return refusal;
        }
        long seconds = seconds(waitNanos);
        Log.debugf("Refused exchanges from %s over the limit; answering 429 for %d s", address, seconds);
        return ApiException.tooManyRequests(
                "Too many refused attempts from this address; try again in " + seconds + " s", seconds);
    }

    private Bucket addressBucket(String address, long now) {
        if (addresses.size() > MAX_ADDRESSES) {
            addresses.values().removeIf(b -> b.idleSince(now - 120_000_000_000L));
        }
        return addresses.computeIfAbsent(address == null ? "" : address, a -> new Bucket(addressBurst, now));
    }

    private void refuseIfWaiting(long waitNanos) {
        if (waitNanos > 0) {
            long seconds = seconds(waitNanos);
            throw ApiException.tooManyRequests(busy + "; try again in " + seconds + " s", seconds);
        }
    }

    private static long seconds(long waitNanos) {
        return Math.max(1, (waitNanos + 999_999_999L) / 1_000_000_000L);
    }

    private static final class Bucket {
        private double tokens;
        private long updated;

        Bucket(int burst, long now) {
            this.tokens = burst;
            this.updated = now;
        }

        synchronized boolean idleSince(long cutoff) {
            return updated < cutoff;
        }

        /** 0 when a token was taken, else the nanoseconds until one is there. */
        synchronized long take(double perSecond, int burst, long now) {
            tokens = Math.min(burst, tokens + Math.max(0, now - updated) / 1e9 * perSecond);
            updated = now;
            if (tokens >= 1) {
                tokens -= 1;
                return 0;
            }
            return (long) ((1 - tokens) * 1e9 / perSecond);
        }
    }
}

package org.courseplatform.courses.player;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.courseplatform.platform.web.ApiException;

/**
 * Token buckets that bound a public exchange needing no key (share links, dynamic SCORM
 * launches): one per client address and one for the whole instance. A flood from one address
 * gets 429 with Retry-After without locking out other learners; a spread flood is held at the
 * per-second bound.
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

    /** Takes one exchange for {@code address}, or throws 429 with the seconds to wait. */
    public void acquire(String address) {
        long now = clock.getAsLong();
        if (addressRate > 0) {
            if (addresses.size() > MAX_ADDRESSES) {
                addresses.values().removeIf(b -> b.idleSince(now - 120_000_000_000L));
            }
            Bucket bucket =
                    addresses.computeIfAbsent(address == null ? "" : address, a -> new Bucket(addressBurst, now));
            refuseIfWaiting(bucket.take(addressRate, addressBurst, now));
        }
        if (globalRate > 0) {
            refuseIfWaiting(all.take(globalRate, (int) Math.max(1, globalRate * 2), now));
        }
    }

    private void refuseIfWaiting(long waitNanos) {
        if (waitNanos > 0) {
            long seconds = Math.max(1, (waitNanos + 999_999_999L) / 1_000_000_000L);
            throw ApiException.tooManyRequests(busy + "; try again in " + seconds + " s", seconds);
        }
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

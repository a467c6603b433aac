package org.courseplatform.webhooks.delivery;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * When the next attempt is due after a failed one: the configured delay for that attempt
 * (about 1 m, 5 m, 30 m, 2 h, 6 h by default; the last repeats), spread by ± jitter so that
 * deliveries that failed together do not all come back at the same instant.
 */
public final class RetrySchedule {

    private final List<Duration> delays;
    private final double jitter;

    public RetrySchedule(List<Duration> delays, double jitter) {
        if (delays.isEmpty()) {
            throw new IllegalArgumentException("webhooks.retry.delays must name at least one delay");
        }
        if (jitter < 0 || jitter >= 1) {
            throw new IllegalArgumentException("webhooks.retry.jitter must be in [0, 1)");
        }
        this.delays = List.copyOf(delays);
        this.jitter = jitter;
    }

    /** The nominal delay after failed attempt number {@code attempt} (1-based). */
    public Duration nominal(int attempt) {
        return delays.get(Math.min(Math.max(attempt, 1), delays.size()) - 1);
    }

    /** The delay with jitter, in milliseconds. */
    public long delayMillis(int attempt) {
        long base = nominal(attempt).toMillis();
        double factor =
                jitter == 0 ? 1 : 1 - jitter + ThreadLocalRandom.current().nextDouble() * 2 * jitter;
        return Math.max(0, Math.round(base * factor));
    }
}

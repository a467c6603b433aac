package org.courseplatform.platform.testing.fuzz;

import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How long a run is and which sequence it sends. A run stops at {@code requests} or after
 * {@code seconds}, whichever comes first; the same seed against the same build sends the same
 * requests in the same order, so a failure is replayed with its seed.
 *
 * @param timeoutSeconds how long one request may take before it counts as a failure (a hang)
 * @param log a file that gets one line per request (index, status, mutation, summary), or null
 */
public record FuzzSettings(long seed, int requests, int seconds, int timeoutSeconds, Path log) {

    /**
     * From the system properties {@code fuzz.seed} (default: random), {@code fuzz.requests},
     * {@code fuzz.seconds}, {@code fuzz.timeout} (default 30) and {@code fuzz.log} (a file; default none).
     */
    public static FuzzSettings fromSystemProperties(int defaultRequests, int defaultSeconds) {
        String seed = System.getProperty("fuzz.seed", "").trim();
        return new FuzzSettings(
                seed.isEmpty() ? ThreadLocalRandom.current().nextLong(1L << 48) : Long.parseLong(seed),
                Integer.getInteger("fuzz.requests", defaultRequests),
                Integer.getInteger("fuzz.seconds", defaultSeconds),
                Integer.getInteger("fuzz.timeout", 30),
                System.getProperty("fuzz.log", "").isBlank() ? null : Path.of(System.getProperty("fuzz.log")));
    }
}

package org.courseplatform.courses.thumbnail;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** {@code courses.thumbnail.*}: the capture worker. */
@ConfigMapping(prefix = "courses.thumbnail")
public interface ThumbnailConfig {

    /** Whether this instance renders captures. */
    @WithDefault("true")
    boolean workerEnabled();

    /** How often an idle worker looks for queued captures (read by the scheduler). */
    @WithDefault("1s")
    String pollInterval();

    /** How long a claimed capture may run before another worker takes it over. */
    @WithDefault("60S")
    Duration lease();

    /** Attempts before a capture is marked failed. */
    @WithDefault("3")
    int maxAttempts();

    /** Timeout and size cap when fetching a course's first image. */
    @WithDefault("5S")
    Duration fetchTimeout();

    @WithDefault("10485760")
    int fetchMaxBytes();

    /** Lets the fetcher reach private and loopback addresses: for local tests only. */
    @WithDefault("false")
    boolean fetchPrivateAddresses();
}

package org.courseplatform.migrations.batch;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** {@code migrations.*}: the batch workers. */
@ConfigMapping(prefix = "migrations")
public interface WorkerConfig {

    Worker worker();

    interface Worker {

        /** Whether this instance works on batch items. */
        @WithDefault("true")
        boolean enabled();

        /** How often an idle instance looks for pending items (read by the scheduler). */
        @WithDefault("1s")
        String pollInterval();

        /** Items one instance migrates at the same time. */
        @WithDefault("2")
        int concurrency();

        /** How long a claimed item may run before another worker takes it over. */
        @WithDefault("60S")
        Duration lease();

        /**
         * Attempts before an item whose course-service call keeps failing is marked failed: with
         * the back-off, about 7 minutes, so a restart of course-service fails no item.
         */
        @WithDefault("5")
        int maxAttempts();

        /** Wait before the first retry of an item whose course-service call failed; four times longer each time after. */
        @WithDefault("5S")
        Duration retryDelay();
    }
}

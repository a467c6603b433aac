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

        /** Attempts before an item whose course-service call keeps failing is marked failed. */
        @WithDefault("3")
        int maxAttempts();

        /** Wait before retrying an item whose course-service call failed, times the attempts so far. */
        @WithDefault("2S")
        Duration retryDelay();
    }
}

package org.courseplatform.platform.events;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Relay settings ({@code platform.outbox.*}). */
@ConfigMapping(prefix = "platform.outbox")
public interface OutboxConfig {

    /** Whether this instance relays its outbox to Kafka. */
    @WithDefault("true")
    boolean relayEnabled();

    /** Rows published per transaction. */
    @WithDefault("500")
    int batchSize();

    /** How long published rows stay in the table for inspection. */
    @WithDefault("P1D")
    Duration retention();
}

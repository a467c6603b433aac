package org.courseplatform.webhooks;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** {@code webhooks.*}: secrets, retries, address safety, trust, the sender and the log's retention. */
@ConfigMapping(prefix = "webhooks")
public interface WebhooksConfig {

    /**
     * AES-256 key (base64 of 32 bytes) that encrypts endpoint signing secrets at rest. Required:
     * the service does not start without it.
     */
    String secretKey();

    /** Earlier keys (base64), still accepted for decryption while secrets are re-encrypted after a rotation. */
    Optional<List<String>> previousSecretKeys();

    Retry retry();

    /** Whole-request timeout of one delivery attempt (SPEC: 10 seconds). */
    @WithDefault("10s")
    Duration timeout();

    /**
     * CIDR blocks (IPv4 or IPv6, e.g. {@code 127.0.0.1/32,::1/128}) an operator allows although they are
     * loopback, private, link-local or otherwise non-public. Empty: only public unicast addresses.
     */
    Optional<List<String>> allowedAddresses();

    /** PEM file(s) of CA certificates trusted in addition to the JDK's default trust store. */
    Optional<List<String>> trustCa();

    /** Endpoints one workspace may have; more answer 422. */
    @WithDefault("100")
    int maxEndpointsPerWorkspace();

    Sender sender();

    /**
     * How long a finished delivery (succeeded or failed) is kept after its last activity (its last
     * recorded attempt or replay); then it and its attempts are purged, so the delivery log does
     * not grow forever. Pending deliveries are never purged. 30 days leaves a month to look into a
     * failure and replay it; a replay counts as activity and keeps the delivery another period.
     */
    @WithDefault("30d")
    Duration retention();

    Purge purge();

    /** {@code webhooks.retry.*}: the automatic retry schedule. */
    interface Retry {

        /** Delays after the 1st, 2nd, ... failed attempt; the last repeats if the budget is larger. */
        @WithDefault("1m,5m,30m,2h,6h")
        List<Duration> delays();

        /** Attempt budget stored on each delivery when it is queued (SPEC: 6; 4 under the older schedule). */
        @WithDefault("6")
        int maxAttempts();

        /** Each delay is drawn uniformly from {@code delay × (1 ± jitter)}. */
        @WithDefault("0.1")
        double jitter();
    }

    /** {@code webhooks.sender.*}: the worker that claims and sends due deliveries. */
    interface Sender {

        /** Whether this instance sends deliveries (every replica does by default). */
        @WithDefault("true")
        boolean enabled();

        /** How often an idle sender looks for due deliveries (retries); new ones wake it at once. */
        @WithDefault("1s")
        Duration pollInterval();

        /**
         * How long a claimed delivery stays with its sender; after that another sender may take it.
         * At least the timeout plus 30 s.
         */
        @WithDefault("60s")
        Duration lease();

        /** Rows claimed per statement. */
        @WithDefault("200")
        int batchSize();

        /** Requests in flight per instance. */
        @WithDefault("512")
        int maxInFlight();

        /**
         * Requests in flight per endpoint and instance, so a slow endpoint cannot take every slot.
         * One endpoint's rate is about this over the time of one attempt: 64 carries 2,000
         * deliveries/s to an endpoint answering in 32 ms (attempts to a fast local receiver
         * averaged 19 ms on a loaded machine), where 32 topped out below that.
         */
        @WithDefault("64")
        int maxInFlightPerEndpoint();

        /**
         * Connections per destination (host and port) and instance. Larger than the per-endpoint
         * limit, so several endpoints on one host do not wait for each other's connections.
         */
        @WithDefault("128")
        int maxConnectionsPerHost();

        /** Largest response body read (and discarded); a longer one ends the connection. */
        @WithDefault("65536")
        int maxResponseBytes();
    }

    /** {@code webhooks.purge.*}: the job that deletes deliveries past {@link #retention()}. */
    interface Purge {

        /**
         * How often each replica purges. Replicas running at once share the rows (SKIP LOCKED); a run
         * still going when the next is due makes that one skip.
         */
        @WithDefault("10m")
        Duration interval();

        /**
         * Deliveries deleted per statement, each its own short transaction, so a purge never holds
         * many row locks or a long transaction (which would hold back vacuum); a run repeats
         * statements until one deletes fewer.
         */
        @WithDefault("5000")
        int batchSize();
    }
}

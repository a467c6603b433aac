package org.courseplatform.scorm.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/**
 * {@code scorm.*}: upload, safety limits (API.md, Hosted SCORM), the processing worker, the player
 * and the housekeeping that purges expired upload slots, failed packages' originals and sessions.
 */
@ConfigMapping(prefix = "scorm")
public interface ScormConfig {

    Upload upload();

    Limits limits();

    Worker worker();

    Player player();

    Purge purge();

    interface Upload {
        /** Largest zip accepted, in bytes (200 MiB by default). */
        @WithDefault("209715200")
        long maxBytes();

        /** Lifetime of the presigned PUT URL and of the upload hash. */
        @WithDefault("1H")
        Duration urlTtl();

        /** Lifetime of the presigned GET URL of the original zip. */
        @WithDefault("5M")
        Duration downloadTtl();

        /**
         * The S3 endpoint written into presigned URLs, when clients reach S3 under another
         * address than the service does. Defaults to the service's own endpoint.
         */
        Optional<String> publicEndpoint();
    }

    /** The archive safety limits; see {@link org.courseplatform.scorm.processing.ZipSafety}. */
    interface Limits {
        @WithDefault("10000")
        int maxEntries();

        @WithDefault("1073741824")
        long maxExpandedBytes();

        @WithDefault("100")
        int maxRatio();

        /** Entries expanding to more than this are held to {@link #maxRatio()} one by one. */
        @WithDefault("1048576")
        long ratioEntryThreshold();

        @WithDefault("4194304")
        int maxManifestBytes();
    }

    interface Worker {
        /** Whether this instance processes packages. */
        @WithDefault("true")
        boolean enabled();

        /** How often an idle worker looks for uploaded packages (read by the scheduler). */
        @WithDefault("1s")
        String pollInterval();

        /**
         * How long a claimed package may go unrenewed before another worker takes it over. The
         * worker renews it every third of it while processing, so it bounds how long a package
         * whose worker was killed waits, not how long processing may take.
         */
        @WithDefault("90S")
        Duration lease();

        /**
         * Attempts after infrastructure failures (S3, course-service) before the package fails;
         * with the back-off between them (5 s, 20 s, 80 s, 300 s) five ride out a 6-minute outage.
         */
        @WithDefault("5")
        int maxAttempts();
    }

    interface Player {
        /** Lifetime of a signed embed URL. */
        @WithDefault("3H")
        Duration embedTtl();

        /** Lifetime of a player session opened from it. */
        @WithDefault("8H")
        Duration sessionTtl();

        /** Largest runtime commit accepted, in bytes. */
        @WithDefault("1048576")
        int maxCommitBytes();

        /**
         * Base URL of the content origin: the launch page, the player, the package's files and the
         * runtime are served there and never on the API's origin. {@code {session}} as the first
         * host label gives every launch its own host (see
         * {@link org.courseplatform.scorm.player.ContentOrigin}). The default suits the local suite,
         * where {@code *.localhost} resolves to the loopback address.
         */
        @WithDefault("http://{session}.content.localhost:8080")
        String contentOrigin();

        /**
         * The CSP {@code frame-ancestors} sources of the launch page, the player and the overview:
         * who may frame them. Embeds are framed by tenants' pages, hence {@code *} by default; a
         * deployment that knows its tenants' origins lists them (space-separated).
         */
        @WithDefault("*")
        String frameAncestors();
    }

    /**
     * Housekeeping ({@link org.courseplatform.scorm.housekeeping.Housekeeping}): expired upload
     * slots (with the zip PUT for them, and the copy of one that never became a package), the
     * originals of failed packages and expired player sessions would otherwise stay forever.
     * Tracking records and CMI data are learner data and never purged.
     */
    interface Purge {
        /** How often the purge runs (read by the scheduler); {@code off} disables it on this instance. */
        @WithDefault("10m")
        String interval();

        /**
         * How long after its expiry an upload slot or a session is kept: a large upload
         * started just before its URL expired may still be arriving at S3, and a session is
         * useless from its expiry, so the margin only keeps recent rows for support.
         */
        @WithDefault("1H")
        Duration grace();

        /**
         * How long the original zip of a failed package is kept after it failed (for the
         * download and for support); then it is deleted. The package row and its error stay.
         */
        @WithDefault("7D")
        Duration failedOriginalRetention();

        /** Rows per round, each round one transaction, so one run never holds many locks at once. */
        @WithDefault("500")
        int batchSize();
    }
}

package org.courseplatform.scorm.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** {@code scorm.*}: upload, safety limits (API.md, Hosted SCORM), the processing worker and the player. */
@ConfigMapping(prefix = "scorm")
public interface ScormConfig {

    Upload upload();

    Limits limits();

    Worker worker();

    Player player();

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

        /** How long a claimed package may be processed before another worker takes it over. */
        @WithDefault("10M")
        Duration lease();

        /** Package files stored to S3 at the same time while a package is extracted. */
        @WithDefault("4")
        int uploadParallelism();

        /** Attempts after infrastructure failures (S3, course-service) before the package fails. */
        @WithDefault("3")
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
    }
}

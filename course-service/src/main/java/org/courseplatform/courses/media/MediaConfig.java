package org.courseplatform.courses.media;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** {@code courses.media.*}: the media library's limits, upload slots and housekeeping (docs/media.md). */
@ConfigMapping(prefix = "courses.media")
public interface MediaConfig {

    /** Largest image accepted, in bytes (25 MiB: a 20 MB photo fits). */
    @WithDefault("26214400")
    long imageMaxBytes();

    /** Largest image accepted, in pixels (width x height), checked before any pixel is decoded. */
    @WithDefault("50000000")
    long imageMaxPixels();

    /** Largest audio file accepted, in bytes (100 MiB). */
    @WithDefault("104857600")
    long audioMaxBytes();

    /** Largest video file accepted, in bytes (500 MiB). */
    @WithDefault("524288000")
    long videoMaxBytes();

    /** Timeout of fetching a file for an import by URL (POST /v1/headless/media/from-url). */
    @WithDefault("20S")
    Duration fetchTimeout();

    /** Lets the import by URL reach private and loopback addresses: for local tests only. */
    @WithDefault("false")
    boolean fetchPrivateAddresses();

    /** Quality of the JPEG variants of opaque images (0-1). */
    @WithDefault("0.85")
    float jpegQuality();

    /** Images processed at once by one instance; the others wait (bounds memory). */
    @WithDefault("2")
    int concurrentProcessing();

    /** Lifetime of the presigned PUT URL and of the pending slot. */
    @WithDefault("1H")
    Duration uploadTtl();

    /**
     * The S3 endpoint written into presigned URLs, when browsers reach S3 under another address
     * than the service does. Defaults to {@code platform.s3.endpoint}.
     */
    Optional<String> publicEndpoint();

    /**
     * The origin the builder's pages may send uploads to (their CSP {@code connect-src}).
     * Defaults to the origin of the presign endpoint.
     */
    Optional<String> uploadOrigin();

    Purge purge();

    interface Purge {
        /** How often expired pending slots are purged (read by the scheduler). */
        @WithDefault("10m")
        String interval();

        /** How long after its expiry a pending slot is kept, so an upload just in time can still complete. */
        @WithDefault("1H")
        Duration grace();

        /**
         * How long a deleted course stays restorable with its media: after it, the media uploaded
         * for it that no live course or library screen uses are purged.
         */
        @WithDefault("30D")
        Duration deletedCourseRetention();

        /** Slots removed per round. */
        @WithDefault("100")
        int batchSize();
    }
}

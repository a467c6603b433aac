package org.courseplatform.scorm.processing;

/** The safety limits an archive is held to (API.md, Hosted SCORM); all configurable. */
public record ZipLimits(
        int maxEntries, long maxExpandedBytes, int maxRatio, long ratioEntryThreshold, int maxManifestBytes) {

    public static final ZipLimits DEFAULTS = new ZipLimits(10_000, 1L << 30, 100, 1L << 20, 4 << 20);
}

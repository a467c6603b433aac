package org.courseplatform.scorm.processing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Validates a downloaded package and hands its files to a sink. Every check (archive safety,
 * manifest, version, sequencing, launch files) runs before the first file is extracted, so a
 * rejected package writes nothing. Files are extracted one at a time through a temporary file
 * whose name does not derive from the entry, so no entry name ever becomes a local path.
 */
public final class PackageProcessor {

    /** Where the extracted files go; {@code path} is the checked relative path. */
    public interface FileSink {
        void put(String path, Path file, String contentType) throws IOException;
    }

    /** The outcome of a package that passed. */
    public record Result(Manifest manifest, int fileCount, long expandedBytes) {
    }

    private PackageProcessor() {
    }

    /** Runs every check without extracting: for tests and fuzzing. */
    public static Manifest validate(Path zip, String packageName, ZipLimits limits) throws Rejection, IOException {
        try (SafeArchive archive = SafeArchive.open(zip, limits)) {
            return manifest(archive, packageName, limits);
        }
    }

    public static Result process(Path zip, String packageName, ZipLimits limits, Path workDir, FileSink sink)
            throws Rejection, IOException {
        try (SafeArchive archive = SafeArchive.open(zip, limits)) {
            Manifest manifest = manifest(archive, packageName, limits);
            Path temp = Files.createTempFile(workDir, "entry-", ".bin");
            try {
                int count = 0;
                for (SafeArchive.Entry entry : archive.files().values()) {
                    try (OutputStream out = Files.newOutputStream(temp)) {
                        archive.copy(entry, out);
                    }
                    sink.put(entry.path(), temp, ContentTypes.of(entry.path()));
                    count++;
                }
                return new Result(manifest, count, archive.expandedBytes());
            } finally {
                Files.deleteIfExists(temp);
            }
        }
    }

    private static Manifest manifest(SafeArchive archive, String packageName, ZipLimits limits) throws Rejection, IOException {
        SafeArchive.Entry entry = archive.files().get("imsmanifest.xml");
        if (entry == null) {
            throw new Rejection(Rejection.NO_MANIFEST, "The package has no imsmanifest.xml at the root of the zip, so it is"
                    + " not a SCORM package (a manifest inside a folder does not count).");
        }
        if (entry.size() > limits.maxManifestBytes()) {
            throw new Rejection(Rejection.NO_MANIFEST, "imsmanifest.xml is " + SafeArchive.bytes(entry.size())
                    + ", more than the " + SafeArchive.bytes(limits.maxManifestBytes()) + " a manifest may have.");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream((int) entry.size());
        archive.copy(entry, bytes);
        String fallback = packageName.replaceAll("(?i)\\.zip$", "");
        return ManifestParser.parse(bytes.toByteArray(), archive.files()::containsKey, fallback.isBlank() ? "SCORM package" : fallback);
    }
}

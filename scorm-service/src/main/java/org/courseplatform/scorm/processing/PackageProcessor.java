package org.courseplatform.scorm.processing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.scorm.storage.PackageFile;

/**
 * Validates a downloaded package and reads every file of it once. Every check (archive safety,
 * manifest, version, sequencing, launch files) runs before the first file is read, and reading
 * checks what each file expands to. Nothing is extracted: the package's files are served from the
 * zip itself, by the range of it that each {@link PackageFile} names.
 */
public final class PackageProcessor {

    /** The outcome of a package that passed: its manifest and where each of its files lies in the zip. */
    public record Result(Manifest manifest, List<PackageFile> files, long expandedBytes) {

        public int fileCount() {
            return files.size();
        }
    }

    private PackageProcessor() {}

    /** Runs every check without reading the files past the manifest: for tests and fuzzing. */
    public static Manifest validate(Path zip, String packageName, ZipLimits limits) throws Rejection, IOException {
        try (SafeArchive archive = SafeArchive.open(zip, limits)) {
            return manifest(archive, packageName, limits);
        }
    }

    /**
     * Checks, then reads every file through {@link SafeArchive#copy} (which fails on a file that
     * expands past its declared size, falls short of it, or cannot be decoded) into nothing, and
     * answers where each one lies in the zip. Memory use does not depend on the package: one
     * buffer, and one small record per file.
     */
    public static Result process(Path zip, String packageName, ZipLimits limits) throws Rejection, IOException {
        try (SafeArchive archive = SafeArchive.open(zip, limits)) {
            Manifest manifest = manifest(archive, packageName, limits);
            List<PackageFile> files = new ArrayList<>(archive.files().size());
            for (SafeArchive.Entry entry : archive.files().values()) {
                archive.copy(entry, OutputStream.nullOutputStream());
                files.add(archive.location(entry));
            }
            return new Result(manifest, List.copyOf(files), archive.expandedBytes());
        }
    }

    private static Manifest manifest(SafeArchive archive, String packageName, ZipLimits limits)
            throws Rejection, IOException {
        SafeArchive.Entry entry = archive.files().get("imsmanifest.xml");
        if (entry == null) {
            throw new Rejection(
                    Rejection.NO_MANIFEST,
                    "The package has no imsmanifest.xml at the root of the zip, so it is"
                            + " not a SCORM package (a manifest inside a folder does not count).");
        }
        if (entry.size() > limits.maxManifestBytes()) {
            throw new Rejection(
                    Rejection.NO_MANIFEST,
                    "imsmanifest.xml is " + SafeArchive.bytes(entry.size()) + ", more than the "
                            + SafeArchive.bytes(limits.maxManifestBytes()) + " a manifest may have.");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream((int) entry.size());
        archive.copy(entry, bytes);
        String fallback = packageName.replaceAll("(?i)\\.zip$", "");
        return ManifestParser.parse(
                bytes.toByteArray(), archive.files()::containsKey, fallback.isBlank() ? "SCORM package" : fallback);
    }
}

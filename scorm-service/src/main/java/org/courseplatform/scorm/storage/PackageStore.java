package org.courseplatform.scorm.storage;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.courseplatform.platform.storage.ObjectStore;
import org.courseplatform.platform.storage.PresignedUrls;
import org.courseplatform.scorm.config.ScormConfig;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * The S3 objects of hosted packages, on the platform's {@link ObjectStore}. A client PUTs its zip
 * to {@code scorm/uploads/<workspaceId>/<hash>.zip} through a presigned URL (the only key any
 * presigned PUT ever names); creating the package copies it to
 * {@code scorm/originals/<workspaceId>/<hash>.zip}, which is processed, served by the download and
 * which no URL can write. The player reads a package's files out of that zip by byte range
 * ({@link PackageFile}); packages made ready before that have their files extracted under
 * {@code scorm/packages/<courseId>/content/}. Every call blocks: use it off the event loop.
 */
@ApplicationScoped
public class PackageStore {

    private final ObjectStore objects;
    private final PresignedUrls urls;

    public PackageStore(ObjectStore objects, ScormConfig config) {
        this.objects = objects;
        this.urls = objects.presigner(config.upload().publicEndpoint());
    }

    @PreDestroy
    void close() {
        urls.close();
    }

    public static String uploadKey(long workspaceId, String hash) {
        return "scorm/uploads/" + workspaceId + "/" + hash + ".zip";
    }

    /** Where the package's original is kept once created: a key no presigned PUT ever named. */
    public static String originalKey(long workspaceId, String hash) {
        return "scorm/originals/" + workspaceId + "/" + hash + ".zip";
    }

    /** Where the files of packages made ready before files were served from the zip were extracted. */
    public static String contentPrefix(long courseId) {
        return "scorm/packages/" + courseId + "/content/";
    }

    /**
     * A URL that lets the client PUT exactly {@code size} bytes (with {@code Content-Type:
     * application/zip}) to the upload key of {@code hash} until it expires. Only upload keys are
     * ever presigned for writing.
     */
    public URI presignPut(long workspaceId, String hash, long size, Duration ttl) {
        return urls.put(uploadKey(workspaceId, hash), "application/zip", size, ttl);
    }

    /**
     * Copies {@code from} to {@code to} inside the bucket (a snapshot of the object as it is then).
     *
     * @return false when there is no object at {@code from}
     */
    public boolean copy(String from, String to) {
        return objects.copy(from, to, Optional.empty());
    }

    /** A short-lived URL of the stored zip, offered as a download named {@code fileName}. */
    public URI presignGet(String key, Duration ttl, String fileName) {
        return urls.download(key, ttl, fileName, "application/zip");
    }

    /** The object's size, or empty when there is none. */
    public Optional<Long> size(String key) {
        return objects.size(key);
    }

    /** Streams the object into {@code target}; false (the file incomplete) when it is over {@code maxBytes}. */
    public boolean download(String key, Path target, long maxBytes) throws IOException {
        return objects.download(key, target, maxBytes);
    }

    /** Opens an extracted package file a learner's URL names, or empty when there is none (or can be none). */
    public Optional<ResponseInputStream<GetObjectResponse>> open(String key) {
        return objects.open(key);
    }

    /**
     * Opens a file of the package whose zip is {@code zipKey}: one ranged GET of its stored bytes,
     * decoded as it streams; empty when the zip is gone.
     */
    public Optional<InputStream> open(String zipKey, PackageFile file) throws IOException {
        if (file.storedBytes() == 0) {
            return Optional.of(file.decode(InputStream.nullInputStream()));
        }
        Optional<InputStream> stored = objects.open(zipKey, file.dataOffset(), file.lastByte());
        if (stored.isEmpty()) {
            return stored;
        }
        return Optional.of(file.decode(stored.get()));
    }

    /**
     * Opens bytes {@code first} to {@code last} (inclusive, within the file's size) of a file of
     * the package whose zip is {@code zipKey}: a stored file's bytes are that range of the zip, so
     * only they are read; a compressed file's stored bytes are read and decoded up to the range's
     * end. Empty when the zip is gone.
     */
    public Optional<InputStream> open(String zipKey, PackageFile file, long first, long last) throws IOException {
        Optional<InputStream> stored = objects.open(zipKey, file.zipFirst(first), file.zipLast(last));
        if (stored.isEmpty()) {
            return stored;
        }
        try {
            return Optional.of(file.decode(stored.get(), first, last - first + 1));
        } catch (IOException | RuntimeException e) {
            stored.get().close();
            throw e;
        }
    }

    /** Every key under {@code prefix}. */
    public List<String> list(String prefix) {
        return objects.list(prefix);
    }

    /** Removes the objects named; answers the keys S3 reported it could not delete. */
    public Set<String> delete(Collection<String> keys) {
        return objects.delete(keys);
    }
}

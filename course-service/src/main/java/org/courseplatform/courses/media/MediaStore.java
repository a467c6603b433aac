package org.courseplatform.courses.media;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.Optional;
import org.courseplatform.platform.storage.ObjectStore;
import org.courseplatform.platform.storage.PresignedUrls;

/**
 * The S3 objects of the media library, on the platform's {@link ObjectStore}. A client PUTs its
 * file to {@code media/uploads/<workspaceId>/<token>} through a presigned URL (the only key a
 * presigned PUT ever names); processing writes what learners load under
 * {@code media/files/<token>/}, which no URL can write, and deletes the upload. Every call blocks:
 * use it off the event loop.
 */
@ApplicationScoped
public class MediaStore {

    private final ObjectStore objects;
    private final PresignedUrls urls;

    public MediaStore(ObjectStore objects, MediaConfig config) {
        this.objects = objects;
        this.urls = objects.presigner(config.publicEndpoint());
    }

    @PreDestroy
    void close() {
        urls.close();
    }

    /** The origin ({@code scheme://host[:port]}) presigned URLs point at: where browsers send uploads. */
    public String presignOrigin() {
        return urls.origin();
    }

    static String uploadKey(long workspaceId, String token) {
        return "media/uploads/" + workspaceId + "/" + token;
    }

    static String fileKey(String token, String file) {
        return "media/files/" + token + "/" + file;
    }

    /** A URL that lets the client PUT exactly {@code size} bytes of {@code contentType} to the upload key. */
    URI presignPut(String key, String contentType, long size, Duration ttl) {
        return urls.put(key, contentType, size, ttl);
    }

    /** The object's size, or empty when there is none. */
    Optional<Long> size(String key) {
        return objects.size(key);
    }

    /** The first {@code count} bytes of the object: a ranged GET, no full download. */
    byte[] head(String key, int count) throws IOException {
        return objects.head(key, count);
    }

    /** Streams the object into {@code target}; false (the file incomplete) when it is over {@code maxBytes}. */
    boolean download(String key, Path target, long maxBytes) throws IOException {
        return objects.download(key, target, maxBytes);
    }

    void put(String key, byte[] bytes, String contentType) {
        objects.put(key, bytes, contentType);
    }

    /** Copies an object server-side, with the content type it is served with. */
    void copy(String from, String to, String contentType) {
        if (!objects.copy(from, to, Optional.of(contentType))) {
            throw new IllegalStateException("No object to copy at " + from);
        }
    }

    /** Opens bytes {@code first}..{@code last} (inclusive) of a file, or empty when there is none. */
    Optional<InputStream> open(String key, long first, long last) {
        return objects.open(key, first, last);
    }

    /** Removes the objects named; missing ones count as removed. */
    void delete(Collection<String> keys) {
        objects.delete(keys);
    }
}

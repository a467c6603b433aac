package org.courseplatform.courses.thumbnail;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

/** Thumbnails in S3 under {@code thumbnails/<courseId>/<revision>.jpg}. Blocking: call off the event loop. */
@ApplicationScoped
public class ThumbnailStore {

    private final S3Client s3;
    private final String bucket;

    public ThumbnailStore(S3Client s3, @ConfigProperty(name = "platform.s3.bucket") String bucket) {
        this.s3 = s3;
        this.bucket = bucket;
    }

    static String key(long courseId, int revision) {
        return "thumbnails/" + courseId + "/" + revision + ".jpg";
    }

    void put(long courseId, int revision, byte[] jpeg) {
        s3.putObject(
                b -> b.bucket(bucket).key(key(courseId, revision)).contentType("image/jpeg"),
                RequestBody.fromBytes(jpeg));
    }

    Optional<byte[]> get(long courseId, int revision) {
        try {
            return Optional.of(s3.getObjectAsBytes(b -> b.bucket(bucket).key(key(courseId, revision)))
                    .asByteArray());
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        }
    }
}

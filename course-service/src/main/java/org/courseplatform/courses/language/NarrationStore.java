package org.courseplatform.courses.language;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;

/**
 * Narration audio in S3 as a course asset, under {@code courses/<courseId>/narration/<token>.wav};
 * each new audio has a new token, so a URL always means one recording. Blocking: call off the event loop.
 */
@ApplicationScoped
public class NarrationStore {

    private final S3Client s3;
    private final String bucket;

    public NarrationStore(S3Client s3, @ConfigProperty(name = "platform.s3.bucket") String bucket) {
        this.s3 = s3;
        this.bucket = bucket;
    }

    static String key(long courseId, String token) {
        return "courses/" + courseId + "/narration/" + token + ".wav";
    }

    String put(long courseId, String token, byte[] audio, String mime) {
        String key = key(courseId, token);
        s3.putObject(b -> b.bucket(bucket).key(key).contentType(mime), RequestBody.fromBytes(audio));
        return key;
    }

    /**
     * Deletes every recording of a course, the current ones and any an earlier script left behind;
     * answers how many objects went.
     */
    int deleteAll(long courseId) {
        String prefix = "courses/" + courseId + "/narration/";
        int deleted = 0;
        for (ListObjectsV2Response page :
                s3.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(prefix))) {
            List<ObjectIdentifier> objects = page.contents().stream()
                    .map(o -> ObjectIdentifier.builder().key(o.key()).build())
                    .toList();
            if (!objects.isEmpty()) {
                s3.deleteObjects(
                        b -> b.bucket(bucket).delete(d -> d.objects(objects).quiet(true)));
                deleted += objects.size();
            }
        }
        return deleted;
    }

    Optional<byte[]> get(String key) {
        try {
            return Optional.of(
                    s3.getObjectAsBytes(b -> b.bucket(bucket).key(key)).asByteArray());
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        }
    }
}

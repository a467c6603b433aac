package org.courseplatform.courses.language;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

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

    Optional<byte[]> get(String key) {
        try {
            return Optional.of(
                    s3.getObjectAsBytes(b -> b.bucket(bucket).key(key)).asByteArray());
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        }
    }
}

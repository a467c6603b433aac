package org.courseplatform.courses.language;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.courseplatform.platform.storage.ObjectStore;

/**
 * Narration audio in S3 as a course asset, under {@code courses/<courseId>/narration/<token>.wav};
 * each new audio has a new token, so a URL always means one recording. Blocking: call off the event loop.
 */
@ApplicationScoped
public class NarrationStore {

    private final ObjectStore objects;

    public NarrationStore(ObjectStore objects) {
        this.objects = objects;
    }

    static String key(long courseId, String token) {
        return "courses/" + courseId + "/narration/" + token + ".wav";
    }

    String put(long courseId, String token, byte[] audio, String mime) {
        String key = key(courseId, token);
        objects.put(key, audio, mime);
        return key;
    }

    /**
     * Deletes every recording of a course, the current ones and any an earlier script left behind;
     * answers how many objects went.
     */
    int deleteAll(long courseId) {
        return objects.deletePrefix("courses/" + courseId + "/narration/");
    }

    Optional<byte[]> get(String key) {
        return objects.bytes(key);
    }
}

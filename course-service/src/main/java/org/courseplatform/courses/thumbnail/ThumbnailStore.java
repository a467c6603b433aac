package org.courseplatform.courses.thumbnail;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.courseplatform.platform.storage.ObjectStore;

/** Thumbnails in S3 under {@code thumbnails/<courseId>/<revision>.jpg}. Blocking: call off the event loop. */
@ApplicationScoped
public class ThumbnailStore {

    private final ObjectStore objects;

    public ThumbnailStore(ObjectStore objects) {
        this.objects = objects;
    }

    static String key(long courseId, int revision) {
        return "thumbnails/" + courseId + "/" + revision + ".jpg";
    }

    void put(long courseId, int revision, byte[] jpeg) {
        objects.put(key(courseId, revision), jpeg, "image/jpeg");
    }

    Optional<byte[]> get(long courseId, int revision) {
        return objects.bytes(key(courseId, revision));
    }
}

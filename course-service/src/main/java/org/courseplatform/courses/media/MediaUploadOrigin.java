package org.courseplatform.courses.media;

import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.courses.player.UploadOrigin;

/** The origin uploads go to: {@code courses.media.upload-origin}, else the address presigned PUTs are signed for. */
@ApplicationScoped
public class MediaUploadOrigin implements UploadOrigin {

    private final String origin;

    public MediaUploadOrigin(MediaConfig config, MediaStore store) {
        this.origin = config.uploadOrigin().orElse(store.presignOrigin());
    }

    @Override
    public String origin() {
        return origin;
    }
}

package org.courseplatform.courses.player;

/**
 * Where the editing pages (the builder, the screen editor) send media uploads, which their
 * Content-Security-Policy must allow. The media library knows it and provides this bean, so the
 * pages need nothing else of it.
 */
public interface UploadOrigin {

    /** An origin such as {@code https://s3.example.com}. */
    String origin();
}

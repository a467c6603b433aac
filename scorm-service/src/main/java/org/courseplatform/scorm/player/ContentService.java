package org.courseplatform.scorm.player;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import org.courseplatform.scorm.processing.ContentTypes;
import org.courseplatform.scorm.storage.PackageFile;
import org.courseplatform.scorm.storage.PackageStore;

/**
 * The files of a session's package. A package made ready since files are served from its zip has
 * a row per file ({@link ContentRepository}) naming the range of the original to read; one made
 * ready before has its files as objects under its content prefix. Either way a file the package
 * does not have is empty, never another package's file: rows and prefixes are the session's own
 * course's.
 */
@ApplicationScoped
public class ContentService {

    /** An open file: the caller streams and closes {@code body}. */
    public record Content(InputStream body, String type, long length) {}

    private final ContentRepository files;
    private final PackageStore store;

    public ContentService(ContentRepository files, PackageStore store) {
        this.files = files;
        this.store = store;
    }

    /** Opens the file at the checked {@code path}; blocks (database, then S3): call it on a worker thread. */
    public Optional<Content> open(PlayerSession session, String path) throws IOException {
        if (session.contentZip() != null) {
            Optional<PackageFile> file =
                    files.file(session.courseId(), path).await().indefinitely();
            if (file.isEmpty()) {
                return Optional.empty();
            }
            return store.open(session.contentZip(), file.get())
                    .map(body ->
                            new Content(body, ContentTypes.of(path), file.get().size()));
        }
        if (session.contentPrefix() == null) {
            return Optional.empty();
        }
        return store.open(session.contentPrefix() + path)
                .map(object -> new Content(
                        object,
                        object.response().contentType() == null
                                ? ContentTypes.of(path)
                                : object.response().contentType(),
                        object.response().contentLength()));
    }
}

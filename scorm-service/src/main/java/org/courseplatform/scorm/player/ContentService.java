package org.courseplatform.scorm.player;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import org.courseplatform.scorm.processing.ContentTypes;
import org.courseplatform.scorm.processing.ManifestParser;
import org.courseplatform.scorm.storage.PackageFile;
import org.courseplatform.scorm.storage.PackageStore;

/**
 * The files of a session's package. A package made ready since files are served from its zip has
 * a row per file naming the range of the original to read, and answers a {@code Range}; one made
 * ready before has its files as objects under its content prefix, sent whole. Either way a file
 * the package does not have is empty, never another package's file: rows and prefixes are the
 * session's own course's.
 */
@ApplicationScoped
public class ContentService {

    /**
     * An open file: the caller streams and closes {@code body}, {@code length} bytes of a file of
     * {@code size}; {@code range} is the part sent (null: the whole file). {@code ranges} says
     * whether the file answers a {@code Range} at all.
     */
    public record Content(InputStream body, String type, long length, long size, ByteRange range, boolean ranges) {}

    private final ContentRepository files;
    private final PackageStore store;

    public ContentService(ContentRepository files, PackageStore store) {
        this.files = files;
        this.store = store;
    }

    /**
     * Opens the file at {@code path} (as the URL names it) of the session {@code sessionId} asked
     * on {@code host}, or the part of it {@code rangeHeader} asks for; blocks (database, then S3):
     * call it on a worker thread. A session that is unknown, expired, of a deleted course or asked
     * on another host throws 404; a path that is not a file of its package (or an {@code edit}
     * session, which shows no content) is empty.
     */
    public Optional<Content> open(String sessionId, String host, String path, String rangeHeader) throws IOException {
        PlayerService.requireSessionId(sessionId);
        String safe = ManifestParser.resolve(path);
        ContentRepository.Located session =
                files.locate(sessionId, safe == null ? "" : safe).await().indefinitely();
        if (session == null || !PlayerService.onItsHost(session.contentHost(), host)) {
            throw PlayerService.gone();
        }
        if (safe == null || !session.view()) {
            return Optional.empty();
        }
        if (session.contentZip() != null) {
            return fromZip(session.contentZip(), session.file(), rangeHeader);
        }
        if (session.contentPrefix() == null) {
            return Optional.empty();
        }
        return store.open(session.contentPrefix() + safe)
                .map(object -> new Content(
                        object,
                        object.response().contentType() == null
                                ? ContentTypes.of(safe)
                                : object.response().contentType(),
                        object.response().contentLength(),
                        object.response().contentLength(),
                        null,
                        false));
    }

    private Optional<Content> fromZip(String zipKey, PackageFile file, String rangeHeader) throws IOException {
        if (file == null) {
            return Optional.empty();
        }
        String type = ContentTypes.of(file.path());
        ByteRange range = ByteRange.of(rangeHeader, file.size());
        if (range == null) {
            return store.open(zipKey, file).map(body -> new Content(body, type, file.size(), file.size(), null, true));
        }
        return store.open(zipKey, file, range.first(), range.last())
                .map(body -> new Content(body, type, range.length(), file.size(), range, true));
    }
}

package org.courseplatform.scorm.player;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowIterator;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.scorm.storage.PackageFile;

/**
 * The session and the file a learner's page asks for, in one primary-key read: a page of a
 * package asks for dozens of files, and each needs only where its session's package keeps it.
 */
@ApplicationScoped
public class ContentRepository {

    /** The open session's package, and the file at the path if that package has one (a left join). */
    private static final String LOCATE = """
            select s.action, s.content_host, p.content_zip, p.content_prefix,
                f.data_offset, f.stored_bytes, f.size_bytes, f.method
            from scorm_session s join scorm_package p on p.course_id = s.course_id
                left join scorm_package_file f on f.course_id = s.course_id and f.path = $2
            where s.id = $1 and s.expires_at > now() and not p.course_deleted""";

    /**
     * An open session as far as serving its files needs it: {@code file} is the session's own
     * package's file at the path asked for, or null when the package has none there (or keeps its
     * files as extracted objects under {@code contentPrefix}).
     */
    record Located(boolean view, String contentHost, String contentZip, String contentPrefix, PackageFile file) {}

    private final Pool pool;

    public ContentRepository(Pool pool) {
        this.pool = pool;
    }

    /** The session {@code sessionId} (null when it is unknown, expired or its course deleted) and its file at {@code path}. */
    Uni<Located> locate(String sessionId, String path) {
        return pool.preparedQuery(LOCATE).execute(Tuple.of(sessionId, path)).map(rows -> {
            RowIterator<Row> it = rows.iterator();
            if (!it.hasNext()) {
                return null;
            }
            Row row = it.next();
            Long offset = row.getLong("data_offset");
            PackageFile file = offset == null
                    ? null
                    : new PackageFile(
                            path,
                            offset,
                            row.getLong("stored_bytes"),
                            row.getLong("size_bytes"),
                            row.getShort("method"));
            return new Located(
                    "view".equals(row.getString("action")),
                    row.getString("content_host"),
                    row.getString("content_zip"),
                    row.getString("content_prefix"),
                    file);
        });
    }
}

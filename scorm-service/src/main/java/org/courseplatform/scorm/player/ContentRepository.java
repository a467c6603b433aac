package org.courseplatform.scorm.player;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowIterator;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.courseplatform.scorm.storage.PackageFile;

/** Where a file of a ready package lies in its zip: one primary-key read per file a learner's page asks for. */
@ApplicationScoped
public class ContentRepository {

    private static final String FILE = """
            select data_offset, stored_bytes, size_bytes, method from scorm_package_file
            where course_id = $1 and path = $2""";

    private final Pool pool;

    public ContentRepository(Pool pool) {
        this.pool = pool;
    }

    /** The file at the checked {@code path} of the course's package, or empty. */
    Uni<Optional<PackageFile>> file(long courseId, String path) {
        return pool.preparedQuery(FILE).execute(Tuple.of(courseId, path)).map(rows -> {
            RowIterator<Row> it = rows.iterator();
            if (!it.hasNext()) {
                return Optional.empty();
            }
            Row row = it.next();
            return Optional.of(new PackageFile(
                    path,
                    row.getLong("data_offset"),
                    row.getLong("stored_bytes"),
                    row.getLong("size_bytes"),
                    row.getShort("method")));
        });
    }
}

package org.courseplatform.courses.thumbnail;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

/** The reads that serve a thumbnail: the course its token names and the state of its capture. */
@ApplicationScoped
public class ThumbnailRepository {

    private static final String BY_TOKEN = "select id, thumbnail_revision from course where thumbnail_token = $1";
    private static final String CAPTURING = """
            select 1 from thumbnail_job where course_id = $1 and revision = $2 and status in ('queued', 'running')""";

    /** The course a thumbnail token names and its latest thumbnail revision. */
    public record Thumbnailed(long courseId, int revision) {}

    private final Pool pool;

    public ThumbnailRepository(Pool pool) {
        this.pool = pool;
    }

    /** The course of a token, or null. */
    public Uni<Thumbnailed> byToken(String token) {
        return pool.preparedQuery(BY_TOKEN).execute(Tuple.of(token)).map(rows -> {
            if (rows.size() == 0) {
                return null;
            }
            Row row = rows.iterator().next();
            return new Thumbnailed(row.getLong("id"), row.getInteger("thumbnail_revision"));
        });
    }

    /** Whether a capture of this revision is queued or running. */
    public Uni<Boolean> capturing(long courseId, int revision) {
        return pool.preparedQuery(CAPTURING)
                .execute(Tuple.of(courseId, revision))
                .map(rows -> rows.size() > 0);
    }
}

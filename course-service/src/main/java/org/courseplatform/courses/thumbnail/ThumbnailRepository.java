package org.courseplatform.courses.thumbnail;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;

/**
 * The SQL of thumbnails: the course a token names, the capture queue ({@code thumbnail_job},
 * claimed with {@code FOR UPDATE SKIP LOCKED} under a lease) and what a capture draws.
 */
@ApplicationScoped
public class ThumbnailRepository {

    private static final String BY_TOKEN = "select id, thumbnail_revision from course where thumbnail_token = $1";
    private static final String CAPTURING = """
            select 1 from thumbnail_job where course_id = $1 and revision = $2 and status in ('queued', 'running')""";

    private static final String CLAIM = """
            update thumbnail_job set status = 'running', attempts = attempts + 1, updated_at = now(),
                locked_until = now() + make_interval(secs => $1)
            where id = (select id from thumbnail_job
                        where (status = 'queued' and (locked_until is null or locked_until < now()))
                           or (status = 'running' and locked_until < now())
                        order by id for update skip locked limit 1)
            returning id, course_id, revision, attempts""";
    private static final String COURSE = """
            select title, type, format, draft::text as draft, screen_count, time_estimate_minutes
            from course where id = $1""";
    private static final String DONE =
            "update thumbnail_job set status = 'done', error = null, updated_at = now() where id = $1 and status = 'running'";
    private static final String RETRY = """
            update thumbnail_job set status = case when attempts >= $3 then 'failed' else 'queued' end,
                error = $2, updated_at = now(), locked_until = now() + make_interval(secs => 5 * attempts)
            where id = $1 and status = 'running'""";

    /** A claimed capture. */
    record Job(long id, long courseId, int revision, int attempts) {}

    /** What a capture draws: the course's title, type, draft document (JSON text), screens and minutes. */
    record Card(String title, String type, String draft, Integer screenCount, Integer timeEstimateMinutes) {}

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

    /** Queues a capture of the revision, in the caller's transaction. */
    Uni<Void> enqueue(long courseId, int revision) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "insert into thumbnail_job (course_id, revision, status) values (?1, ?2, 'queued')")
                        .setParameter(1, courseId)
                        .setParameter(2, revision)
                        .executeUpdate())
                .replaceWithVoid();
    }

    /** Fails the course's queued or running captures, in the caller's transaction; how many. */
    Uni<Integer> failOpen(long courseId, String reason) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "update thumbnail_job set status = 'failed', error = ?2, updated_at = now()"
                                        + " where course_id = ?1 and status in ('queued', 'running')")
                        .setParameter(1, courseId)
                        .setParameter(2, reason)
                        .executeUpdate());
    }

    /** Claims the oldest queued capture (or one whose lease ended) for {@code lease}; null when none waits. */
    Uni<Job> claim(Duration lease) {
        return pool.preparedQuery(CLAIM).execute(Tuple.of(lease.toSeconds())).map(rows -> {
            if (rows.size() == 0) {
                return null;
            }
            Row job = rows.iterator().next();
            return new Job(
                    job.getLong("id"),
                    job.getLong("course_id"),
                    job.getInteger("revision"),
                    job.getInteger("attempts"));
        });
    }

    /** What a capture of the course draws. */
    Uni<Card> card(long courseId) {
        return pool.preparedQuery(COURSE).execute(Tuple.of(courseId)).map(rows -> {
            Row course = rows.iterator().next();
            return new Card(
                    course.getString("title"),
                    course.getString("type"),
                    course.getString("draft"),
                    course.getInteger("screen_count"),
                    course.getInteger("time_estimate_minutes"));
        });
    }

    /** The capture is done (unless its lease was taken over). */
    Uni<Void> done(long jobId) {
        return pool.preparedQuery(DONE).execute(Tuple.of(jobId)).replaceWithVoid();
    }

    /** The capture failed: queued again after a back-off, or failed once {@code maxAttempts} are spent. */
    Uni<Void> retryOrFail(long jobId, String error, int maxAttempts) {
        return pool.preparedQuery(RETRY)
                .execute(Tuple.of(jobId, error, maxAttempts))
                .replaceWithVoid();
    }
}

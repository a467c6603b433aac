package org.courseplatform.courses.language;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.UUID;
import java.util.function.Function;

/**
 * The {@code language_job} table through the Vert.x SQL client. A claimed job carries a lease
 * token: every later write of the worker names it, so an instance that lost its lease (and whose
 * job another instance took over) can no longer change the job.
 */
@ApplicationScoped
public class JobRepository {

    private static final String COLUMNS = "j.id, j.course_id, j.type, j.status, j.locale, j.params::text as params, "
            + "j.test_mode, j.progress_done, j.progress_total, j.error_code, j.error_message, j.result::text as result, "
            + "j.created_at, j.started_at, j.finished_at";
    private static final String INSERT = """
            insert into language_job as j (course_id, type, status, locale, params, test_mode, workspace_id)
            values ($1, $2, 'queued', $3, cast($4 as text)::jsonb, $5, $6)
            returning\s""" + COLUMNS;
    /** Serialises the queueing of one workspace's jobs, so that its cap holds under concurrent requests. */
    private static final String LOCK_WORKSPACE = "select pg_advisory_xact_lock(917002, hashtext($1::text))";

    private static final String COUNT_QUEUED =
            "select count(*) from language_job where workspace_id = $1 and status = 'queued'";
    /**
     * A job with the workspace and tenant it belongs to: its course's, or for a generation job (no
     * course until it succeeds) its own columns. Every job names its workspace; only a generation
     * job names its tenant.
     */
    private static final String FIND = "select " + COLUMNS + ", j.workspace_id as scope_workspace, "
            + "case when j.type = 'generation' then j.client_identifier else c.client_identifier end as scope_client "
            + "from language_job j left join course c on c.id = j.course_id where j.id = $1";

    private static final String INSERT_SCOPED = """
            insert into language_job as j (type, status, locale, params, test_mode, workspace_id, client_identifier, identifier)
            values ($1, 'queued', $2, cast($3 as text)::jsonb, $4, $5, $6, $7)
            returning\s""" + COLUMNS;
    /**
     * The next job, taking turns between workspaces: of the workspaces with open jobs and fewer
     * running ones than their cap ($3; a running job counts while its lease holds), the one with
     * the fewest running, then the one whose last job started longest ago (never: first); of it
     * the oldest due job. A workspace with a thousand queued jobs thus gets every other turn, not
     * a thousand turns before another workspace's single job.
     */
    private static final String CLAIM = """
            update language_job set status = 'running', attempts = attempts + 1, updated_at = now(),
                started_at = coalesce(started_at, now()), lease_token = $2,
                locked_until = now() + make_interval(secs => $1)
            where id = (with turn as materialized (
                            select w.workspace_id,
                                (select count(*) from language_job r where r.workspace_id = w.workspace_id
                                    and r.status = 'running' and r.locked_until >= now()) as running,
                                (select max(s.started_at) from language_job s where s.workspace_id = w.workspace_id) as last_start
                            from (select distinct workspace_id from language_job where status in ('queued', 'running')) w)
                        select j.id from language_job j join turn t on t.workspace_id = j.workspace_id
                        where ((j.status = 'queued' and (j.locked_until is null or j.locked_until < now()))
                               or (j.status = 'running' and j.locked_until < now()))
                          and t.running < $3
                        order by t.running, t.last_start nulls first, j.id
                        for update of j skip locked limit 1)
            returning id, course_id, type, locale, params::text as params, test_mode, attempts, workspace_id,
                client_identifier, identifier""";

    private static final String CLAIM_ONE = """
            update language_job set status = 'running', attempts = attempts + 1, updated_at = now(),
                started_at = coalesce(started_at, now()), lease_token = $3,
                locked_until = now() + make_interval(secs => $2)
            where id = (select id from language_job where id = $1 and status = 'queued'
                          and (locked_until is null or locked_until < now())
                        for update skip locked)
            returning id, course_id, type, locale, params::text as params, test_mode, attempts, workspace_id,
                client_identifier, identifier""";
    private static final String PROGRESS = """
            update language_job set progress_done = $3, progress_total = $4, updated_at = now(),
                locked_until = now() + make_interval(secs => $5)
            where id = $1 and lease_token = $2 and status = 'running'""";
    private static final String RENEW = """
            update language_job set locked_until = now() + make_interval(secs => $3)
            where id = $1 and lease_token = $2 and status = 'running'""";
    private static final String FAIL = """
            update language_job set status = 'failed', error_code = $3, error_message = $4, updated_at = now(),
                finished_at = now(), locked_until = null, lease_token = null
            where id = $1 and lease_token = $2 and status = 'running'""";
    private static final String SUCCEED = """
            update language_job set status = 'succeeded', result = cast($3 as text)::jsonb, progress_done = progress_total,
                error_code = null, error_message = null, updated_at = now(), finished_at = now(),
                locked_until = null, lease_token = null
            where id = $1 and lease_token = $2 and status = 'running'""";
    private static final String SUCCEED_HR = """
            update language_job set status = 'succeeded', result = cast(cast(?3 as text) as jsonb), progress_done = progress_total,
                error_code = null, error_message = null, updated_at = now(), finished_at = now(),
                locked_until = null, lease_token = null
            where id = ?1 and lease_token = ?2 and status = 'running'""";

    /** A job as stored, with the workspace and tenant it belongs to (for the caller's scope) and its parameters. */
    public record Stored(Job job, long workspaceId, String clientIdentifier, JsonNode params) {}

    /**
     * A job this instance claimed: {@code token} proves the lease in every later write. A
     * generation job has no {@code courseId} but the scope the course is made in: {@code workspaceId},
     * {@code clientIdentifier} (null: the workspace-default tenant) and {@code identifier} (the owner).
     */
    public record Claimed(
            long id,
            Long courseId,
            String type,
            String locale,
            JsonNode params,
            boolean testMode,
            int attempts,
            UUID token,
            Long workspaceId,
            String clientIdentifier,
            String identifier) {}

    private final Pool pool;
    private final ObjectMapper mapper;

    public JobRepository(Pool pool, ObjectMapper mapper) {
        this.pool = pool;
        this.mapper = mapper;
    }

    /**
     * Queues a job about a course of {@code workspaceId}; null (nothing queued) when the workspace
     * already has {@code maxQueued} queued jobs.
     */
    public Uni<Job> insert(
            long workspaceId,
            long courseId,
            String type,
            String locale,
            JsonNode params,
            boolean testMode,
            int maxQueued) {
        return belowCap(
                workspaceId,
                maxQueued,
                connection -> connection
                        .preparedQuery(INSERT)
                        .execute(Tuple.from(
                                Arrays.asList(courseId, type, locale, params.toString(), testMode, workspaceId))));
    }

    /**
     * Queues a job that is not about an existing course (generation): it carries its own scope.
     * Null (nothing queued) when the workspace already has {@code maxQueued} queued jobs.
     */
    public Uni<Job> insertScoped(
            String type,
            long workspaceId,
            String clientIdentifier,
            String identifier,
            String locale,
            JsonNode params,
            boolean testMode,
            int maxQueued) {
        return belowCap(
                workspaceId,
                maxQueued,
                connection -> connection
                        .preparedQuery(INSERT_SCOPED)
                        .execute(Tuple.from(Arrays.asList(
                                type,
                                locale,
                                params.toString(),
                                testMode,
                                workspaceId,
                                clientIdentifier,
                                identifier))));
    }

    /** Runs the insert in a transaction that holds the workspace's lock, unless its queue is full. */
    private Uni<Job> belowCap(long workspaceId, int maxQueued, Function<SqlConnection, Uni<RowSet<Row>>> insert) {
        return pool.withTransaction(connection -> connection
                .preparedQuery(LOCK_WORKSPACE)
                .execute(Tuple.of(Long.toString(workspaceId)))
                .chain(() -> connection.preparedQuery(COUNT_QUEUED).execute(Tuple.of(workspaceId)))
                .chain(counted -> counted.iterator().next().getLong(0) >= maxQueued
                        ? Uni.createFrom().nullItem()
                        : insert.apply(connection)
                                .map(rows -> view(rows.iterator().next()))));
    }

    public Uni<Stored> find(long id) {
        return pool.preparedQuery(FIND).execute(Tuple.of(id)).map(rows -> {
            if (rows.size() == 0) {
                return null;
            }
            Row row = rows.iterator().next();
            return new Stored(
                    view(row),
                    row.getLong("scope_workspace"),
                    row.getString("scope_client"),
                    json(row.getString("params")));
        });
    }

    /**
     * Claims the next queued job, or a running one whose lease ended, of a workspace with fewer
     * than {@code maxRunning} running jobs (see {@link #CLAIM}); null when there is none.
     */
    Uni<Claimed> claim(Duration lease, int maxRunning) {
        UUID token = UUID.randomUUID();
        return pool.preparedQuery(CLAIM)
                .execute(Tuple.of(lease.toSeconds(), token, maxRunning))
                .map(rows -> claimed(rows, token));
    }

    /** Claims one queued job by id (a request runs its own job at once); null when it is gone or taken. */
    Uni<Claimed> claim(long id, Duration lease) {
        UUID token = UUID.randomUUID();
        return pool.preparedQuery(CLAIM_ONE)
                .execute(Tuple.of(id, lease.toSeconds(), token))
                .map(rows -> claimed(rows, token));
    }

    private Claimed claimed(RowSet<Row> rows, UUID token) {
        if (rows.size() == 0) {
            return null;
        }
        Row row = rows.iterator().next();
        return new Claimed(
                row.getLong("id"),
                row.getLong("course_id"),
                row.getString("type"),
                row.getString("locale"),
                json(row.getString("params")),
                row.getBoolean("test_mode"),
                row.getInteger("attempts"),
                token,
                row.getLong("workspace_id"),
                row.getString("client_identifier"),
                row.getString("identifier"));
    }

    /** Records progress and renews the lease; false when the job is no longer this worker's. */
    Uni<Boolean> progress(Claimed job, int done, int total, Duration lease) {
        return pool.preparedQuery(PROGRESS)
                .execute(Tuple.of(job.id(), job.token(), done, total, lease.toSeconds()))
                .map(rows -> rows.rowCount() == 1);
    }

    /** Extends the lease of a job this instance is still working on (the worker's heartbeat). */
    Uni<Boolean> renew(Claimed job, Duration lease) {
        return pool.preparedQuery(RENEW)
                .execute(Tuple.of(job.id(), job.token(), lease.toSeconds()))
                .map(this::one);
    }

    Uni<Boolean> fail(Claimed job, String code, String message) {
        String text = message == null ? code : message.length() > 2000 ? message.substring(0, 2000) + "…" : message;
        return pool.preparedQuery(FAIL)
                .execute(Tuple.of(job.id(), job.token(), code, text))
                .map(this::one);
    }

    private static final String REQUEUE = """
            update language_job set status = 'queued', error_code = null, error_message = $3, updated_at = now(),
                locked_until = now() + make_interval(secs => 5 * attempts), lease_token = null
            where id = $1 and lease_token = $2 and status = 'running'""";

    /** Puts the job back after an unexpected error, to be claimed again after a pause. */
    Uni<Boolean> requeue(Claimed job, String reason) {
        return pool.preparedQuery(REQUEUE)
                .execute(Tuple.of(job.id(), job.token(), reason))
                .map(this::one);
    }

    Uni<Boolean> succeed(Claimed job, JsonNode result) {
        return pool.preparedQuery(SUCCEED)
                .execute(Tuple.of(job.id(), job.token(), result.toString()))
                .map(this::one);
    }

    /**
     * Marks the job succeeded in the current Hibernate Reactive transaction, so that it commits with
     * the change the job made; fails (rolling that change back) when the lease was lost.
     */
    Uni<Void> succeedInTransaction(Claimed job, JsonNode result) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(SUCCEED_HR)
                        .setParameter(1, job.id())
                        .setParameter(2, job.token())
                        .setParameter(3, result.toString())
                        .executeUpdate())
                .invoke(count -> {
                    if (count != 1) {
                        throw new LeaseLost(job.id());
                    }
                })
                .replaceWithVoid();
    }

    private static final String SUCCEED_WITH_COURSE_HR = """
            update language_job set status = 'succeeded', course_id = ?4, result = cast(cast(?3 as text) as jsonb),
                progress_done = progress_total, error_code = null, error_message = null, updated_at = now(),
                finished_at = now(), locked_until = null, lease_token = null
            where id = ?1 and lease_token = ?2 and status = 'running'""";

    /**
     * Marks a job that made a course (generation) succeeded with that course, in the current
     * Hibernate Reactive transaction that creates the course; fails (rolling the course back) when
     * the lease was lost.
     */
    public Uni<Void> succeedWithCourseInTransaction(Claimed job, long courseId, JsonNode result) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(SUCCEED_WITH_COURSE_HR)
                        .setParameter(1, job.id())
                        .setParameter(2, job.token())
                        .setParameter(3, result.toString())
                        .setParameter(4, courseId)
                        .executeUpdate())
                .invoke(count -> {
                    if (count != 1) {
                        throw new LeaseLost(job.id());
                    }
                })
                .replaceWithVoid();
    }

    /** The job was taken over by another instance after its lease ended: this one's work is dropped. */
    static class LeaseLost extends RuntimeException {
        LeaseLost(long id) {
            super("job " + id + " is no longer held by this instance");
        }
    }

    private boolean one(RowSet<Row> rows) {
        return rows.rowCount() == 1;
    }

    private Job view(Row row) {
        String code = row.getString("error_code");
        return new Job(
                row.getLong("id"),
                row.getString("type"),
                row.getString("status"),
                row.getLong("course_id"),
                row.getString("locale"),
                new Job.Progress(row.getInteger("progress_done"), row.getInteger("progress_total")),
                code == null ? null : new Job.Error(code, row.getString("error_message")),
                row.getString("result") == null ? null : json(row.getString("result")),
                time(row.getOffsetDateTime("created_at")),
                time(row.getOffsetDateTime("started_at")),
                time(row.getOffsetDateTime("finished_at")));
    }

    private JsonNode json(String text) {
        try {
            return text == null ? mapper.createObjectNode() : mapper.readTree(text);
        } catch (Exception e) {
            throw new IllegalStateException("a stored job field is not JSON", e);
        }
    }

    private static String time(OffsetDateTime time) {
        return time == null
                ? null
                : time.withOffsetSameInstant(ZoneOffset.UTC).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    }
}

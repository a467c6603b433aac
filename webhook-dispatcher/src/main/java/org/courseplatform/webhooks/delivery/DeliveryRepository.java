package org.courseplatform.webhooks.delivery;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;

/**
 * The SQL of deliveries, on the reactive pool: the hot paths (queueing from events, claiming,
 * recording outcomes) work on whole batches with array parameters.
 */
@ApplicationScoped
public class DeliveryRepository {

    /**
     * One delivery per enabled endpoint of the event's workspace that subscribes to its type,
     * unless the workspace is known to be below the Build plan. Re-queueing an event is a no-op.
     * Up to the room this instance's sender has left for each endpoint ($8 in total, $9 per
     * endpoint less the loads $10/$11), the rows are queued already claimed ($7, with a lease of
     * $12 s) and returned with what sending them needs, so fresh deliveries need no claim
     * statement and no second update; the rest are queued due now, unclaimed, for any sender.
     */
    private static final String FAN_OUT = """
            with fan as (
                select e.id as endpoint_id, e.workspace_id, ev.event_id, ev.type, ev.body, ev.test_mode, ev.traceparent,
                       row_number() over (partition by e.id order by ev.n) <= $9 - coalesce(
                           (select f.n from unnest($10::bigint[], $11::int[]) as f(endpoint_id, n) where f.endpoint_id = e.id), 0)
                       and row_number() over (order by ev.n, e.id) <= $8 as take
                from unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::boolean[], $13::text[]) with ordinality
                     as ev(event_id, workspace_id, type, body, test_mode, traceparent, n)
                join webhook_endpoint e on e.workspace_id = ev.workspace_id and e.enabled
                     and ev.type = any(string_to_array(e.events, ','))
                left join workspace w on w.id = ev.workspace_id
                where w.plan is distinct from 'starter'
            ), ins as (
                insert into delivery (id, endpoint_id, workspace_id, event_id, type, body, test_mode, max_attempts,
                                      next_attempt_at, claim_id, traceparent)
                select gen_random_uuid(), f.endpoint_id, f.workspace_id, f.event_id, f.type, f.body, f.test_mode, $6,
                       case when f.take then now() + make_interval(secs => $12) else now() end,
                       case when f.take then $7::uuid end, f.traceparent
                from fan f
                on conflict on constraint delivery_once do nothing
                returning id, endpoint_id, type, body, test_mode, attempts, claim_id, traceparent
            )
            select i.id, i.endpoint_id, i.type, case when i.claim_id is not null then i.body end as body, i.test_mode,
                   i.attempts, i.traceparent, e.url, e.enabled, e.workspace_id,
                   case when i.claim_id is not null then e.secret_encrypted end as secret_encrypted,
                   i.claim_id is not null as claimed
            from ins i join webhook_endpoint e on e.id = i.endpoint_id""";

    private static final String INSERT_ONE = """
            insert into delivery (id, endpoint_id, workspace_id, event_id, type, body, test_mode, max_attempts, next_attempt_at)
            values ($1, $2, $3, $4, $5, $6, $7, $8, now())""";
    private static final String COLUMNS = """
            id, event_id, type, status, attempts, max_attempts,
            case when status = 'pending' then next_attempt_at end as next_attempt_at,
            last_status_code, last_error, last_attempt_at, test_mode, created_at""";
    private static final String LIST = "select " + COLUMNS + """
             from delivery where endpoint_id = $1 and ($2::text is null or status = $2)
            order by created_at desc, id desc limit $3 offset $4""";
    private static final String COUNT =
            "select count(*) as total from delivery where endpoint_id = $1 and ($2::text is null or status = $2)";
    private static final String FIND = """
            select d.id, d.endpoint_id, e.enabled from delivery d join webhook_endpoint e on e.id = d.endpoint_id
            where d.id = $1 and e.workspace_id = $2""";
    /** A new attempt now; a row a sender is sending at this moment keeps its claim. */
    private static final String REPLAY = """
            update delivery set status = 'pending', updated_at = now(),
                next_attempt_at = case when status = 'pending' and claim_id is not null and next_attempt_at > now()
                                       then next_attempt_at else now() end
            where id = $1""";

    /**
     * Due rows in due order, at most the room each endpoint has left in this instance ($5 and $6:
     * endpoints with requests in flight and their counts; $7: the per-endpoint limit), locked
     * with SKIP LOCKED so replicas never take the same row. Each step is a materialized CTE: as
     * an {@code IN (subquery)} the planner may run the locking subquery once per row of the table.
     */
    static final String CLAIM = """
            with candidate as materialized (
                select id, endpoint_id, next_attempt_at from delivery
                where status = 'pending' and next_attempt_at <= now() and endpoint_id <> all($3::bigint[])
                order by next_attempt_at limit $4 * 4
            ), fitting as materialized (
                select r.id from (select c.id, row_number() over (partition by c.endpoint_id order by c.next_attempt_at) as rn,
                                         $7 - coalesce((select f.n from unnest($5::bigint[], $6::int[]) as f(endpoint_id, n)
                                                        where f.endpoint_id = c.endpoint_id), 0) as room
                                  from candidate c) r
                where r.rn <= r.room
            ), claimed as materialized (
                select d.id from delivery d join fitting f on f.id = d.id
                where d.status = 'pending' and d.next_attempt_at <= now()
                order by d.next_attempt_at limit $4
                for update of d skip locked
            )
            update delivery d set next_attempt_at = now() + make_interval(secs => $1), claim_id = $2
            from claimed c, webhook_endpoint e
            where d.id = c.id and e.id = d.endpoint_id
            returning d.id, d.endpoint_id, d.type, d.body, d.test_mode, d.attempts, d.traceparent, e.url, e.enabled,
                      e.workspace_id, e.secret_encrypted""";
    /** Rows a sender took but will not send now go back: due at once, or held while their endpoint is disabled. */
    static final String RELEASE = """
            update delivery set claim_id = null, next_attempt_at = case when $3 then null else now() end
            where id = any($1::uuid[]) and claim_id = $2 and status = 'pending'""";

    static final String RECORD = """
            with r as (
                select * from unnest($1::uuid[], $2::uuid[], $3::int[], $4::text[], $5::boolean[], $6::timestamptz[],
                                     $7::int[], $8::bigint[])
                       as r(id, claim_id, status_code, error, ok, started_at, duration_ms, delay_ms)
            ), u as (
                update delivery d set
                    attempts = d.attempts + 1,
                    status = case when r.ok then 'succeeded' when d.attempts + 1 >= d.max_attempts then 'failed' else 'pending' end,
                    next_attempt_at = case when r.ok or d.attempts + 1 >= d.max_attempts then null
                                           else now() + make_interval(secs => r.delay_ms / 1000.0) end,
                    claim_id = null, last_status_code = r.status_code, last_error = r.error,
                    last_attempt_at = r.started_at, updated_at = now()
                from r where d.id = r.id and d.claim_id = r.claim_id and d.status = 'pending'
                returning d.id, d.attempts
            )
            insert into delivery_attempt (delivery_id, attempt, started_at, duration_ms, status_code, error)
            select u.id, u.attempts, r.started_at, r.duration_ms, r.status_code, r.error from u join r on r.id = u.id""";

    /**
     * One batch ($1: retention in milliseconds, $2: the batch size): the oldest finished rows past
     * the cutoff, read on the partial index {@code delivery_finished}. A row replayed meanwhile is
     * pending again and is re-checked under its lock, so it is not deleted. The attempts go with
     * their delivery ({@code on delete cascade}) in the same statement.
     */
    private static final String PURGE_BATCH = """
            with doomed as materialized (
                select id from delivery
                where status in ('succeeded', 'failed') and updated_at < now() - make_interval(secs => $1::bigint / 1000.0)
                order by updated_at limit $2
                for update skip locked
            )
            delete from delivery d using doomed where d.id = doomed.id""";

    /**
     * The plans the sender's statements must have at any size of the queue: due rows read in due
     * order on the due index, rows found by id on the primary key. The statistics lag a queue that
     * fills in seconds ({@link QueueStatistics} keeps them within a factor of two); these settings
     * keep a lagging estimate from choosing a scan or a hash of the whole table (recording
     * outcomes walked every due row for 63 of them, auto_explain, 2026-12-04).
     */
    static final String INDEX_PLANS = "set local enable_seqscan = off; set local enable_bitmapscan = off; "
            + "set local enable_hashjoin = off; set local enable_mergejoin = off";

    /** The rows the planner's statistics of {@code delivery} know of (none before its first analyze). */
    private static final String PLANNED_ROWS =
            "select greatest(reltuples, 0)::bigint as planned from pg_class where oid = 'delivery'::regclass";
    /** One replica at a time analyzes; the others skip (the lock ends with the transaction). */
    private static final String ANALYZE_LOCK =
            "select pg_try_advisory_xact_lock(hashtext('webhooks.delivery.analyze')) as mine";

    private final Pool pool;

    public DeliveryRepository(Pool pool) {
        this.pool = pool;
    }

    public Pool pool() {
        return pool;
    }

    /**
     * Queues the events' deliveries in the caller's transaction, claiming for this instance's
     * sender as many as its {@code room} allows; answers the rows queued (claimed ones carry
     * what sending needs). Hand the claimed rows to the sender only once the transaction commits.
     */
    public Uni<RowSet<Row>> fanOut(
            SqlClient client, List<QueuedEvent> events, int maxAttempts, DeliverySender.Room room) {
        int n = events.size();
        UUID[] ids = new UUID[n];
        Long[] workspaces = new Long[n];
        String[] types = new String[n];
        String[] bodies = new String[n];
        Boolean[] modes = new Boolean[n];
        String[] traces = new String[n];
        for (int i = 0; i < n; i++) {
            QueuedEvent e = events.get(i);
            ids[i] = e.eventId();
            workspaces[i] = e.workspaceId();
            types[i] = e.type();
            bodies[i] = e.body();
            modes[i] = e.testMode();
            traces[i] = e.traceparent();
        }
        return client.preparedQuery(FAN_OUT)
                .execute(Tuple.tuple(List.of(
                        ids,
                        workspaces,
                        types,
                        bodies,
                        modes,
                        maxAttempts,
                        room.claim(),
                        room.total(),
                        room.perEndpoint(),
                        room.endpoints(),
                        room.loads(),
                        room.leaseSeconds(),
                        traces)));
    }

    /** Queues one delivery to one endpoint (manual test deliveries). */
    public Uni<UUID> insert(
            SqlClient client,
            long endpointId,
            long workspaceId,
            UUID eventId,
            String type,
            String body,
            Boolean testMode,
            int maxAttempts) {
        UUID id = UUID.randomUUID();
        return client.preparedQuery(INSERT_ONE)
                .execute(Tuple.tuple(
                        Arrays.asList(id, endpointId, workspaceId, eventId, type, body, testMode, maxAttempts)))
                .replaceWith(id);
    }

    public Uni<List<DeliveryView>> list(long endpointId, String status, int limit, int offset) {
        return pool.preparedQuery(LIST)
                .execute(Tuple.of(endpointId, status, limit, offset))
                .map(rows -> {
                    List<DeliveryView> views = new ArrayList<>();
                    for (Row row : rows) {
                        views.add(view(row));
                    }
                    return views;
                });
    }

    public Uni<Long> count(long endpointId, String status) {
        return pool.preparedQuery(COUNT)
                .execute(Tuple.of(endpointId, status))
                .map(rows -> rows.iterator().next().getLong("total"));
    }

    /** The delivery's endpoint and whether it is enabled, when the delivery belongs to the workspace. */
    public Uni<Row> find(SqlClient client, UUID deliveryId, long workspaceId) {
        return client.preparedQuery(FIND)
                .execute(Tuple.of(deliveryId, workspaceId))
                .map(rows -> rows.size() == 0 ? null : rows.iterator().next());
    }

    /** False when the delivery is gone (purged or its endpoint deleted since it was found). */
    public Uni<Boolean> replay(SqlClient client, UUID deliveryId) {
        return client.preparedQuery(REPLAY).execute(Tuple.of(deliveryId)).map(rows -> rows.rowCount() > 0);
    }

    static DeliveryView view(Row row) {
        return new DeliveryView(
                row.getUUID("id"),
                row.getUUID("event_id"),
                row.getString("type"),
                row.getString("status"),
                row.getInteger("attempts"),
                row.getInteger("max_attempts"),
                utc(row.getOffsetDateTime("next_attempt_at")),
                row.getInteger("last_status_code"),
                row.getString("last_error"),
                utc(row.getOffsetDateTime("last_attempt_at")),
                row.getBoolean("test_mode"),
                utc(row.getOffsetDateTime("created_at")));
    }

    private static OffsetDateTime utc(OffsetDateTime time) {
        return time == null ? null : time.withOffsetSameInstant(ZoneOffset.UTC);
    }

    /**
     * Claims due rows for a sender (the claim id {@code claim}, a lease of {@code leaseSeconds}): at
     * most {@code room} rows, none of the {@code busy} endpoints', and for each {@code active}
     * endpoint no more than {@code prefetch} less its {@code loads}. Each row comes with what sending
     * it needs (url, enabled, workspace, encrypted secret).
     */
    public Uni<RowSet<Row>> claimDue(
            long leaseSeconds,
            UUID claim,
            List<Long> busy,
            int room,
            List<Long> active,
            List<Integer> loads,
            int prefetch) {
        Tuple params = Tuple.tuple(List.of(
                leaseSeconds,
                claim,
                busy.toArray(Long[]::new),
                room,
                active.toArray(Long[]::new),
                loads.toArray(Integer[]::new),
                prefetch));
        // The due rows are read in due order on the due index: a bitmap scan (what the planner picks
        // for a small or never-analyzed table) visits every dead entry's heap row on each claim
        // and sorts, where the ordered index scan stops at the limit and marks dead entries for skipping.
        return withIndexPlans(connection -> connection.preparedQuery(CLAIM).execute(params));
    }

    /** Runs {@code statement} in a transaction whose plans are {@link #INDEX_PLANS}. */
    private Uni<RowSet<Row>> withIndexPlans(Function<SqlClient, Uni<RowSet<Row>>> statement) {
        return pool.withTransaction(
                connection -> connection.query(INDEX_PLANS).execute().chain(() -> statement.apply(connection)));
    }

    /** Gives rows of a claim back: due at once, or held (no due time) while {@code hold}; rows found by id, as {@link #INDEX_PLANS}. */
    public Uni<Void> release(UUID claim, List<UUID> ids, boolean hold) {
        Tuple params = Tuple.of(ids.toArray(UUID[]::new), claim, hold);
        return withIndexPlans(connection -> connection.preparedQuery(RELEASE).execute(params))
                .replaceWithVoid();
    }

    /**
     * Records a batch of attempts' outcomes in one statement (the arrays run in parallel, one
     * element per attempt); an outcome counts only while its row is still held by its claim.
     */
    public Uni<Void> recordOutcomes(
            UUID[] ids,
            UUID[] claims,
            Integer[] statusCodes,
            String[] errors,
            Boolean[] succeeded,
            OffsetDateTime[] startedAt,
            Integer[] durationsMillis,
            Long[] delaysMillis) {
        Tuple params = Tuple.tuple(
                List.of(ids, claims, statusCodes, errors, succeeded, startedAt, durationsMillis, delaysMillis));
        return withIndexPlans(connection -> connection.preparedQuery(RECORD).execute(params))
                .replaceWithVoid();
    }

    /** How many rows the planner's statistics of the table say it has. */
    public Uni<Long> plannedRows() {
        return pool.query(PLANNED_ROWS)
                .execute()
                .map(rows -> rows.iterator().next().getLong("planned"));
    }

    /** Analyzes the table, unless another replica is doing it; true when this one did. */
    public Uni<Boolean> analyze() {
        return pool.withTransaction(connection -> connection
                .query(ANALYZE_LOCK)
                .execute()
                .chain(rows -> rows.iterator().next().getBoolean("mine")
                        ? connection.query("analyze delivery").execute().replaceWith(true)
                        : Uni.createFrom().item(false)));
    }

    /** Deletes up to {@code batchSize} of the oldest finished deliveries idle longer than {@code retention}; how many went. */
    public Uni<Integer> purgeFinished(Duration retention, int batchSize) {
        return pool.preparedQuery(PURGE_BATCH)
                .execute(Tuple.of(retention.toMillis(), batchSize))
                .map(rows -> rows.rowCount());
    }
}

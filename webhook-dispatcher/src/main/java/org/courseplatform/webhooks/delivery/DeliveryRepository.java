package org.courseplatform.webhooks.delivery;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * The SQL of deliveries, on the reactive pool: the hot paths (queueing from events, claiming,
 * recording outcomes) work on whole batches with array parameters.
 */
@ApplicationScoped
public class DeliveryRepository {

    /**
     * One delivery per enabled endpoint of the event's workspace that subscribes to its type,
     * unless the workspace is known to be below the Build plan. Re-queueing an event is a no-op.
     */
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
                select e.id as endpoint_id, e.workspace_id, ev.event_id, ev.type, ev.body, ev.test_mode,
                       row_number() over (partition by e.id order by ev.n) <= $9 - coalesce(
                           (select f.n from unnest($10::bigint[], $11::int[]) as f(endpoint_id, n) where f.endpoint_id = e.id), 0)
                       and row_number() over (order by ev.n, e.id) <= $8 as take
                from unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::boolean[]) with ordinality
                     as ev(event_id, workspace_id, type, body, test_mode, n)
                join webhook_endpoint e on e.workspace_id = ev.workspace_id and e.enabled
                     and ev.type = any(string_to_array(e.events, ','))
                left join workspace w on w.id = ev.workspace_id
                where w.plan is distinct from 'starter'
            ), ins as (
                insert into delivery (id, endpoint_id, workspace_id, event_id, type, body, test_mode, max_attempts,
                                      next_attempt_at, claim_id)
                select gen_random_uuid(), f.endpoint_id, f.workspace_id, f.event_id, f.type, f.body, f.test_mode, $6,
                       case when f.take then now() + make_interval(secs => $12) else now() end,
                       case when f.take then $7::uuid end
                from fan f
                on conflict on constraint delivery_once do nothing
                returning id, endpoint_id, type, body, test_mode, attempts, claim_id
            )
            select i.id, i.endpoint_id, i.type, case when i.claim_id is not null then i.body end as body, i.test_mode,
                   i.attempts, e.url, e.enabled, e.workspace_id,
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
        for (int i = 0; i < n; i++) {
            QueuedEvent e = events.get(i);
            ids[i] = e.eventId();
            workspaces[i] = e.workspaceId();
            types[i] = e.type();
            bodies[i] = e.body();
            modes[i] = e.testMode();
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
                        room.leaseSeconds())));
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

    /** An event ready to be fanned out: its body is final. */
    public record QueuedEvent(UUID eventId, long workspaceId, String type, String body, Boolean testMode) {}
}

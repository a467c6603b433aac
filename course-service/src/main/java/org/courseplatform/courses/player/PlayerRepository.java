package org.courseplatform.courses.player;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.List;
import org.courseplatform.courses.member.MemberProjection;
import org.courseplatform.platform.web.Paged;

/**
 * The player's SQL: token use, sessions and tracking records. The exchange and the editor's
 * binding run through the current Hibernate Reactive session; a progress write or quiz, the
 * player's hot path (one per screen per learner), runs on the Vert.x SQL pool in one transaction
 * of its own ({@link #pool()}), with no session to open or flush.
 */
@ApplicationScoped
public class PlayerRepository {

    private static final String ISO = "'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'";

    /** A second use of a token finds the row (or waits for the first one's transaction) and inserts nothing. */
    private static final String USE_TOKEN = """
            insert into player_launch (jti, session_id, expires_at) values (?1, ?2, ?3) on conflict (jti) do nothing""";
    /** One record per learner and course, played standalone (collection_id null) or in a collection. */
    private static final String COURSE_TRACKING = """
            with created as (
                insert into player_tracking (workspace_id, kind, course_id, identifier, client_identifier, collection,
                    collection_id, test_mode)
                values (?1, 'course', ?2, ?3, ?4, cast(cast(?5 as text) as jsonb), cast(?7 as bigint), ?6)
                on conflict (course_id, identifier, coalesce(collection_id, 0)) where course_id is not null do nothing
                returning id)
            select id from created union all select id from player_tracking
            where course_id = ?2 and identifier = ?3 and coalesce(collection_id, 0) = coalesce(cast(?7 as bigint), 0) limit 1""";

    private static final String SCREEN_TRACKING = """
            with created as (
                insert into player_tracking (workspace_id, kind, screen_id, identifier, client_identifier, collection, test_mode)
                values (?1, 'screen', ?2, ?3, ?4, cast(cast(?5 as text) as jsonb), ?6)
                on conflict (screen_id, identifier) where screen_id is not null do nothing returning id)
            select id from created union all select id from player_tracking where screen_id = ?2 and identifier = ?3 limit 1""";
    private static final String INSERT_SESSION = """
            insert into player_session (id, workspace_id, kind, course_id, screen_id, tracking_id, mode, client_identifier,
                identifier, options, parent_origin, outline, expires_at, test_mode)
            values (?1, ?2, ?3, cast(?4 as bigint), cast(?5 as bigint), cast(?6 as bigint), ?7, cast(?8 as text), ?9,
                cast(cast(?10 as text) as jsonb), cast(?11 as text), cast(cast(?12 as text) as jsonb), ?13, ?14)""";
    private static final String SESSION_WHERE_ID = """
            select id, workspace_id, kind, course_id, screen_id, tracking_id, mode, client_identifier, identifier,
                options::text, parent_origin, outline::text, test_mode
            from player_session where id = %s and expires_at > now()""";
    private static final String SESSION = SESSION_WHERE_ID.formatted("?1");
    private static final String SESSION_ON_CONNECTION = SESSION_WHERE_ID.formatted("$1");
    /** Binds an edit session to the course or screen its editor created; only while it has none. */
    private static final String BIND_COURSE =
            "update player_session set course_id = ?2 where id = ?1 and course_id is null";

    private static final String BIND_SCREEN =
            "update player_session set screen_id = ?2 where id = ?1 and screen_id is null";
    /**
     * Takes a progress write's sequence number for its session when it is above the last one taken;
     * the row lock orders concurrent writes of a session, each compared with the number committed.
     */
    private static final String TAKE_SEQUENCE = """
            update player_session set progress_sequence = $2
            where id = $1 and (progress_sequence is null or progress_sequence < $2)""";

    private static final String TRACKING_WHERE_ID = """
            select id, identifier, client_identifier, collection::text, test_mode, screen_index, furthest_index, percent,
                answers::text, total_seconds,
                to_char(commenced_at at time zone 'UTC', %1$s), to_char(completed_at at time zone 'UTC', %1$s)
            from player_tracking where id = %2$s""";
    private static final String TRACKING_COLUMNS = TRACKING_WHERE_ID.formatted(ISO, "?1");
    private static final String TRACKING_FOR_UPDATE = TRACKING_WHERE_ID.formatted(ISO, "$1") + " for update";
    private static final String UPDATE_TRACKING = """
            update player_tracking set screen_index = $2, furthest_index = $3, percent = $4,
                answers = cast(cast($5 as text) as jsonb), total_seconds = $6,
                commenced_at = coalesce(commenced_at, cast($7 as timestamptz)),
                completed_at = coalesce(completed_at, cast($8 as timestamptz)), updated_at = now()
            where id = $1""";
    private static final String LIST = """
            select id, course_id, identifier, client_identifier, collection::text,
                to_char(commenced_at at time zone 'UTC', %1$s), to_char(completed_at at time zone 'UTC', %1$s),
                total_seconds, screen_index, percent, test_mode,
                to_char(created_at at time zone 'UTC', %1$s), to_char(updated_at at time zone 'UTC', %1$s), %2$s
            from player_tracking where course_id = ?1 and (cast(?2 as text) is null or identifier = cast(?2 as text))
            order by id limit ?3 offset ?4""".formatted(
                    ISO, MemberProjection.emailSubquery("player_tracking.workspace_id", "player_tracking.identifier"));
    private static final String COUNT = """
            select count(*) from player_tracking where course_id = ?1 and (cast(?2 as text) is null or identifier = cast(?2 as text))""";

    /** A tracking record as stored; {@code commenced} and {@code completed} as ISO instants or null. */
    public record TrackingRow(
            long id,
            String identifier,
            String clientIdentifier,
            String collection,
            boolean testMode,
            int screenIndex,
            int furthestIndex,
            int percent,
            String answers,
            long totalSeconds,
            String commenced,
            String completed) {}

    private final Pool pool;

    public PlayerRepository(Pool pool) {
        this.pool = pool;
    }

    /** The pool a progress write or quiz runs its transaction on. */
    Pool pool() {
        return pool;
    }

    /** Records the token's use; false when it was used before. */
    Uni<Boolean> useToken(String jti, String sessionId, OffsetDateTime expiresAt) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(USE_TOKEN)
                        .setParameter(1, jti)
                        .setParameter(2, sessionId)
                        .setParameter(3, expiresAt)
                        .executeUpdate())
                .map(n -> n > 0);
    }

    /**
     * The learner's tracking record of the course or screen, made on the first view with the key's
     * mode; a course's is the one of the collection ({@code collectionId}, null: standalone).
     */
    Uni<Long> tracking(
            long workspaceId,
            String kind,
            long targetId,
            String identifier,
            String clientIdentifier,
            String collection,
            Long collectionId,
            boolean testMode) {
        boolean course = EmbedService.KIND_COURSE.equals(kind);
        String sql = course ? COURSE_TRACKING : SCREEN_TRACKING;
        return Panache.getSession()
                .chain(s -> {
                    var query = s.createNativeQuery(sql, Long.class)
                            .setParameter(1, workspaceId)
                            .setParameter(2, targetId)
                            .setParameter(3, identifier)
                            .setParameter(4, clientIdentifier)
                            .setParameter(5, collection)
                            .setParameter(6, testMode);
                    return (course ? query.setParameter(7, collectionId) : query).getSingleResult();
                })
                .map(id -> ((Number) id).longValue());
    }

    Uni<Void> insertSession(PlayerSession row, OffsetDateTime expiresAt) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(INSERT_SESSION)
                        .setParameter(1, row.id())
                        .setParameter(2, row.workspaceId())
                        .setParameter(3, row.kind())
                        .setParameter(4, row.courseId())
                        .setParameter(5, row.screenId())
                        .setParameter(6, row.trackingId())
                        .setParameter(7, row.mode())
                        .setParameter(8, row.clientIdentifier())
                        .setParameter(9, row.identifier())
                        .setParameter(10, row.options())
                        .setParameter(11, row.parentOrigin())
                        .setParameter(12, row.outline())
                        .setParameter(13, expiresAt)
                        .setParameter(14, row.testMode())
                        .executeUpdate())
                .replaceWithVoid();
    }

    /** The session, or null when unknown or expired, read on {@code client}. */
    Uni<PlayerSession> session(SqlClient client, String id) {
        return client.preparedQuery(SESSION_ON_CONNECTION).execute(Tuple.of(id)).map(rows -> {
            if (rows.size() == 0) {
                return null;
            }
            Row r = rows.iterator().next();
            return new PlayerSession(
                    r.getString(0),
                    r.getLong(1),
                    r.getString(2),
                    r.getLong(3),
                    r.getLong(4),
                    r.getLong(5),
                    r.getString(6),
                    r.getString(7),
                    r.getString(8),
                    r.getString(9),
                    r.getString(10),
                    r.getString(11),
                    r.getBoolean(12));
        });
    }

    /** The session, or null when unknown or expired; locked until the transaction ends when {@code lock}. */
    public Uni<PlayerSession> session(String id, boolean lock) {
        String sql = lock ? SESSION + " for update" : SESSION;
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(sql, Object[].class)
                        .setParameter(1, id)
                        .getResultList())
                .map(rows -> {
                    if (rows.isEmpty()) {
                        return null;
                    }
                    Object[] r = rows.get(0);
                    return new PlayerSession(
                            (String) r[0],
                            num(r[1]),
                            (String) r[2],
                            optNum(r[3]),
                            optNum(r[4]),
                            optNum(r[5]),
                            (String) r[6],
                            (String) r[7],
                            (String) r[8],
                            (String) r[9],
                            (String) r[10],
                            (String) r[11],
                            (Boolean) r[12]);
                });
    }

    /** Binds an edit session without a course to the one its editor created; false when it already had one. */
    public Uni<Boolean> bindCourse(String sessionId, long courseId) {
        return bind(BIND_COURSE, sessionId, courseId);
    }

    /** Binds an edit session without a screen to the one its editor created; false when it already had one. */
    public Uni<Boolean> bindScreen(String sessionId, long screenId) {
        return bind(BIND_SCREEN, sessionId, screenId);
    }

    private Uni<Boolean> bind(String sql, String sessionId, long targetId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(sql)
                        .setParameter(1, sessionId)
                        .setParameter(2, targetId)
                        .executeUpdate())
                .map(n -> n > 0);
    }

    /**
     * Takes {@code sequence} as the session's last progress write, in one conditional update; false
     * when the session already took this number or a higher one (the write arrived late).
     */
    Uni<Boolean> takeSequence(SqlClient transaction, String sessionId, long sequence) {
        return transaction
                .preparedQuery(TAKE_SEQUENCE)
                .execute(Tuple.of(sessionId, sequence))
                .map(rows -> rows.rowCount() > 0);
    }

    /** The tracking record as the session exchange shows it, through the current Hibernate Reactive session. */
    Uni<TrackingRow> tracking(long id) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(TRACKING_COLUMNS, Object[].class)
                        .setParameter(1, id)
                        .getSingleResult())
                .map(r -> new TrackingRow(
                        num(r[0]),
                        (String) r[1],
                        (String) r[2],
                        (String) r[3],
                        (Boolean) r[4],
                        (int) num(r[5]),
                        (int) num(r[6]),
                        (int) num(r[7]),
                        (String) r[8],
                        num(r[9]),
                        (String) r[10],
                        (String) r[11]));
    }

    /** The tracking record, locked until {@code transaction} ends (a write applies to what it read). */
    Uni<TrackingRow> lockedTracking(SqlClient transaction, long id) {
        return transaction
                .preparedQuery(TRACKING_FOR_UPDATE)
                .execute(Tuple.of(id))
                .map(rows -> {
                    Row r = rows.iterator().next();
                    return new TrackingRow(
                            r.getLong(0),
                            r.getString(1),
                            r.getString(2),
                            r.getString(3),
                            r.getBoolean(4),
                            r.getInteger(5),
                            r.getInteger(6),
                            r.getInteger(7),
                            r.getString(8),
                            r.getLong(9),
                            r.getString(10),
                            r.getString(11));
                });
    }

    Uni<Void> updateTracking(
            SqlClient transaction,
            long id,
            int screenIndex,
            int furthestIndex,
            int percent,
            String answers,
            long totalSeconds,
            OffsetDateTime commencedAt,
            OffsetDateTime completedAt) {
        return transaction
                .preparedQuery(UPDATE_TRACKING)
                .execute(Tuple.tuple()
                        .addLong(id)
                        .addInteger(screenIndex)
                        .addInteger(furthestIndex)
                        .addInteger(percent)
                        .addString(answers)
                        .addLong(totalSeconds)
                        .addOffsetDateTime(commencedAt)
                        .addOffsetDateTime(completedAt))
                .replaceWithVoid();
    }

    /** One page of a course's tracking records, oldest first, optionally of one learner. */
    Uni<Paged<Object[]>> page(long courseId, String identifier, int page, int length) {
        int size = Math.max(length, 1);
        int offset = Paged.start(page, length);
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(COUNT, Long.class)
                        .setParameter(1, courseId)
                        .setParameter(2, identifier)
                        .getSingleResult()
                        .chain(total -> length == 0
                                ? Uni.createFrom().item(new Paged<>(List.<Object[]>of(), num(total)))
                                : s.createNativeQuery(LIST, Object[].class)
                                        .setParameter(1, courseId)
                                        .setParameter(2, identifier)
                                        .setParameter(3, size)
                                        .setParameter(4, offset)
                                        .getResultList()
                                        .map(rows -> new Paged<>(rows, num(total)))));
    }

    static long num(Object value) {
        return ((Number) value).longValue();
    }

    static Long optNum(Object value) {
        return value == null ? null : ((Number) value).longValue();
    }
}

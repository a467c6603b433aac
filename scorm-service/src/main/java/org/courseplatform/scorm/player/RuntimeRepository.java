package org.courseplatform.scorm.player;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/**
 * The SQL of the SCORM runtime: a SCO's saved CMI data ({@code scorm_sco_state}) and the learner's
 * tracking record it rolls up into. Runs in the caller's session or transaction.
 */
@ApplicationScoped
public class RuntimeRepository {

    private static final String STATE = "select cmi::text from scorm_sco_state where tracking_id = ?1 and sco_id = ?2";
    private static final String LOCK = """
            select t.id, t.identifier, t.test_mode, t.workspace_id, t.course_id, p.title, p.course_key, p.client_identifier,
                t.commenced_at is not null, t.completed_at is not null,
                to_char(t.commenced_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
            from scorm_tracking t join scorm_package p on p.course_id = t.course_id where t.id = ?1 for update of t""";
    private static final String UPSERT = """
            insert into scorm_sco_state (tracking_id, sco_id, location, suspend_data, completion_status, success_status,
                score_raw, score_min, score_max, score_scaled, total_time, total_seconds, exit, cmi, updated_at)
            values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, cast(cast(?14 as text) as jsonb), now())
            on conflict (tracking_id, sco_id) do update set location = excluded.location, suspend_data = excluded.suspend_data,
                completion_status = excluded.completion_status, success_status = excluded.success_status,
                score_raw = excluded.score_raw, score_min = excluded.score_min, score_max = excluded.score_max,
                score_scaled = excluded.score_scaled, total_time = coalesce(excluded.total_time, scorm_sco_state.total_time),
                total_seconds = greatest(excluded.total_seconds, scorm_sco_state.total_seconds), exit = excluded.exit,
                cmi = excluded.cmi, updated_at = now()""";
    private static final String PROGRESS = """
            select sco_id, completion_status, total_seconds from scorm_sco_state where tracking_id = ?1""";
    private static final String UPDATE = """
            update scorm_tracking set last_sco = coalesce(?2, last_sco), total_seconds = ?3,
                commenced_at = coalesce(commenced_at, cast(?4 as timestamptz)),
                completed_at = coalesce(completed_at, cast(?5 as timestamptz)), updated_at = now()
            where id = ?1""";

    /**
     * A tracking record, locked, with its package's course: whether it was commenced and completed
     * before this change, and when it was commenced (ISO-8601 UTC, null when not yet).
     */
    public record TrackingRow(
            long id,
            String identifier,
            boolean testMode,
            long workspaceId,
            long courseId,
            String title,
            String courseKey,
            String clientIdentifier,
            boolean commenced,
            boolean completed,
            String commencedAt) {}

    /** One SCO's progress: its completion status and the seconds spent in it (null when not reported). */
    public record ScoProgress(String scoId, String completionStatus, Number totalSeconds) {}

    /** The SCO's last committed CMI data as JSON text, or empty when it has none. */
    Uni<Optional<String>> state(long trackingId, String scoId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(STATE, String.class)
                        .setParameter(1, trackingId)
                        .setParameter(2, scoId)
                        .getResultList())
                .map(rows -> rows.isEmpty() ? Optional.empty() : Optional.ofNullable(rows.get(0)));
    }

    /** Stores a commit of the SCO: its CMI fields and the whole commit as JSON text. */
    Uni<Void> save(long trackingId, String scoId, Cmi cmi, String commitJson) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(UPSERT)
                        .setParameter(1, trackingId)
                        .setParameter(2, scoId)
                        .setParameter(3, cmi.location())
                        .setParameter(4, cmi.suspendData())
                        .setParameter(5, cmi.completionStatus())
                        .setParameter(6, cmi.successStatus())
                        .setParameter(7, cmi.scoreRaw())
                        .setParameter(8, cmi.scoreMin())
                        .setParameter(9, cmi.scoreMax())
                        .setParameter(10, cmi.scoreScaled())
                        .setParameter(11, cmi.totalTime())
                        .setParameter(12, cmi.totalSeconds())
                        .setParameter(13, cmi.exit())
                        .setParameter(14, commitJson)
                        .executeUpdate())
                .replaceWithVoid();
    }

    /** Locks the tracking record until the transaction ends (one roll-up at a time per learner). */
    Uni<TrackingRow> lockTracking(long trackingId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(LOCK, Object[].class)
                        .setParameter(1, trackingId)
                        .getSingleResult())
                .map(t -> new TrackingRow(
                        ((Number) t[0]).longValue(),
                        (String) t[1],
                        (Boolean) t[2],
                        ((Number) t[3]).longValue(),
                        ((Number) t[4]).longValue(),
                        (String) t[5],
                        (String) t[6],
                        (String) t[7],
                        (Boolean) t[8],
                        (Boolean) t[9],
                        (String) t[10]));
    }

    /** Every SCO's progress within the tracking record. */
    Uni<List<ScoProgress>> progress(long trackingId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(PROGRESS, Object[].class)
                        .setParameter(1, trackingId)
                        .getResultList())
                .map(rows -> rows.stream()
                        .map(r -> new ScoProgress((String) r[0], (String) r[1], (Number) r[2]))
                        .toList());
    }

    /**
     * Rolls the SCOs up into the tracking record: the last SCO that committed (null keeps it), the
     * total seconds, and the commenced and completed times where they were not set (null leaves them).
     */
    Uni<Void> updateTracking(
            long trackingId, String lastSco, double totalSeconds, OffsetDateTime commenced, OffsetDateTime completed) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(UPDATE)
                        .setParameter(1, trackingId)
                        .setParameter(2, lastSco)
                        .setParameter(3, totalSeconds)
                        .setParameter(4, commenced)
                        .setParameter(5, completed)
                        .executeUpdate())
                .replaceWithVoid();
    }
}

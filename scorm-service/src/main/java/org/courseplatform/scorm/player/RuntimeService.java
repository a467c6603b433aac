package org.courseplatform.scorm.player;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.courseplatform.platform.events.EventData.CourseProgress;
import org.courseplatform.platform.events.EventData.TrackedCourse;
import org.courseplatform.platform.events.EventData.Tracking;
import org.courseplatform.platform.events.EventType;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.events.Outbox;
import org.courseplatform.platform.web.ApiException;

/**
 * The SCORM runtime's server side: restores a SCO's saved data at launch and stores what the SCO
 * commits, per learner and package. The first commence and the first completion of a tracking
 * record raise {@code course.commenced} and {@code course.completed} on {@code scorm-events}, in the
 * transaction of the change, with the {@code testMode} stored on the tracking record.
 */
@ApplicationScoped
public class RuntimeService {

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

    private final ObjectMapper mapper;
    private final Outbox outbox;

    public RuntimeService(ObjectMapper mapper, Outbox outbox) {
        this.mapper = mapper;
        this.outbox = outbox;
    }

    /** What scorm-again's {@code loadFromJSON} gets before the SCO starts. */
    @WithSession
    public Uni<ObjectNode> restore(PlayerSession session, String scoId) {
        requireSco(session, scoId);
        if (!session.view()) {
            return Uni.createFrom().item(Cmi.restore(mapper, session.scorm12(), null, null, "preview"));
        }
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(STATE, String.class)
                        .setParameter(1, session.trackingId())
                        .setParameter(2, scoId)
                        .getResultList())
                .map(rows -> {
                    if (rows.isEmpty() || rows.get(0) == null) {
                        return Cmi.restore(mapper, session.scorm12(), null, null, session.identifier());
                    }
                    JsonNode stored = read(rows.get(0));
                    return Cmi.restore(
                            mapper,
                            session.scorm12(),
                            Cmi.read(stored, session.scorm12()),
                            Cmi.lessonStatus(stored),
                            session.identifier());
                });
    }

    /** The SCO started (Initialize): the tracking record is commenced, once. */
    @WithTransaction
    public Uni<Void> initialize(PlayerSession session, String scoId) {
        requireView(session);
        requireSco(session, scoId);
        return progress(session, scoId, null);
    }

    /** Stores a commit of {@code scoId} and updates the learner's tracking record. */
    @WithTransaction
    public Uni<Void> commit(PlayerSession session, String scoId, JsonNode commit) {
        requireView(session);
        requireSco(session, scoId);
        if (!commit.isObject()) {
            throw ApiException.badRequest("A commit is a JSON object of CMI data");
        }
        Cmi cmi = Cmi.read(commit, session.scorm12());
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(UPSERT)
                        .setParameter(1, session.trackingId())
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
                        .setParameter(14, commit.toString())
                        .executeUpdate())
                .chain(() -> progress(session, scoId, cmi));
    }

    private Uni<Void> progress(PlayerSession session, String scoId, Cmi cmi) {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS);
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(LOCK, Object[].class)
                        .setParameter(1, session.trackingId())
                        .getSingleResult()
                        .chain(t -> s.createNativeQuery(PROGRESS, Object[].class)
                                .setParameter(1, session.trackingId())
                                .getResultList()
                                .chain(states -> {
                                    boolean wasCommenced = (Boolean) t[8];
                                    boolean wasCompleted = (Boolean) t[9];
                                    Set<String> complete = new HashSet<>();
                                    double total = 0;
                                    for (Object[] state : states) {
                                        if ("completed".equals(state[1])) {
                                            complete.add((String) state[0]);
                                        }
                                        total += state[2] == null ? 0 : ((Number) state[2]).doubleValue();
                                    }
                                    boolean allComplete =
                                            !scoIds(session).isEmpty() && complete.containsAll(scoIds(session));
                                    boolean commenceNow = !wasCommenced;
                                    boolean completeNow = !wasCompleted && allComplete;
                                    String commenced = wasCommenced ? (String) t[10] : now.toString();
                                    double totalTime = total;
                                    Uni<Integer> update = s.createNativeQuery(UPDATE)
                                            .setParameter(1, session.trackingId())
                                            .setParameter(2, cmi == null ? null : scoId)
                                            .setParameter(3, total)
                                            .setParameter(4, commenceNow ? now : null)
                                            .setParameter(5, completeNow ? now : null)
                                            .executeUpdate();
                                    return update.chain(() -> commenceNow
                                                    ? event(
                                                            Events.SCORM_COURSE_COMMENCED,
                                                            t,
                                                            commenced,
                                                            null,
                                                            totalTime)
                                                    : Uni.createFrom().voidItem())
                                            .chain(() -> completeNow
                                                    ? event(
                                                            Events.SCORM_COURSE_COMPLETED,
                                                            t,
                                                            commenced,
                                                            now.toString(),
                                                            totalTime)
                                                    : Uni.createFrom().voidItem());
                                })));
    }

    /** {@code data = {course: {id, title, key, clientIdentifier}, tracking: {id, identifier, email, commenced, completed, totalTime}}}. */
    private Uni<Void> event(
            EventType<CourseProgress> type, Object[] t, String commenced, String completed, double totalTime) {
        long trackingId = ((Number) t[0]).longValue();
        long workspaceId = ((Number) t[3]).longValue();
        long courseId = ((Number) t[4]).longValue();
        TrackedCourse course = new TrackedCourse(courseId, (String) t[5], (String) t[6], (String) t[7]);
        Tracking tracking = new Tracking(
                trackingId, (String) t[1], null, commenced, completed, Math.round(totalTime * 100) / 100.0);
        Log.debugf("%s: course %d, tracking %d", type.name(), courseId, trackingId);
        return outbox.add(
                        type,
                        Long.toString(courseId),
                        workspaceId,
                        (Boolean) t[2],
                        new CourseProgress(course, tracking, null))
                .replaceWithVoid();
    }

    static List<String> scoIds(PlayerSession session) {
        return session.launch().path("scos").findValuesAsText("identifier");
    }

    private static void requireSco(PlayerSession session, String scoId) {
        if (!scoIds(session).contains(scoId)) {
            throw ApiException.notFound("The package has no SCO " + scoId);
        }
    }

    private static void requireView(PlayerSession session) {
        if (!session.view()) {
            throw ApiException.forbidden("The overview is read-only and records nothing");
        }
    }

    private JsonNode read(String json) {
        try {
            return mapper.readTree(json);
        } catch (JsonProcessingException e) {
            return mapper.createObjectNode();
        }
    }
}

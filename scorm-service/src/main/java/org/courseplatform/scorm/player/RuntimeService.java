package org.courseplatform.scorm.player;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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

    private final ObjectMapper mapper;
    private final Outbox outbox;
    private final RuntimeRepository runtime;

    public RuntimeService(ObjectMapper mapper, Outbox outbox, RuntimeRepository runtime) {
        this.mapper = mapper;
        this.outbox = outbox;
        this.runtime = runtime;
    }

    /** What scorm-again's {@code loadFromJSON} gets before the SCO starts. */
    @WithSession
    public Uni<ObjectNode> restore(PlayerSession session, String scoId) {
        requireSco(session, scoId);
        if (!session.view()) {
            return Uni.createFrom().item(Cmi.restore(mapper, session.scorm12(), null, null, "preview"));
        }
        return runtime.state(session.trackingId(), scoId).map(saved -> {
            if (saved.isEmpty()) {
                return Cmi.restore(mapper, session.scorm12(), null, null, session.identifier());
            }
            JsonNode stored = read(saved.get());
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
        return runtime.save(session.trackingId(), scoId, cmi, commit.toString())
                .chain(() -> progress(session, scoId, cmi));
    }

    private Uni<Void> progress(PlayerSession session, String scoId, Cmi cmi) {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS);
        return runtime.lockTracking(session.trackingId())
                .chain(t -> runtime.progress(session.trackingId()).chain(states -> {
                    Set<String> complete = new HashSet<>();
                    double total = 0;
                    for (RuntimeRepository.ScoProgress state : states) {
                        if ("completed".equals(state.completionStatus())) {
                            complete.add(state.scoId());
                        }
                        total += state.totalSeconds() == null
                                ? 0
                                : state.totalSeconds().doubleValue();
                    }
                    boolean allComplete = !scoIds(session).isEmpty() && complete.containsAll(scoIds(session));
                    boolean commenceNow = !t.commenced();
                    boolean completeNow = !t.completed() && allComplete;
                    String commenced = t.commenced() ? t.commencedAt() : now.toString();
                    double totalTime = total;
                    return runtime.updateTracking(
                                    session.trackingId(),
                                    cmi == null ? null : scoId,
                                    total,
                                    commenceNow ? now : null,
                                    completeNow ? now : null)
                            .chain(() -> commenceNow
                                    ? event(Events.SCORM_COURSE_COMMENCED, t, commenced, null, totalTime)
                                    : Uni.createFrom().voidItem())
                            .chain(() -> completeNow
                                    ? event(Events.SCORM_COURSE_COMPLETED, t, commenced, now.toString(), totalTime)
                                    : Uni.createFrom().voidItem());
                }));
    }

    /** {@code data = {course: {id, title, key, clientIdentifier}, tracking: {id, identifier, email, commenced, completed, totalTime}}}. */
    private Uni<Void> event(
            EventType<CourseProgress> type,
            RuntimeRepository.TrackingRow t,
            String commenced,
            String completed,
            double totalTime) {
        long trackingId = t.id();
        long workspaceId = t.workspaceId();
        long courseId = t.courseId();
        TrackedCourse course = new TrackedCourse(courseId, t.title(), t.courseKey(), t.clientIdentifier());
        Tracking tracking = new Tracking(
                trackingId, t.identifier(), null, commenced, completed, Math.round(totalTime * 100) / 100.0);
        Log.debugf("%s: course %d, tracking %d", type.name(), courseId, trackingId);
        return outbox.add(
                        type,
                        Long.toString(courseId),
                        workspaceId,
                        t.testMode(),
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

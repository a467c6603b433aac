package org.courseplatform.courses.analytics;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.courseplatform.platform.events.CloudEvent;
import org.courseplatform.platform.events.Events;

/**
 * Applies {@code course.commenced} and {@code course.completed} of the native player
 * (course-events) and of hosted SCORM (scorm-events) to the analytics projection: the learner's
 * commenced and completed instants, total time and the collection the record belongs to. Other
 * events (course changes, library screen
 * quizzes) are ignored, as are events missing the course, the tracking record or the workspace.
 */
@ApplicationScoped
public class AnalyticsProjection {

    private final AnalyticsRepository repository;

    public AnalyticsProjection(AnalyticsRepository repository) {
        this.repository = repository;
    }

    /**
     * The native player's furthest screen of a learner and, once known, whether they passed the
     * course's questions (no event carries them); called inside the progress transaction.
     */
    public Uni<Void> reached(
            SqlClient transaction,
            long trackingId,
            long workspaceId,
            long courseId,
            String identifier,
            boolean testMode,
            int furthestIndex,
            Boolean quizPassed) {
        return repository.reached(
                transaction, trackingId, workspaceId, courseId, identifier, testMode, furthestIndex, quizPassed);
    }

    Uni<Void> apply(SqlClient client, String source, List<CloudEvent> events) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (CloudEvent event : events) {
            boolean commenced = Events.COURSE_COMMENCED.is(event);
            if (!commenced && !Events.COURSE_COMPLETED.is(event)
                    || event.data() == null
                    || event.workspaceid() == null) {
                continue;
            }
            JsonNode course = event.data().path("course");
            JsonNode tracking = event.data().path("tracking");
            if (!course.path("id").canConvertToLong() || !tracking.path("id").canConvertToLong()) {
                continue;
            }
            OffsetDateTime started = instant(tracking.path("commenced"));
            OffsetDateTime finished = commenced ? null : instant(tracking.path("completed"));
            if (started == null && finished == null) {
                continue;
            }
            long seconds = Math.max(0, Math.round(tracking.path("totalTime").asDouble(0)));
            String identifier = tracking.path("identifier").asText("");
            boolean testMode = Boolean.TRUE.equals(event.testmode());
            JsonNode collection = event.data().path("collection").path("id");
            Long collectionId =
                    collection.canConvertToLong() && collection.isIntegralNumber() ? collection.asLong() : null;
            chain = chain.chain(() -> repository.event(
                    client,
                    source,
                    tracking.get("id").asLong(),
                    event.workspaceid(),
                    course.get("id").asLong(),
                    identifier,
                    testMode,
                    started,
                    finished,
                    seconds,
                    collectionId));
        }
        return chain;
    }

    private static OffsetDateTime instant(JsonNode value) {
        if (!value.isTextual()) {
            return null;
        }
        try {
            return OffsetDateTime.parse(value.asText());
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}

package org.courseplatform.courses.analytics;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.courseplatform.platform.events.CloudEvent;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.events.Inbox;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Reads course-events (the native player) and scorm-events (hosted SCORM) in batches for the
 * analytics projection, as the member projection reads member-events: each batch in one
 * transaction, the inbox keeping each event's effect to once whatever Kafka redelivers.
 */
@ApplicationScoped
public class AnalyticsConsumers {

    static final String PLAYER_ANALYTICS = "analytics-player";
    static final String SCORM_ANALYTICS = "analytics-scorm";

    private final Inbox inbox;
    private final AnalyticsRepository repository;
    private final AnalyticsProjection projection;

    public AnalyticsConsumers(Inbox inbox, AnalyticsRepository repository, AnalyticsProjection projection) {
        this.inbox = inbox;
        this.repository = repository;
        this.projection = projection;
    }

    @Incoming("analytics-course-events")
    public Uni<Void> courseEvents(List<String> values) {
        return apply(PLAYER_ANALYTICS, AnalyticsRepository.PLAYER, values);
    }

    @Incoming("analytics-scorm-events")
    public Uni<Void> scormEvents(List<String> values) {
        return apply(SCORM_ANALYTICS, AnalyticsRepository.SCORM, values);
    }

    /**
     * The events the projection counts. Every other event of the topics (course.created,
     * course.updated, …) is dropped before its batch opens a transaction or claims an inbox row.
     */
    static boolean tracksProgress(CloudEvent event) {
        return Events.COURSE_COMMENCED.is(event) || Events.COURSE_COMPLETED.is(event);
    }

    private Uni<Void> apply(String consumer, String source, List<String> values) {
        return inbox.consumeBatch(
                repository.pool(),
                consumer,
                values,
                AnalyticsConsumers::tracksProgress,
                (connection, fresh) -> projection.apply(connection, source, fresh));
    }
}

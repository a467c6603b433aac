package org.courseplatform.courses.member;

import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.courseplatform.platform.events.CloudEvent;
import org.courseplatform.platform.events.Inbox;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Reads member-events in batches (one Kafka poll at a time); each batch is applied in one
 * transaction, and the inbox keeps each event's effect to once whatever Kafka redelivers.
 */
@ApplicationScoped
public class TopicConsumers {

    static final String MEMBER_PROJECTION = "member-projection";

    private final Inbox inbox;
    private final MemberProjectionRepository repository;
    private final MemberProjection projection;

    public TopicConsumers(Inbox inbox, MemberProjectionRepository repository, MemberProjection projection) {
        this.inbox = inbox;
        this.repository = repository;
        this.projection = projection;
    }

    @Incoming("member-events")
    public Uni<Void> memberEvents(List<String> values) {
        List<CloudEvent> events =
                values.stream().map(inbox::parse).filter(Objects::nonNull).toList();
        if (events.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return repository
                .pool()
                .withTransaction(connection -> inbox.claim(connection, MEMBER_PROJECTION, events)
                        .chain(fresh -> projection.apply(connection, fresh)))
                .onFailure()
                .retry()
                .withBackOff(Duration.ofMillis(200), Duration.ofSeconds(10))
                .atMost(8)
                .invoke(() -> Log.debugf("%s: %d events", MEMBER_PROJECTION, events.size()));
    }
}

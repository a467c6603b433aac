package org.courseplatform.courses.member;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.courseplatform.platform.events.Inbox;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Reads member-events in batches (one Kafka poll at a time); each batch is applied in one
 * transaction, and the inbox keeps each event's effect to once whatever Kafka redelivers.
 */
@ApplicationScoped
public class MemberEventsConsumer {

    static final String MEMBER_PROJECTION = "member-projection";

    private final Inbox inbox;
    private final MemberProjectionRepository repository;
    private final MemberProjection projection;

    public MemberEventsConsumer(Inbox inbox, MemberProjectionRepository repository, MemberProjection projection) {
        this.inbox = inbox;
        this.repository = repository;
        this.projection = projection;
    }

    @Incoming("member-events")
    public Uni<Void> memberEvents(List<String> values) {
        return inbox.consumeBatch(repository.pool(), MEMBER_PROJECTION, values, e -> true, projection::apply);
    }
}

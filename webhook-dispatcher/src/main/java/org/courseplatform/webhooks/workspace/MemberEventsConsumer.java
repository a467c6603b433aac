package org.courseplatform.webhooks.workspace;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.platform.events.Inbox;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Reads {@code member-events}; each event takes effect once whatever Kafka redelivers. */
@ApplicationScoped
public class MemberEventsConsumer {

    static final String CONSUMER = "workspace-projection";

    private final Inbox inbox;
    private final WorkspaceProjection projection;

    public MemberEventsConsumer(Inbox inbox, WorkspaceProjection projection) {
        this.inbox = inbox;
        this.projection = projection;
    }

    @Incoming("member-events")
    public Uni<Void> consume(String value) {
        return inbox.consume(CONSUMER, value, projection::apply);
    }
}

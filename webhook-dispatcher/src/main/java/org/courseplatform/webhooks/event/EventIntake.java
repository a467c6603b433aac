package org.courseplatform.webhooks.event;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.courseplatform.platform.events.CloudEvent;
import org.courseplatform.platform.events.EventTraces;
import org.courseplatform.platform.events.Inbox;
import org.courseplatform.webhooks.WebhooksConfig;
import org.courseplatform.webhooks.delivery.DeliveryBodies;
import org.courseplatform.webhooks.delivery.DeliveryQueue;
import org.courseplatform.webhooks.delivery.DeliverySender;
import org.courseplatform.webhooks.delivery.QueuedEvent;
import org.courseplatform.webhooks.workspace.WorkspaceProjection;

/**
 * Turns a batch of records from one topic into deliveries, in one transaction: the inbox keeps
 * each event's effect to once, workspace events update the projection, and every subscribable
 * event becomes one delivery per subscribed endpoint with its body built here, once. It runs in
 * the trace of the request that caused the events (its first traced event's), and each delivery
 * keeps its own event's trace for its attempts.
 */
@ApplicationScoped
public class EventIntake {

    private final Inbox inbox;
    private final DeliveryQueue deliveries;
    private final WorkspaceProjection workspaces;
    private final DeliverySender sender;
    private final ObjectMapper mapper;
    private final int maxAttempts;

    public EventIntake(
            Inbox inbox,
            DeliveryQueue deliveries,
            WorkspaceProjection workspaces,
            DeliverySender sender,
            ObjectMapper mapper,
            WebhooksConfig config) {
        this.inbox = inbox;
        this.deliveries = deliveries;
        this.workspaces = workspaces;
        this.sender = sender;
        this.mapper = mapper;
        this.maxAttempts = config.retry().maxAttempts();
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("webhooks.retry.max-attempts must be at least 1");
        }
    }

    /** Applies the records' events once each; records that are not CloudEvents are skipped. */
    public Uni<Void> accept(String consumer, List<String> values) {
        List<CloudEvent> events =
                values.stream().map(inbox::parse).filter(Objects::nonNull).toList();
        if (events.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return EventTraces.within(Inbox.traceOf(events), () -> intake(consumer, events));
    }

    private Uni<Void> intake(String consumer, List<CloudEvent> events) {
        return deliveries
                .inTransaction(connection -> inbox.claim(connection, consumer, events)
                        .chain(fresh -> workspaces.apply(connection, fresh).chain(() -> {
                            List<QueuedEvent> queued = queued(fresh);
                            if (queued.isEmpty()) {
                                return Uni.createFrom().item(Queued.NONE);
                            }
                            // A fresh room (and claim id) per try: a rolled-back try's claimed rows never existed.
                            DeliverySender.Room room = sender.room();
                            return deliveries
                                    .fanOut(connection, queued, maxAttempts, room)
                                    .map(rows -> new Queued(room, rows));
                        })))
                .onFailure()
                .retry()
                .withBackOff(Duration.ofMillis(200), Duration.ofSeconds(10))
                .atMost(8)
                .invoke(queued -> {
                    // Committed: the rows claimed while queueing are this sender's to send; the rest wake it.
                    int claimed = queued.rows() == null ? 0 : sender.accept(queued.room(), queued.rows());
                    int created = queued.rows() == null ? 0 : queued.rows().size();
                    deliveries.queued(created);
                    Log.debugf(
                            "%s: %d events, %d deliveries queued, %d of them claimed",
                            consumer, events.size(), created, claimed);
                    if (created > claimed) {
                        sender.wake();
                    }
                })
                .replaceWithVoid();
    }

    private record Queued(DeliverySender.Room room, RowSet<Row> rows) {
        static final Queued NONE = new Queued(null, null);
    }

    private List<QueuedEvent> queued(List<CloudEvent> events) {
        List<QueuedEvent> queued = new ArrayList<>();
        for (CloudEvent event : events) {
            if (!SubscribableEvents.isSubscribable(event.type())) {
                continue;
            }
            if (event.workspaceid() == null) {
                Log.warnf("Event %s (%s) names no workspace; not delivered", event.id(), event.type());
                continue;
            }
            // SPEC test mode rule 1: every newly queued event carries testMode; an event without one is not a test.
            boolean testMode = Boolean.TRUE.equals(event.testmode());
            String body = DeliveryBodies.build(
                    mapper, event.id(), event.type(), event.time(), event.workspaceid(), testMode, event.data());
            queued.add(new QueuedEvent(
                    UUID.fromString(event.id()),
                    event.workspaceid(),
                    event.type(),
                    body,
                    testMode,
                    event.traceparent()));
        }
        return queued;
    }
}

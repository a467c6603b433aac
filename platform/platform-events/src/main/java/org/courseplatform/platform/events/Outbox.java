package org.courseplatform.platform.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Records an event in the service's {@code outbox} table in the transaction of the change it
 * describes, so it commits or rolls back with it, with the trace context of the request that
 * caused it (in the envelope and the row's {@code traceparent}). The relay publishes it. Two
 * forms for the two ways a service writes: through the current Hibernate Reactive session (call
 * it inside the {@code @WithTransaction} of the change), or on the Vert.x SQL connection whose
 * transaction holds the change (hot paths that stay off Hibernate, such as the player's progress).
 */
@ApplicationScoped
public class Outbox {

    private static final String INSERT =
            "insert into outbox (id, topic, message_key, type, payload, traceparent) values (?1, ?2, ?3, ?4, ?5, ?6)";

    private static final String INSERT_ON_CONNECTION =
            "insert into outbox (id, topic, message_key, type, payload, traceparent) values ($1, $2, $3, $4, $5, $6)";

    private final ObjectMapper mapper;
    private final String source;

    public Outbox(ObjectMapper mapper, @ConfigProperty(name = "quarkus.application.name") String service) {
        this.mapper = mapper;
        this.source = "/" + service;
    }

    /**
     * Adds an event of a catalogue type ({@link Events}) for the workspace's partition of its topic.
     *
     * @param subject the id of the aggregate the event is about
     * @param testMode the mode of the API key that caused it
     */
    public <D> Uni<CloudEvent> add(EventType<D> type, String subject, long workspaceId, Boolean testMode, D data) {
        return add(type.topic(), type.name(), subject, workspaceId, testMode, data);
    }

    /**
     * Adds an event for the workspace's partition of {@code topic}. Services use the catalogue form
     * {@link #add(EventType, String, long, Boolean, Object)}.
     *
     * @param testMode the mode of the API key that caused it; null only for events that predate the field
     */
    public Uni<CloudEvent> add(
            String topic, String type, String subject, long workspaceId, Boolean testMode, Object data) {
        CloudEvent event = envelope(type, subject, workspaceId, testMode, data);
        String payload;
        try {
            payload = mapper.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            return Uni.createFrom().failure(e);
        }
        return Panache.getSession()
                .chain(session -> session.createNativeQuery(INSERT)
                        .setParameter(1, UUID.fromString(event.id()))
                        .setParameter(2, topic)
                        .setParameter(3, Long.toString(workspaceId))
                        .setParameter(4, type)
                        .setParameter(5, payload)
                        .setParameter(6, event.traceparent())
                        .executeUpdate())
                .invoke(() -> Log.debugf("Outbox: %s event %s queued", type, event.id()))
                .replaceWith(event);
    }

    /**
     * Adds an event of a catalogue type on {@code transaction}, the connection whose transaction
     * holds the change; for flows that run on the Vert.x SQL client rather than a Hibernate session.
     */
    public <D> Uni<CloudEvent> add(
            SqlClient transaction, EventType<D> type, String subject, long workspaceId, Boolean testMode, D data) {
        CloudEvent event = envelope(type.name(), subject, workspaceId, testMode, data);
        String payload;
        try {
            payload = mapper.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            return Uni.createFrom().failure(e);
        }
        return transaction
                .preparedQuery(INSERT_ON_CONNECTION)
                .execute(Tuple.of(
                        UUID.fromString(event.id()),
                        type.topic(),
                        Long.toString(workspaceId),
                        type.name(),
                        payload,
                        event.traceparent()))
                .invoke(() -> Log.debugf("Outbox: %s event %s queued", type.name(), event.id()))
                .replaceWith(event);
    }

    /**
     * The envelope of a new event from this service: a fresh id, now (UTC, milliseconds), the
     * current trace context, {@code data} as JSON.
     */
    CloudEvent envelope(String type, String subject, long workspaceId, Boolean testMode, Object data) {
        return new CloudEvent(
                CloudEvent.SPEC_VERSION,
                UUID.randomUUID().toString(),
                source,
                type,
                subject,
                OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS),
                CloudEvent.JSON,
                workspaceId,
                testMode,
                EventTraces.current(),
                mapper.valueToTree(data));
    }
}

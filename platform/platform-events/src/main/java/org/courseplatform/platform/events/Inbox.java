package org.courseplatform.platform.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Idempotent consumption: the event id goes into the {@code inbox} table in the same transaction
 * as the effect, so a redelivered or republished event has no second effect. The effect runs in
 * the trace of the request that caused the event ({@link EventTraces}). Transient failures
 * (database down) are retried with backoff before the message is nacked to the dead-letter topic.
 */
@ApplicationScoped
public class Inbox {

    private static final String CLAIM = "insert into inbox (consumer, event_id) values (?1, ?2) on conflict do nothing";
    private static final String CLAIM_ALL = "insert into inbox (consumer, event_id) select $1, unnest($2::uuid[])"
            + " on conflict do nothing returning event_id";

    private final ObjectMapper mapper;

    public Inbox(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** Parses a record value; null (logged) for a value that is not a CloudEvent. */
    public CloudEvent parse(String value) {
        if (value == null) {
            return null;
        }
        try {
            CloudEvent event = mapper.readValue(value, CloudEvent.class);
            if (event.id() == null || event.type() == null) {
                Log.warnf("Skipping a record that is not a CloudEvent (no id or type)");
                return null;
            }
            UUID.fromString(event.id());
            return event;
        } catch (JsonProcessingException | IllegalArgumentException e) {
            Log.warnf("Skipping a record that is not a CloudEvent: %s", e.getMessage());
            return null;
        }
    }

    /**
     * Applies {@code effect} to the event unless this consumer already did.
     *
     * @return true when the effect ran now, false for a duplicate
     */
    public Uni<Boolean> once(String consumer, CloudEvent event, Function<CloudEvent, Uni<Void>> effect) {
        return EventTraces.within(event.traceparent(), () -> onceInTrace(consumer, event, effect));
    }

    private Uni<Boolean> onceInTrace(String consumer, CloudEvent event, Function<CloudEvent, Uni<Void>> effect) {
        return Panache.withTransaction(() -> Panache.getSession()
                        .chain(session -> session.createNativeQuery(CLAIM)
                                .setParameter(1, consumer)
                                .setParameter(2, UUID.fromString(event.id()))
                                .executeUpdate())
                        .chain(claimed -> claimed == 1
                                ? effect.apply(event).replaceWith(true)
                                : Uni.createFrom().item(false)))
                .onFailure()
                .retry()
                .withBackOff(Duration.ofMillis(200), Duration.ofSeconds(10))
                .atMost(8)
                .invoke(applied -> Log.debugf(
                        "%s %s event %s (%s)",
                        consumer, applied ? "applied" : "skipped duplicate", event.id(), event.type()));
    }

    /** Parses and applies in one step; malformed records are skipped. */
    public Uni<Void> consume(String consumer, String value, Function<CloudEvent, Uni<Void>> effect) {
        CloudEvent event = parse(value);
        if (event == null) {
            return Uni.createFrom().voidItem();
        }
        return once(consumer, event, effect).replaceWithVoid();
    }

    /**
     * Applies one Kafka poll's records in one transaction on {@code pool}: parses them (skipping
     * what is not a CloudEvent), keeps the events {@code relevant} accepts, claims them for
     * {@code consumer} and hands the fresh ones, in order, to {@code effect} on the same
     * connection. A poll without a relevant event costs no transaction. Transient failures are
     * retried with backoff before the batch is nacked to the dead-letter topic.
     */
    public Uni<Void> consumeBatch(
            Pool pool,
            String consumer,
            List<String> values,
            Predicate<CloudEvent> relevant,
            BiFunction<SqlConnection, List<CloudEvent>, Uni<Void>> effect) {
        List<CloudEvent> events = values.stream()
                .map(this::parse)
                .filter(Objects::nonNull)
                .filter(relevant)
                .toList();
        if (events.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return EventTraces.within(
                traceOf(events),
                () -> pool.withTransaction(connection ->
                                claim(connection, consumer, events).chain(fresh -> effect.apply(connection, fresh)))
                        .onFailure()
                        .retry()
                        .withBackOff(Duration.ofMillis(200), Duration.ofSeconds(10))
                        .atMost(8)
                        .invoke(() -> Log.debugf("%s: %d events", consumer, events.size())));
    }

    /**
     * The trace a batch of events is handled in: the first traced event's. A poll usually holds
     * the events of one request; the others' trace ids stay in their envelopes.
     */
    public static String traceOf(List<CloudEvent> events) {
        for (CloudEvent event : events) {
            if (event.traceparent() != null) {
                return event.traceparent();
            }
        }
        return null;
    }

    /**
     * Batch form for consumers that work on a Vert.x SQL connection (high-volume topics): records
     * every event id for {@code consumer} in one statement inside the caller's transaction and
     * answers the events this consumer had not applied yet, in their order, each once. The
     * caller applies its effect on the same connection before the transaction commits.
     */
    public Uni<List<CloudEvent>> claim(SqlConnection connection, String consumer, List<CloudEvent> events) {
        if (events.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        UUID[] ids = events.stream().map(e -> UUID.fromString(e.id())).toArray(UUID[]::new);
        return connection
                .preparedQuery(CLAIM_ALL)
                .execute(Tuple.of(consumer, ids))
                .map(rows -> {
                    Set<UUID> fresh = new HashSet<>();
                    for (Row row : rows) {
                        fresh.add(row.getUUID("event_id"));
                    }
                    List<CloudEvent> claimed = new ArrayList<>(fresh.size());
                    for (CloudEvent event : events) {
                        if (fresh.remove(UUID.fromString(event.id()))) {
                            claimed.add(event);
                        }
                    }
                    return claimed;
                });
    }
}

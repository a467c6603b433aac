package org.courseplatform.platform.events;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * The outbox's lag as gauges, the same in every service: how many events wait to be published
 * ({@code outbox_unpublished_events}) and how long the oldest has waited
 * ({@code outbox_oldest_unpublished_age_seconds}; 0 when none waits). A relay that cannot reach
 * Kafka, or a transaction left open (which holds back every later row), shows as a growing age.
 *
 * <p>A scrape never touches the database: one statement on the reactive pool refreshes both values
 * every {@code platform.metrics.refresh-interval} (10 s), reading only the partial index of
 * unpublished rows; the count stops at {@value #COUNT_CAP}. A failed refresh keeps the last values.
 */
@ApplicationScoped
public class OutboxMetrics {

    static final int COUNT_CAP = 100_000;

    private static final String LAG = "select count(*) as unpublished, coalesce(extract(epoch from now() - ("
            + "select created_at from outbox where published_at is null order by seq limit 1)), 0)::float8 as oldest"
            + " from (select 1 from outbox where published_at is null limit " + COUNT_CAP + ") waiting";

    private final Pool pool;
    private final BacklogGauges lag = new BacklogGauges(LAG, "Outbox metrics");

    public OutboxMetrics(Pool pool) {
        this.pool = pool;
    }

    void register(@Observes StartupEvent event, MeterRegistry registry) {
        lag.register(
                registry,
                "outbox.unpublished.events",
                "Outbox events not yet published to Kafka (counted up to " + COUNT_CAP + ")",
                "outbox.oldest.unpublished.age",
                "How long the oldest unpublished outbox event has waited; 0 when none waits");
    }

    @Scheduled(
            identity = "outbox-metrics",
            every = "${platform.metrics.refresh-interval:10s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> refresh() {
        return lag.refresh(pool);
    }
}

package org.courseplatform.webhooks.delivery;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.platform.events.BacklogGauges;

/**
 * What operators watch of the deliveries: the backlog, as gauges of the deliveries due now and not
 * yet claimed by any sender ({@code webhook_deliveries_due}) and how long past its due time the
 * oldest of them is ({@code webhook_deliveries_oldest_due_age_seconds}; 0 when none is due); and
 * every attempt's outcome ({@code webhook_delivery_attempts_total{outcome}}, succeeded or failed).
 * A due row waits only while every sender is busy or down, so a growing age means the senders do
 * not keep up; receivers that fail show in the attempts, not the backlog (their retries are not due).
 *
 * <p>A scrape never touches the database: one statement on the reactive pool refreshes the gauges
 * every {@code platform.metrics.refresh-interval} (10 s), reading the {@code delivery_due} partial
 * index; the count stops at {@value #COUNT_CAP}. Every replica reports the same table, so
 * dashboards take the maximum over replicas. A failed refresh keeps the last values.
 */
@Startup
@ApplicationScoped
public class DeliveryMetrics {

    static final int COUNT_CAP = 100_000;

    private static final String BACKLOG = "select count(*) as due,"
            + " coalesce(extract(epoch from now() - min(next_attempt_at)), 0)::float8 as oldest"
            + " from (select next_attempt_at from delivery where status = 'pending' and next_attempt_at <= now()"
            + " order by next_attempt_at limit " + COUNT_CAP + ") waiting";

    private final Pool pool;
    private final Counter succeeded;
    private final Counter failed;
    private final BacklogGauges backlog = new BacklogGauges(BACKLOG, "Webhook delivery metrics");

    public DeliveryMetrics(Pool pool, MeterRegistry registry) {
        this.pool = pool;
        this.succeeded = attempts(registry, "succeeded");
        this.failed = attempts(registry, "failed");
        backlog.register(
                registry,
                "webhook.deliveries.due",
                "Deliveries due now that no sender has claimed yet (counted up to " + COUNT_CAP + ")",
                "webhook.deliveries.oldest.due.age",
                "How long past its due time the oldest unclaimed due delivery is; 0 when none is due");
    }

    private static Counter attempts(MeterRegistry registry, String outcome) {
        return Counter.builder("webhook.delivery.attempts")
                .description("Delivery attempts by outcome: succeeded (2xx) or failed (any other answer, or none)")
                .tag("outcome", outcome)
                .register(registry);
    }

    /** Counts one attempt's outcome. */
    void attempted(boolean ok) {
        (ok ? succeeded : failed).increment();
    }

    @Scheduled(
            identity = "webhook-delivery-metrics",
            every = "${platform.metrics.refresh-interval:10s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> refresh() {
        return backlog.refresh(pool);
    }
}

package org.courseplatform.webhooks.delivery;

import io.quarkus.logging.Log;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.courseplatform.webhooks.WebhooksConfig;

/**
 * Retention of the delivery log. Finished deliveries ({@code succeeded} or {@code failed}) whose
 * last activity ({@code updated_at}: the last recorded outcome or replay) is older than
 * {@code webhooks.retention} are deleted with their attempts ({@code delivery_attempt} cascades).
 * Pending deliveries are never purged, however old.
 *
 * <p>Every replica runs the purge ({@code webhooks.purge.interval}). Each statement deletes at most
 * {@code webhooks.purge.batch-size} rows in its own short transaction, so no long transaction holds
 * locks or holds back vacuum, and statements repeat until one deletes fewer. Rows are chosen
 * {@code FOR UPDATE SKIP LOCKED}: replicas purging at once take different rows, and a row a replay
 * holds is left for the next run rather than waited for. Everything runs on the reactive pool;
 * nothing blocks the event loop.
 */
@ApplicationScoped
public class DeliveryPurge {

    private final DeliveryRepository deliveries;
    private final Duration retention;
    private final int batchSize;
    private final AtomicBoolean stopping = new AtomicBoolean();

    public DeliveryPurge(DeliveryRepository deliveries, WebhooksConfig config) {
        this.deliveries = deliveries;
        this.retention = config.retention();
        this.batchSize = config.purge().batchSize();
    }

    void stop(@Observes ShutdownEvent event) {
        stopping.set(true);
    }

    /** The scheduled run: never two at once in one instance; a failure is logged and the next run tries again. */
    @Scheduled(
            identity = "webhook-delivery-purge",
            every = "${webhooks.purge.interval:10m}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        if (stopping.get()) {
            return Uni.createFrom().voidItem();
        }
        long start = System.nanoTime();
        return purge(retention, batchSize)
                .invoke(n -> {
                    if (n > 0) {
                        Log.infof(
                                "Purged %d finished webhook deliveries older than %s in %d ms",
                                n, retention, (System.nanoTime() - start) / 1_000_000);
                    }
                })
                .onFailure()
                .invoke(e -> {
                    if (!stopping.get()) {
                        Log.warnf("Webhook delivery purge failed, the next run tries again: %s", e.getMessage());
                    }
                })
                .onFailure()
                .recoverWithNull()
                .replaceWithVoid();
    }

    /**
     * Deletes finished deliveries whose last activity is older than {@code retention}, at most
     * {@code batchSize} per statement, until a statement deletes fewer (or the service stops).
     * Answers how many were deleted. A retention that is not positive deletes nothing.
     */
    public Uni<Long> purge(Duration retention, int batchSize) {
        if (retention.isNegative() || retention.isZero()) {
            Log.warnf("webhooks.retention is %s: not purging", retention);
            return Uni.createFrom().item(0L);
        }
        int size = Math.max(1, batchSize);
        return Uni.createFrom()
                .deferred(() -> deliveries.purgeFinished(retention, size))
                .repeat()
                .whilst(deleted -> deleted >= size && !stopping.get())
                .collect()
                .with(Collectors.summingLong(Integer::longValue));
    }
}

package org.courseplatform.webhooks.delivery;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.SqlConnection;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.function.Function;

/**
 * The delivery feature's port for the event intake: the intake queues a batch's deliveries in
 * the transaction where it also claims its inbox and updates the workspace projection, and goes
 * through here instead of reaching into {@link DeliveryRepository}.
 */
@ApplicationScoped
public class DeliveryQueue {

    private final DeliveryRepository deliveries;
    private final QueueStatistics statistics;

    public DeliveryQueue(DeliveryRepository deliveries, QueueStatistics statistics) {
        this.deliveries = deliveries;
        this.statistics = statistics;
    }

    /** {@code rows} deliveries were queued and committed: the planner's statistics follow the queue's size. */
    public void queued(int rows) {
        if (rows > 0) {
            statistics.queued(rows);
        }
    }

    /** Runs {@code work} in one transaction on the dispatcher's pool, where deliveries are stored. */
    public <T> Uni<T> inTransaction(Function<SqlConnection, Uni<T>> work) {
        return deliveries.pool().withTransaction(work);
    }

    /**
     * Queues the events' deliveries on the caller's transaction, claiming what the sender's
     * {@code room} allows ({@link DeliveryRepository#fanOut}); the claimed rows go to
     * {@link DeliverySender#accept} once the transaction has committed.
     */
    public Uni<RowSet<Row>> fanOut(
            SqlClient transaction, List<QueuedEvent> events, int maxAttempts, DeliverySender.Room room) {
        return deliveries.fanOut(transaction, events, maxAttempts, room);
    }
}

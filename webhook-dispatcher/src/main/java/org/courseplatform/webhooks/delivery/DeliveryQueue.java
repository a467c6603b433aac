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

    public DeliveryQueue(DeliveryRepository deliveries) {
        this.deliveries = deliveries;
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

package org.courseplatform.webhooks.delivery;

import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Keeps the planner's statistics of the delivery queue in step with its size. The queue can go
 * from empty to tens of thousands of rows in seconds, and autovacuum analyzes it at most once a
 * minute: in between, a table analyzed while empty is planned as if it still were (no rows over
 * the pages it keeps), and the sender's claim becomes a nested loop over every row of the table
 * for every row it claims (890,176 comparisons and 922 ms for 64 rows, auto_explain,
 * 2026-12-04). So every {@value #CHECK_EVERY} rows the intake queues, the statistics are read,
 * and once the rows queued since the last analyze outnumber the rows they know of (the table
 * has at least doubled), the table is analyzed again. A queue that grows from nothing to N rows
 * is analyzed about log2(N / 1,000) times; one that holds many rows (the delivery log, kept for
 * its retention) rarely or never.
 */
@ApplicationScoped
public class QueueStatistics {

    static final int CHECK_EVERY = 1_000;

    private final DeliveryRepository deliveries;
    private final AtomicLong sinceCheck = new AtomicLong();
    private final AtomicLong sinceAnalyze = new AtomicLong();
    private final AtomicBoolean checking = new AtomicBoolean();

    public QueueStatistics(DeliveryRepository deliveries) {
        this.deliveries = deliveries;
    }

    /** The intake queued (and committed) {@code rows} deliveries. */
    public void queued(int rows) {
        sinceAnalyze.addAndGet(rows);
        if (sinceCheck.addAndGet(rows) < CHECK_EVERY || !checking.compareAndSet(false, true)) {
            return;
        }
        sinceCheck.set(0);
        long grown = sinceAnalyze.get();
        deliveries
                .plannedRows()
                .chain(planned -> {
                    if (grown <= planned) {
                        return Uni.createFrom().item(false);
                    }
                    sinceAnalyze.addAndGet(-grown);
                    Log.debugf("delivery: %d rows queued since its statistics counted %d; analyzing", grown, planned);
                    return deliveries.analyze();
                })
                .subscribe()
                .with(analyzed -> checking.set(false), failure -> {
                    checking.set(false);
                    Log.debugf(failure, "delivery: statistics not refreshed");
                });
    }
}

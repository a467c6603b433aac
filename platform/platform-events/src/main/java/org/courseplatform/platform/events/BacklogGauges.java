package org.courseplatform.platform.events;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;

/**
 * A backlog as two gauges, how many wait and how long the oldest has waited (seconds, 0 when none
 * waits), refreshed together by one statement whose first column is the count and second the age.
 * A scrape only reads the last values, so it never touches the database; a failed refresh keeps
 * them. The outbox's lag and the webhook deliveries' due backlog are both read this way.
 */
public final class BacklogGauges {

    private final String sql;
    private final String what;
    private volatile double count;
    private volatile double oldestSeconds;

    /** {@code what} names the backlog in the log line of a failed refresh. */
    public BacklogGauges(String sql, String what) {
        this.sql = sql;
        this.what = what;
    }

    public void register(
            MeterRegistry registry, String countName, String countDescription, String ageName, String ageDescription) {
        Gauge.builder(countName, this, g -> g.count)
                .description(countDescription)
                .strongReference(true)
                .register(registry);
        Gauge.builder(ageName, this, g -> g.oldestSeconds)
                .description(ageDescription)
                .baseUnit("seconds")
                .strongReference(true)
                .register(registry);
    }

    public Uni<Void> refresh(Pool pool) {
        return pool.query(sql)
                .execute()
                .invoke(rows -> {
                    Row row = rows.iterator().next();
                    count = row.getLong(0);
                    oldestSeconds = Math.max(0, row.getDouble(1));
                })
                .replaceWithVoid()
                .onFailure()
                .invoke(e -> Log.debugf("%s not refreshed: %s", what, e.getMessage()))
                .onFailure()
                .recoverWithNull();
    }
}

package org.courseplatform.platform.auth;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.temporal.ChronoUnit;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Timeout;

/**
 * The workspaces' shared token buckets, one row per workspace in the service's schema, so every
 * replica of a service draws from the same budget. One statement refills the bucket for the time
 * since its last use and takes a lease of up to {@code batch} tokens, under the row lock.
 *
 * <p>A slow or unreachable database must not stall authentication: calls time out after half a
 * second and the breaker then skips the database for five seconds; {@link RateLimiter} falls
 * back to its per-instance buckets meanwhile.
 */
@ApplicationScoped
public class RateLimitStore {

    /** The lease taken; {@code tokens} is what the shared bucket holds after it. */
    public record Grant(int granted, double tokens) {}

    private static final String TAKE = """
            insert into rate_limit_bucket as b (workspace_id, tokens, granted, updated_at)
            values ($1::bigint, $3::float8 - least($4::int, $3::float8), least($4::int, $3::float8)::int, now())
            on conflict (workspace_id) do update set
                tokens = least($3::float8, b.tokens + extract(epoch from now() - b.updated_at)::float8 * $2::float8)
                    - greatest(0, least($4::int, floor(least($3::float8,
                        b.tokens + extract(epoch from now() - b.updated_at)::float8 * $2::float8)))),
                granted = greatest(0, least($4::int, floor(least($3::float8,
                        b.tokens + extract(epoch from now() - b.updated_at)::float8 * $2::float8))))::int,
                updated_at = now()
            returning granted, tokens
            """;

    private final Pool pool;

    public RateLimitStore(Pool pool) {
        this.pool = pool;
    }

    /** Takes up to {@code batch} tokens from the workspace's bucket (refilled at {@code perSecond}, capped at {@code burst}). */
    @Timeout(value = 500, unit = ChronoUnit.MILLIS)
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.5, delay = 5, delayUnit = ChronoUnit.SECONDS)
    public Uni<Grant> take(long workspaceId, double perSecond, double burst, int batch) {
        return pool.preparedQuery(TAKE)
                .execute(Tuple.of(workspaceId, perSecond, burst, batch))
                .map(rows -> {
                    Row row = rows.iterator().next();
                    return new Grant(row.getInteger("granted"), row.getDouble("tokens"));
                });
    }
}

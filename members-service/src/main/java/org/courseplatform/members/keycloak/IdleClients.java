package org.courseplatform.members.keycloak;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;

/** Since when each registered Keycloak client has been seen without a session ({@code keycloak_idle_client}). */
@ApplicationScoped
public class IdleClients {

    private static final String SEEN_IDLE = """
            insert into keycloak_idle_client (client_id) values ($1)
                on conflict (client_id) do update set client_id = excluded.client_id
            returning idle_since <= now() - make_interval(secs => $2)""";

    private final Pool pool;

    public IdleClients(Pool pool) {
        this.pool = pool;
    }

    /** Records the client as idle (from now, unless it already was); true when idle for longer than {@code limit}. */
    Uni<Boolean> idle(String clientId, Duration limit) {
        return pool.preparedQuery(SEEN_IDLE)
                .execute(Tuple.of(clientId, (double) limit.toSeconds()))
                .map(rows -> rows.iterator().next().getBoolean(0));
    }

    /** The client has a session, or is gone: it is not idle. */
    Uni<Void> forget(String clientId) {
        return pool.preparedQuery("delete from keycloak_idle_client where client_id = $1")
                .execute(Tuple.of(clientId))
                .replaceWithVoid();
    }

    /** Forgets the clients that no longer exist. */
    Uni<Void> keepOnly(List<String> clientIds) {
        return pool.preparedQuery("delete from keycloak_idle_client where client_id <> all($1)")
                .execute(Tuple.of(clientIds.toArray(String[]::new)))
                .replaceWithVoid();
    }
}

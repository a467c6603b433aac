package org.courseplatform.webhooks.workspace;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;

/** webhook-dispatcher's copy of each workspace's name and plan ({@code workspace}). */
@ApplicationScoped
public class WorkspaceRepository {

    private static final String UPSERT = """
            insert into workspace (id, name, plan, revision, occurred_at) values ($1, $2, $3, 1, $4)
            on conflict (id) do update set name = excluded.name, plan = excluded.plan,
                revision = workspace.revision + 1, occurred_at = excluded.occurred_at, updated_at = now()
            where workspace.occurred_at <= excluded.occurred_at""";

    /** Stores the workspace's name and plan as of {@code occurredAt}, unless a newer state is stored already. */
    Uni<Void> upsert(SqlClient client, long id, String name, String plan, OffsetDateTime occurredAt) {
        return client.preparedQuery(UPSERT)
                .execute(Tuple.of(id, name, plan, occurredAt))
                .replaceWithVoid();
    }
}

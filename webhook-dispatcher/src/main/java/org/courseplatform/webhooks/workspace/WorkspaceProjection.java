package org.courseplatform.webhooks.workspace;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.courseplatform.platform.events.CloudEvent;

/**
 * Keeps webhook-dispatcher's copy of each workspace's name and plan (events reach subscribers
 * only on Build and above). Older events never overwrite newer state.
 */
@ApplicationScoped
public class WorkspaceProjection {

    private static final String UPSERT = """
            insert into workspace (id, name, plan, revision, occurred_at) values ($1, $2, $3, 1, $4)
            on conflict (id) do update set name = excluded.name, plan = excluded.plan,
                revision = workspace.revision + 1, occurred_at = excluded.occurred_at, updated_at = now()
            where workspace.occurred_at <= excluded.occurred_at""";

    /** Applies the workspace events among {@code events}, in order, inside the intake's transaction. */
    public Uni<Void> apply(SqlClient client, List<CloudEvent> events) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (CloudEvent event : events) {
            if (!event.type().startsWith("workspace.")
                    || event.data() == null
                    || !event.data().path("workspace").has("id")
                    || event.time() == null) {
                continue;
            }
            var workspace = event.data().get("workspace");
            Tuple row = Tuple.of(
                    workspace.get("id").asLong(),
                    workspace.path("name").asText(""),
                    workspace.path("plan").asText("starter"),
                    event.time());
            chain = chain.chain(() -> client.preparedQuery(UPSERT).execute(row).replaceWithVoid());
        }
        return chain;
    }
}

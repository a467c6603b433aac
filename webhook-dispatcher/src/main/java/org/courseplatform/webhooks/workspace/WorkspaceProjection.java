package org.courseplatform.webhooks.workspace;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.platform.events.CloudEvent;

/**
 * Keeps webhook-dispatcher's copy of each workspace's name and plan (events reach subscribers
 * only on Build and above). Older events never overwrite newer state.
 */
@ApplicationScoped
public class WorkspaceProjection {

    private static final String UPSERT = """
            insert into workspace (id, name, plan, revision, occurred_at) values (?1, ?2, ?3, 1, ?4)
            on conflict (id) do update set name = excluded.name, plan = excluded.plan,
                revision = workspace.revision + 1, occurred_at = excluded.occurred_at, updated_at = now()
            where workspace.occurred_at <= excluded.occurred_at""";

    /** Applies a workspace event inside the inbox transaction. */
    public Uni<Void> apply(CloudEvent event) {
        if (!event.type().startsWith("workspace.") || event.data() == null || !event.data().has("workspace")) {
            return Uni.createFrom().voidItem();
        }
        var workspace = event.data().get("workspace");
        return Panache.getSession().chain(session -> session.createNativeQuery(UPSERT)
                .setParameter(1, workspace.get("id").asLong())
                .setParameter(2, workspace.get("name").asText())
                .setParameter(3, workspace.get("plan").asText())
                .setParameter(4, event.time())
                .executeUpdate()).replaceWithVoid();
    }
}

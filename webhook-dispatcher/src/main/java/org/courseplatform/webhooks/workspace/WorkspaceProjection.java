package org.courseplatform.webhooks.workspace;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.courseplatform.platform.events.CloudEvent;

/**
 * Keeps webhook-dispatcher's copy of each workspace's name and plan (events reach subscribers
 * only on Build and above). Older events never overwrite newer state.
 */
@ApplicationScoped
public class WorkspaceProjection {

    private final WorkspaceRepository workspaces;

    public WorkspaceProjection(WorkspaceRepository workspaces) {
        this.workspaces = workspaces;
    }

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
            long id = workspace.get("id").asLong();
            String name = workspace.path("name").asText("");
            String plan = workspace.path("plan").asText("starter");
            chain = chain.chain(() -> workspaces.upsert(client, id, name, plan, event.time()));
        }
        return chain;
    }
}

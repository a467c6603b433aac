package org.courseplatform.members.workspace;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.events.Outbox;
import org.courseplatform.platform.web.ApiException;

/** Creates and changes workspaces; every change commits with its {@code workspace.*} event. */
@ApplicationScoped
public class WorkspaceService {

    private final WorkspaceRepository workspaces;
    private final Outbox outbox;

    public WorkspaceService(WorkspaceRepository workspaces, Outbox outbox) {
        this.workspaces = workspaces;
        this.outbox = outbox;
    }

    @WithTransaction
    public Uni<WorkspaceView> create(JsonNode body) {
        WorkspaceChanges changes = WorkspaceChanges.parse(body, true);
        Workspace workspace = new Workspace();
        changes.applyTo(workspace);
        workspace.createdAt = workspace.updatedAt = now();
        return workspaces
                .persist(workspace)
                .map(WorkspaceView::of)
                .call(view ->
                        outbox.add(Events.WORKSPACE_CREATED, Long.toString(view.id()), view.id(), false, view.event()))
                .invoke(view -> Log.infof("Created workspace %d (%s, plan %s)", view.id(), view.name(), view.plan()));
    }

    @WithTransaction
    public Uni<WorkspaceView> update(long id, JsonNode body) {
        WorkspaceChanges changes = WorkspaceChanges.parse(body, false);
        return require(id).chain(workspace -> {
            changes.applyTo(workspace);
            workspace.updatedAt = now();
            WorkspaceView view = WorkspaceView.of(workspace);
            return outbox.add(Events.WORKSPACE_UPDATED, Long.toString(id), id, false, view.event())
                    .replaceWith(view);
        });
    }

    @WithSession
    public Uni<WorkspaceView> get(long id) {
        return require(id).map(WorkspaceView::of);
    }

    /** The workspace or a 404; for use inside a session. */
    public Uni<Workspace> require(long id) {
        return workspaces
                .findById(id)
                .onItem()
                .ifNull()
                .failWith(() -> ApiException.notFound("Workspace " + id + " not found"));
    }

    static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
    }
}

package org.courseplatform.members.workspace;

import java.time.OffsetDateTime;
import java.util.List;
import org.courseplatform.platform.events.EventData;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A workspace as the admin API answers it and as {@code workspace.*} events carry it. */
public record WorkspaceView(
        long id,
        String name,
        String plan,
        List<String> addons,
        List<String> features,
        @Schema(nullable = true) Integer userLimit,
        OffsetDateTime created,
        OffsetDateTime updated) {

    static WorkspaceView of(Workspace w) {
        return new WorkspaceView(
                w.id, w.name, w.plan, w.addonList(), w.featureList(), w.userLimit, w.createdAt, w.updatedAt);
    }

    /** The {@code data} of {@code workspace.*} events: this view, under {@code workspace}. */
    EventData.WorkspaceChange event() {
        return new EventData.WorkspaceChange(
                new EventData.Workspace(id, name, plan, addons, features, userLimit, created, updated));
    }
}

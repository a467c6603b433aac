package org.courseplatform.courses.player;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowIterator;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * The SQL of the workspaces' embed settings. It uses the reactive client directly (no Hibernate
 * session) so that the learner pages' route can read it on the event loop without blocking.
 */
@ApplicationScoped
public class EmbedSettingsRepository {

    private static final String FIND = "select frame_ancestors from player_embed_settings where workspace_id = $1";
    private static final String SAVE = """
            insert into player_embed_settings (workspace_id, frame_ancestors) values ($1, $2)
            on conflict (workspace_id) do update set frame_ancestors = excluded.frame_ancestors, updated_at = now()""";

    private final Pool pool;

    public EmbedSettingsRepository(Pool pool) {
        this.pool = pool;
    }

    /** The workspace's frame ancestors, or null when it never set them. */
    Uni<List<String>> frameAncestors(long workspaceId) {
        return pool.preparedQuery(FIND).execute(Tuple.of(workspaceId)).map(rows -> {
            RowIterator<Row> it = rows.iterator();
            return it.hasNext() ? List.of(it.next().getArrayOfStrings(0)) : null;
        });
    }

    Uni<Void> saveFrameAncestors(long workspaceId, List<String> frameAncestors) {
        return pool.preparedQuery(SAVE)
                .execute(Tuple.of(workspaceId, frameAncestors.toArray(String[]::new)))
                .replaceWithVoid();
    }
}

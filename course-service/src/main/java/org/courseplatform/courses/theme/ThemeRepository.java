package org.courseplatform.courses.theme;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.courses.course.CourseScope;

/**
 * The SQL of workspace themes. It uses the reactive client directly (no Hibernate session), so the
 * player's token exchange and the preview image read a theme without joining a session.
 */
@ApplicationScoped
public class ThemeRepository {

    private static final String COLUMNS = "id, workspace_id, client_identifier, name, color_primary, color_background, "
            + "color_surface, color_text, color_accent, font_heading, font_body, corner_style, created_at, updated_at";
    /** $1 workspace, $2 whether any tenant is visible, $3 the tenant otherwise. */
    private static final String VISIBLE = "workspace_id = $1 and ($2 or client_identifier is not distinct from $3)";

    private static final String PAGE =
            "select " + COLUMNS + " from theme where " + VISIBLE + " order by id limit $4 offset $5";
    private static final String COUNT = "select count(*) from theme where " + VISIBLE;
    private static final String FIND = "select " + COLUMNS + " from theme where id = $1 and workspace_id = $2";
    private static final String FIND_OF_TENANT = "select " + COLUMNS
            + " from theme where id = $1 and workspace_id = $2 and client_identifier is not distinct from $3";
    private static final String LOCK_WORKSPACE = "select pg_advisory_xact_lock(917001, hashtext($1::text))";
    private static final String COUNT_WORKSPACE = "select count(*) from theme where workspace_id = $1";
    private static final String INSERT = "insert into theme (workspace_id, client_identifier, name, color_primary, "
            + "color_background, color_surface, color_text, color_accent, font_heading, font_body, corner_style, created_at, "
            + "updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) returning " + COLUMNS;
    private static final String UPDATE = "update theme set name = $3, color_primary = $4, color_background = $5, "
            + "color_surface = $6, color_text = $7, color_accent = $8, font_heading = $9, font_body = $10, corner_style = $11, "
            + "updated_at = $12 where id = $1 and workspace_id = $2 returning " + COLUMNS;
    private static final String DELETE = "delete from theme where id = $1 and workspace_id = $2";

    private final Pool pool;

    public ThemeRepository(Pool pool) {
        this.pool = pool;
    }

    /** One page of the workspace themes the scope sees, oldest first. */
    Uni<List<Theme>> page(CourseScope scope, int offset, int limit) {
        return pool.preparedQuery(PAGE)
                .execute(visible(scope).addInteger(limit).addInteger(offset))
                .map(ThemeRepository::all);
    }

    Uni<Long> count(CourseScope scope) {
        return pool.preparedQuery(COUNT)
                .execute(visible(scope))
                .map(rows -> rows.iterator().next().getLong(0));
    }

    /** The workspace's theme of this id whatever its tenant, or null: the caller judges visibility. */
    Uni<Theme> find(long workspaceId, long id) {
        return pool.preparedQuery(FIND).execute(Tuple.of(id, workspaceId)).map(ThemeRepository::first);
    }

    /** The theme of this id in exactly this tenant (null: the workspace-default tenant), or null. */
    Uni<Theme> findOfTenant(long workspaceId, String clientIdentifier, long id) {
        return pool.preparedQuery(FIND_OF_TENANT)
                .execute(Tuple.of(id, workspaceId, clientIdentifier))
                .map(ThemeRepository::first);
    }

    /** All themes of one tenant, oldest first, at most {@code limit}. */
    Uni<List<Theme>> ofTenant(long workspaceId, String clientIdentifier, int limit) {
        return pool.preparedQuery(PAGE)
                .execute(Tuple.of(workspaceId, false, clientIdentifier, limit, 0))
                .map(ThemeRepository::all);
    }

    /**
     * Inserts a theme unless the workspace already has {@code max}: the count and the insert run
     * under a per-workspace lock, so two creations at once cannot both pass the limit. Null when full.
     */
    Uni<Theme> insert(long workspaceId, Theme theme, OffsetDateTime now, int max) {
        return pool.withTransaction(connection -> connection
                .preparedQuery(LOCK_WORKSPACE)
                .execute(Tuple.of(Long.toString(workspaceId)))
                .chain(() -> connection.preparedQuery(COUNT_WORKSPACE).execute(Tuple.of(workspaceId)))
                .chain(counted -> counted.iterator().next().getLong(0) >= max
                        ? Uni.createFrom().nullItem()
                        : insert(connection, workspaceId, theme, now)));
    }

    private static Uni<Theme> insert(SqlConnection connection, long workspaceId, Theme theme, OffsetDateTime now) {
        Tuple values = Tuple.of(workspaceId, theme.clientIdentifier(), theme.name());
        fields(values, theme).addOffsetDateTime(now);
        return connection.preparedQuery(INSERT).execute(values).map(ThemeRepository::first);
    }

    /** Stores the theme's fields; null when it is gone meanwhile. */
    Uni<Theme> update(Theme theme, OffsetDateTime now) {
        Tuple values = Tuple.of(theme.id(), theme.workspaceId(), theme.name());
        fields(values, theme).addOffsetDateTime(now);
        return pool.preparedQuery(UPDATE).execute(values).map(ThemeRepository::first);
    }

    Uni<Boolean> delete(long workspaceId, long id) {
        return pool.preparedQuery(DELETE).execute(Tuple.of(id, workspaceId)).map(rows -> rows.rowCount() > 0);
    }

    private static Tuple visible(CourseScope scope) {
        return Tuple.of(scope.workspaceId(), scope.anyTenant(), scope.clientIdentifier());
    }

    private static Tuple fields(Tuple tuple, Theme theme) {
        Theme.Colors c = theme.colors();
        return tuple.addString(c.primary())
                .addString(c.background())
                .addString(c.surface())
                .addString(c.text())
                .addString(c.accent())
                .addString(theme.fonts().heading())
                .addString(theme.fonts().body())
                .addString(theme.cornerStyle());
    }

    private static Theme first(RowSet<Row> rows) {
        var it = rows.iterator();
        return it.hasNext() ? map(it.next()) : null;
    }

    private static List<Theme> all(RowSet<Row> rows) {
        List<Theme> themes = new ArrayList<>();
        rows.forEach(row -> themes.add(map(row)));
        return themes;
    }

    private static Theme map(Row row) {
        return new Theme(
                row.getLong("id"),
                row.getString("name"),
                false,
                row.getLong("workspace_id"),
                row.getString("client_identifier"),
                new Theme.Colors(
                        row.getString("color_primary"),
                        row.getString("color_background"),
                        row.getString("color_surface"),
                        row.getString("color_text"),
                        row.getString("color_accent")),
                new Theme.Fonts(row.getString("font_heading"), row.getString("font_body")),
                row.getString("corner_style"),
                row.getOffsetDateTime("created_at"),
                row.getOffsetDateTime("updated_at"));
    }
}

package org.courseplatform.courses.course;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.platform.web.Like;
import org.courseplatform.platform.web.Paged;

/**
 * The API's hottest reads, one course and a page of the list, with the reactive client and
 * cached prepared statements instead of a Hibernate session: a course read through the session
 * spent about half its time in Hibernate and context propagation (docs/performance.md). Reads
 * only: every write goes through {@link CourseRepository} and the entity.
 *
 * <p>A page is a deferred join: the ids of the page come from the covering index alone, so a
 * deep page skips index entries rather than whole rows, and only the page's rows are read. The
 * total of an unfiltered list is the sum of the tenant counters of migration V15.
 */
@ApplicationScoped
public class CourseRowRepository {

    static final String COLUMNS = "c.id, c.type, c.format, c.title, c.description, c.course_key, c.identifier, "
            + "c.client_identifier, c.folder_id, c.published, c.published_at, c.deleted, c.time_estimate_minutes, "
            + "c.thumbnail_revision, c.thumbnail_token, c.screen_count, c.created_at, c.updated_at";
    private static final String FIND = "select " + COLUMNS + " from course c where c.id = $1 and c.workspace_id = $2";

    private final Pool pool;

    public CourseRowRepository(Pool pool) {
        this.pool = pool;
    }

    /** The workspace's course of this id, or null; whether the call may see its tenant is the caller's to judge. */
    Uni<CourseRow> find(long workspaceId, long id) {
        return pool.preparedQuery(FIND)
                .execute(Tuple.of(id, workspaceId))
                .map(rows -> rows.size() == 0 ? null : row(rows.iterator().next()));
    }

    /**
     * One page of the courses a scope sees (DESIGN.md section 6), oldest first, with the total:
     * every tenant of the workspace, or one tenant, where a scope's null tenant is the
     * workspace-default one. A scope that sees nothing gets an empty page without a query. The
     * count and the page go to PostgreSQL together (pipelined on one connection).
     */
    Uni<Paged<CourseRow>> page(CourseScope scope, CourseQuery q) {
        if (scope.none()) {
            return Uni.createFrom().item(new Paged<>(List.of(), 0L));
        }
        Filter filter = filter(scope, q);
        int size = Math.max(q.length(), 1);
        int offset = Paged.start(q.page(), q.length());
        String count = filter.counted()
                ? "select coalesce(sum(courses), 0)::bigint from course_count where " + filter.where()
                : "select count(*) from course where " + filter.where();
        Tuple countArgs = Tuple.tuple(filter.args());
        if (q.length() == 0) {
            return pool.preparedQuery(count).execute(countArgs).map(rows -> new Paged<>(List.of(), total(rows)));
        }
        int n = filter.args().size();
        String page =
                "select " + COLUMNS + " from (select id from course where " + filter.where() + " order by id limit $"
                        + (n + 1) + " offset $" + (n + 2) + ") p join course c on c.id = p.id order by c.id";
        List<Object> pageArgs = new ArrayList<>(filter.args());
        pageArgs.add(size);
        pageArgs.add(offset);
        return pool.withConnection(connection -> Uni.combine()
                .all()
                .unis(
                        connection.preparedQuery(count).execute(countArgs),
                        connection.preparedQuery(page).execute(Tuple.tuple(pageArgs)))
                .with((counted, rows) -> {
                    List<CourseRow> items = new ArrayList<>(rows.size());
                    for (Row row : rows) {
                        items.add(row(row));
                    }
                    return new Paged<>(items, total(counted));
                }));
    }

    /**
     * The list's conditions, numbered from $1. Without title, owner or folder filters the same
     * conditions also select the tenant counters ({@code counted}), which have the columns the
     * conditions name.
     */
    private static Filter filter(CourseScope scope, CourseQuery q) {
        StringBuilder where = new StringBuilder("workspace_id = $1");
        List<Object> args = new ArrayList<>();
        args.add(scope.workspaceId());
        if (!q.deleted()) {
            where.append(" and deleted = false");
        }
        if (!scope.anyTenant()) {
            if (scope.clientIdentifier() == null) {
                where.append(" and client_identifier is null");
            } else {
                args.add(scope.clientIdentifier());
                where.append(" and client_identifier = $").append(args.size());
            }
        }
        boolean counted = true;
        if (q.identifier() != null) {
            args.add(q.identifier());
            where.append(" and identifier = $").append(args.size());
            counted = false;
        }
        if (q.folderId() != null) {
            if (q.folderId() == CourseQuery.NO_FOLDER) {
                where.append(" and folder_id is null");
            } else {
                args.add(q.folderId());
                where.append(" and folder_id = $").append(args.size());
            }
            counted = false;
        }
        if (q.title() != null) {
            args.add(Like.containing(q.title()));
            where.append(" and lower(title) like $").append(args.size()).append(" escape '\\'");
            counted = false;
        }
        return new Filter(where.toString(), args, counted);
    }

    private record Filter(String where, List<Object> args, boolean counted) {}

    private static long total(RowSet<Row> rows) {
        Long total = rows.iterator().next().getLong(0);
        return total == null ? 0 : total;
    }

    private static CourseRow row(Row r) {
        return new CourseRow(
                r.getLong(0),
                r.getString(1),
                r.getString(2),
                r.getString(3),
                r.getString(4),
                r.getString(5),
                r.getString(6),
                r.getString(7),
                r.getLong(8),
                r.getBoolean(9),
                r.getOffsetDateTime(10),
                r.getBoolean(11),
                r.getInteger(12),
                r.getInteger(13),
                r.getString(14),
                r.getInteger(15),
                r.getOffsetDateTime(16),
                r.getOffsetDateTime(17));
    }
}

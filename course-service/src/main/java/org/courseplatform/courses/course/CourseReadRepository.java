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
 * <p>A page is a keyset read: the courses after the id the page follows, in one statement that
 * also reads the revision of the workspace's list (migration V22). Where each page starts and the
 * list's total are remembered per revision ({@link CoursePageStarts}) and found with one walk of
 * the list's index entries when the revision moves, so neither a deep page nor the total of a
 * filtered list costs a walk of every match on every call; the answer is the one an offset over
 * the whole ordered list would give.
 */
@ApplicationScoped
public class CourseReadRepository {

    static final String COLUMNS = "c.id, c.type, c.format, c.title, c.description, c.course_key, c.identifier, "
            + "c.client_identifier, c.folder_id, c.published, c.published_at, c.deleted, c.time_estimate_minutes, "
            + "c.thumbnail_revision, c.thumbnail_token, c.screen_count, c.created_at, c.updated_at";
    private static final String FIND = "select " + COLUMNS + " from course c where c.id = $1 and c.workspace_id = $2";
    /** The workspace's list revision; the conditions' $1 is always the workspace. */
    private static final String REVISION =
            "coalesce((select revision from course_list_revision where workspace_id = $1), 0)";

    private final Pool pool;
    private final CoursePageStarts starts;

    public CourseReadRepository(Pool pool, CoursePageStarts starts) {
        this.pool = pool;
        this.starts = starts;
    }

    /** The workspace's course of this id, or null; whether the call may see its tenant is the caller's to judge. */
    Uni<CourseRow> find(long workspaceId, long id) {
        return pool.preparedQuery(FIND)
                .execute(Tuple.of(id, workspaceId))
                .map(rows -> rows.size() == 0 ? null : row(rows.iterator().next(), 0));
    }

    /**
     * One page of the courses a scope sees (DESIGN.md section 6), oldest first, with the total:
     * every tenant of the workspace, or one tenant, where a scope's null tenant is the
     * workspace-default one. A scope that sees nothing gets an empty page without a query.
     */
    Uni<Paged<CourseRow>> page(CourseScope scope, CourseQuery q) {
        if (scope.none()) {
            return Uni.createFrom().item(new Paged<>(List.of(), 0L));
        }
        Filter filter = filter(scope, q);
        if (q.length() == 0) {
            return pool.preparedQuery("select " + total(filter))
                    .execute(Tuple.tuple(filter.args()))
                    .map(rows -> new Paged<>(List.of(), rows.iterator().next().getLong(0)));
        }
        CoursePageStarts.Key key =
                new CoursePageStarts.Key(scope.workspaceId(), filter.where(), List.copyOf(filter.args()), q.length());
        CoursePageStarts.Starts known = starts.get(key);
        if (q.page() == 0) {
            return first(filter, key, known);
        }
        if (known == null || known.ends() == null) {
            return deep(filter, key, q.page());
        }
        return after(filter, key, known, q.page())
                .chain(page -> page != null ? Uni.createFrom().item(page) : deep(filter, key, q.page()));
    }

    /**
     * The first page. Its total is the remembered one when the revision still holds; else it is
     * read in the same statement (the tenant counters, or a count of the filtered rows) and
     * remembered.
     */
    private Uni<Paged<CourseRow>> first(Filter filter, CoursePageStarts.Key key, CoursePageStarts.Starts known) {
        boolean counting = known == null;
        return read(filter, key.length(), Long.MIN_VALUE, 0, counting).chain(read -> {
            if (counting) {
                starts.put(key, new CoursePageStarts.Starts(read.revision(), read.total(), null));
                return Uni.createFrom().item(new Paged<>(read.rows(), read.total()));
            }
            if (read.revision() == known.revision()) {
                return Uni.createFrom().item(new Paged<>(read.rows(), known.total()));
            }
            starts.forget(key);
            return first(filter, key, null);
        });
    }

    /**
     * A page after the first from the remembered page starts: null when the list has moved to
     * another revision since (the caller then reads the starts again).
     */
    private Uni<Paged<CourseRow>> after(
            Filter filter, CoursePageStarts.Key key, CoursePageStarts.Starts known, int page) {
        long[] ends = known.ends();
        int length = key.length();
        int end = Math.min(page - 1, ends.length - 1);
        long from = end < 0 ? Long.MIN_VALUE : ends[end];
        int skip = (page - 1 - end) * length;
        return read(filter, length, from, skip, false).map(read -> {
            if (read.revision() != known.revision()) {
                starts.forget(key);
                return null;
            }
            return new Paged<>(read.rows(), known.total());
        });
    }

    /**
     * Reads where every page of the list starts and its total in one walk of its index entries
     * (one snapshot, with the revision), then the page. Should the list move again between the two
     * statements, the page is read with an offset, as an offset over the list defines it.
     */
    private Uni<Paged<CourseRow>> deep(Filter filter, CoursePageStarts.Key key, int page) {
        int n = filter.args().size();
        int length = key.length();
        String sql = "select " + REVISION + ", count(*), coalesce(array_agg(id order by id) filter (where n % $"
                + (n + 1) + " = 0 and n <= $" + (n + 2)
                + "), '{}') from (select id, row_number() over (order by id) as n"
                + " from course where " + filter.where() + ") s";
        List<Object> args = new ArrayList<>(filter.args());
        args.add((long) length);
        args.add((long) length * CoursePageStarts.MAX_STARTS);
        return pool.preparedQuery(sql).execute(Tuple.tuple(args)).chain(rows -> {
            Row row = rows.iterator().next();
            Long[] ids = row.getArrayOfLongs(2);
            long[] ends = new long[ids.length];
            for (int i = 0; i < ids.length; i++) {
                ends[i] = ids[i];
            }
            CoursePageStarts.Starts read = new CoursePageStarts.Starts(row.getLong(0), row.getLong(1), ends);
            starts.put(key, read);
            if ((long) page * length >= read.total()) {
                return Uni.createFrom().item(new Paged<CourseRow>(List.of(), read.total()));
            }
            return after(filter, key, read, page)
                    .chain(p -> p != null ? Uni.createFrom().item(p) : byOffset(filter, page, length));
        });
    }

    /** The page as an offset over the ordered list, with its total: for a list that keeps moving. */
    private Uni<Paged<CourseRow>> byOffset(Filter filter, int page, int length) {
        int n = filter.args().size();
        String sql = "select null::bigint, " + total(filter) + ", " + COLUMNS + " from (select 1) one left join lateral"
                + " (select " + COLUMNS + " from course c where " + filter.where() + " order by c.id limit $" + (n + 1)
                + " offset $" + (n + 2) + ") c on true order by c.id";
        List<Object> args = new ArrayList<>(filter.args());
        args.add(length);
        args.add(Paged.start(page, length));
        return pool.preparedQuery(sql).execute(Tuple.tuple(args)).map(rows -> {
            Read read = read(rows);
            return new Paged<>(read.rows(), read.total());
        });
    }

    /**
     * The courses of the list after id {@code from} (skipping {@code skip} of them), at most
     * {@code length}, in one statement with the list's revision and, when {@code counting}, its
     * total: one row even when the page is empty.
     */
    private Uni<Read> read(Filter filter, int length, long from, int skip, boolean counting) {
        int n = filter.args().size();
        // For a list without deleted courses the bound names (deleted, id), which only the list's own index
        // (…, deleted, id) can start from: as a bound on id alone, the cached generic plan walked the primary key
        // from the bound and filtered out every other workspace's courses (90,000 rows for the first page of a
        // workspace whose ids were not the lowest, 25 ms instead of 0.2).
        String bound = filter.liveOnly() ? "(c.deleted, c.id) > (false, $" + (n + 1) + ")" : "c.id > $" + (n + 1);
        String sql = "select r.revision, r.total, " + COLUMNS + " from (select " + REVISION + " as revision, "
                + (counting ? total(filter) : "null::bigint") + " as total) r left join lateral (select " + COLUMNS
                + " from course c where " + filter.where() + " and " + bound + " order by c.id limit $"
                + (n + 2) + " offset $" + (n + 3) + ") c on true order by c.id";
        List<Object> args = new ArrayList<>(filter.args());
        args.add(from);
        args.add(length);
        args.add(skip);
        return pool.preparedQuery(sql).execute(Tuple.tuple(args)).map(CourseReadRepository::read);
    }

    private static Read read(RowSet<Row> rows) {
        List<CourseRow> items = new ArrayList<>(rows.size());
        Long revision = null;
        Long total = null;
        for (Row row : rows) {
            revision = row.getLong(0);
            total = row.getLong(1);
            if (row.getLong(2) != null) {
                items.add(row(row, 2));
            }
        }
        return new Read(revision == null ? -1 : revision, total == null ? 0 : total, items);
    }

    /** A page as read, with the list's revision and, when asked for, its total. */
    private record Read(long revision, long total, List<CourseRow> rows) {}

    /** A scalar subquery for the list's total: the tenant counters when they serve the filter, else a count. */
    private static String total(Filter filter) {
        return filter.counted()
                ? "(select coalesce(sum(courses), 0)::bigint from course_count where " + filter.where() + ")"
                : "(select count(*) from course where " + filter.where() + ")";
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
        return new Filter(where.toString(), args, counted, !q.deleted());
    }

    /** {@code liveOnly}: the conditions include {@code deleted = false}. */
    private record Filter(String where, List<Object> args, boolean counted, boolean liveOnly) {}

    private static CourseRow row(Row r, int at) {
        return new CourseRow(
                r.getLong(at + 0),
                r.getString(at + 1),
                r.getString(at + 2),
                r.getString(at + 3),
                r.getString(at + 4),
                r.getString(at + 5),
                r.getString(at + 6),
                r.getString(at + 7),
                r.getLong(at + 8),
                r.getBoolean(at + 9),
                r.getOffsetDateTime(at + 10),
                r.getBoolean(at + 11),
                r.getInteger(at + 12),
                r.getInteger(at + 13),
                r.getString(at + 14),
                r.getInteger(at + 15),
                r.getOffsetDateTime(at + 16),
                r.getOffsetDateTime(at + 17));
    }
}

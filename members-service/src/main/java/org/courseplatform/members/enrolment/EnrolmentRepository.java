package org.courseplatform.members.enrolment;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.courseplatform.members.NativeQueryRepository;
import org.courseplatform.platform.web.Like;
import org.courseplatform.platform.web.Paged;

/** The {@code enrolment} table and the id checks against the workspace, on the caller's session. */
@ApplicationScoped
public class EnrolmentRepository {

    private static final String COLUMNS = "e.id, e.user_id, e.course_id, e.group_id, e.role, e.created_at";
    private static final String ROW = COLUMNS.replace("e.", "");

    /**
     * A page of enrolments, oldest first. Without a search, the workspace's created-at index
     * gives the page and the unfiltered total comes from the counter kept by triggers (V4).
     * A search is the union of two index-driven lookups, the members whose search text matches
     * (trigram index) joined to their enrolments by user, and the matching courses of the
     * projection joined by course, so it never scans the workspace's enrolments; the page and
     * its total come from one query (a window count over the matches). The course side leaves
     * out the enrolments the member side already has, so the two are disjoint and appended
     * ({@code union all}) instead of de-duplicated by hashing every matching row.
     */
    Uni<Paged<EnrolmentView>> page(long ws, Long course, Long group, Long user, String search, int page, int length) {
        StringBuilder filters = new StringBuilder();
        List<Object> params = new ArrayList<>(List.of(ws));
        if (course != null) {
            params.add(course);
            filters.append(" and e.course_id = ?").append(params.size());
        }
        if (group != null) {
            params.add(group);
            filters.append(" and e.group_id = ?").append(params.size());
        }
        if (user != null) {
            params.add(user);
            filters.append(" and e.user_id = ?").append(params.size());
        }
        if (search != null) {
            params.add(Like.containing(search));
            int p = params.size();
            String matches = "with mm as materialized (select m.user_id from membership m where m.workspace_id = ?1"
                    + " and m.search_text like ?" + p + "), cc as materialized (select c.id from course_projection c"
                    + " where c.workspace_id = ?1 and c.search_text like ?" + p + "), x as (select " + COLUMNS
                    + " from enrolment e join mm on mm.user_id = e.user_id where e.workspace_id = ?1" + filters
                    + " union all select " + COLUMNS
                    + " from enrolment e join cc on cc.id = e.course_id where e.workspace_id = ?1"
                    + filters + " and (e.user_id is null or not exists (select from mm where mm.user_id = e.user_id)))";
            return NativeQueryRepository.windowedPage(
                            matches + " select x.*, count(*) over () from x order by x.created_at, x.id",
                            matches + " select count(*) from x",
                            params,
                            page,
                            length)
                    .map(found -> found.map(EnrolmentRepository::view));
        }
        String where = " from enrolment e where e.workspace_id = ?1" + filters;
        String select = "select " + COLUMNS + where + " order by e.created_at, e.id";
        boolean unfiltered = params.size() == 1;
        String count = unfiltered
                ? "select cast(coalesce(sum(e.total), 0) as bigint) from enrolment_count e where e.workspace_id = ?1"
                : "select count(*)" + where;
        return NativeQueryRepository.countedPage(select, count, params, params, page, length)
                .map(found -> found.map(EnrolmentRepository::view));
    }

    /**
     * Deletes the enrolment of one kind (user and course, user and group with role, or group and
     * course: the ids given, the other null) and answers it, or null when there was none.
     */
    Uni<EnrolmentView> delete(long ws, Long user, Long course, Long group, String role) {
        String where;
        List<Object> params = new ArrayList<>(List.of(ws));
        if (group == null) {
            where = "user_id = ?2 and course_id = ?3 and group_id is null";
            params.addAll(List.of(user, course));
        } else if (course == null) {
            where = "user_id = ?2 and group_id = ?3 and course_id is null and role = ?4";
            params.addAll(List.of(user, group, role));
        } else {
            where = "user_id is null and course_id = ?2 and group_id = ?3";
            params.addAll(List.of(course, group));
        }
        String sql = "delete from enrolment where workspace_id = ?1 and " + where + " returning " + ROW;
        return Panache.getSession()
                .chain(s -> NativeQueryRepository.bind(s.createNativeQuery(sql, Object[].class), params)
                        .getResultList()
                        .map(rows -> rows.isEmpty() ? null : view(rows.get(0))));
    }

    /** The enrolment of exactly these ids (null ones null), or null. */
    Uni<EnrolmentView> find(long ws, Long user, Long course, Long group) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "select " + ROW + " from enrolment where workspace_id = ?1"
                                        + " and user_id is not distinct from ?2 and course_id is not distinct from ?3"
                                        + " and group_id is not distinct from ?4",
                                Object[].class)
                        .setParameter(1, ws)
                        .setParameter(2, user)
                        .setParameter(3, course)
                        .setParameter(4, group)
                        .getResultList()
                        .map(rows -> rows.isEmpty() ? null : view(rows.get(0))));
    }

    /** Changes the role of an enrolment; the row as changed, or null when it is gone. */
    Uni<EnrolmentView> setRole(long id, String role) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "update enrolment set role = ?2 where id = ?1 returning " + ROW, Object[].class)
                        .setParameter(1, id)
                        .setParameter(2, role)
                        .getResultList()
                        .map(rows -> rows.isEmpty() ? null : view(rows.get(0))));
    }

    /**
     * Inserts the enrolment unless one of its kind exists (the unique indexes of V2): the new row,
     * or null when it was there already. A concurrent insert of the same enrolment is waited for
     * and then skipped, never a unique-violation error.
     */
    Uni<EnrolmentView> insertIfAbsent(long ws, Long user, Long course, Long group, String role) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "insert into enrolment (workspace_id, user_id, course_id, group_id, role)"
                                        + " values (?1, ?2, ?3, ?4, ?5) on conflict do nothing returning " + ROW,
                                Object[].class)
                        .setParameter(1, ws)
                        .setParameter(2, user)
                        .setParameter(3, course)
                        .setParameter(4, group)
                        .setParameter(5, role)
                        .getResultList()
                        .map(rows -> rows.isEmpty() ? null : view(rows.get(0))));
    }

    /**
     * Enrols, as students, every user in every course and every group where no such enrolment
     * exists; answers only the rows inserted, oldest first. Existing enrolments are left as they
     * are. One statement inserting in (user, course, group) order: concurrent batches wait for each
     * other's rows in that one order (never in a cycle) and skip what another committed, and the
     * enrolment counter (V4) is updated once, at the statement's end.
     */
    Uni<List<EnrolmentView>> insertMissing(long ws, List<Long> users, List<Long> courses, List<Long> groups) {
        return insertPairs(
                "select u.id, c.id, cast(null as bigint) from unnest(cast(?2 as bigint[])) u(id)"
                        + " cross join unnest(cast(?3 as bigint[])) c(id)"
                        + " union all select u.id, cast(null as bigint), g.id from unnest(cast(?2 as bigint[])) u(id)"
                        + " cross join unnest(cast(?4 as bigint[])) g(id)",
                List.of(ws, users.toArray(Long[]::new), courses.toArray(Long[]::new), groups.toArray(Long[]::new)));
    }

    /** The group in every course where it is not enrolled yet, as {@link #insertMissing} does for users. */
    Uni<List<EnrolmentView>> insertMissingGroupCourses(long ws, long group, List<Long> courses) {
        return insertPairs(
                "select cast(null as bigint), c.id, cast(?3 as bigint) from unnest(cast(?2 as bigint[])) c(id)",
                List.of(ws, courses.toArray(Long[]::new), group));
    }

    private static Uni<List<EnrolmentView>> insertPairs(String pairs, List<Object> params) {
        String sql = "insert into enrolment (workspace_id, user_id, course_id, group_id, role)"
                + " select ?1, p.u, p.c, p.g, 'student' from (" + pairs + ") p(u, c, g)"
                + " order by p.u, p.c, p.g on conflict do nothing returning " + ROW;
        return Panache.getSession()
                .chain(s -> NativeQueryRepository.bind(s.createNativeQuery(sql, Object[].class), params)
                        .getResultList()
                        .map(rows -> rows.stream()
                                .map(EnrolmentRepository::view)
                                .sorted(Comparator.comparingLong(EnrolmentView::id))
                                .toList()));
    }

    /** The ids that are no member of the workspace. */
    Uni<List<Long>> missingMembers(long ws, List<Long> users) {
        return missing("select user_id from membership where workspace_id = ?1 and user_id = any(?2)", ws, users);
    }

    /** The ids that are no (undeleted) course of the workspace. */
    Uni<List<Long>> missingCourses(long ws, List<Long> courses) {
        return missing(
                "select id from course_projection where workspace_id = ?1 and not deleted and id = any(?2)",
                ws,
                courses);
    }

    /** The ids that are no group of the workspace. */
    Uni<List<Long>> missingGroups(long ws, List<Long> groups) {
        return missing("select id from member_group where workspace_id = ?1 and id = any(?2)", ws, groups);
    }

    private static Uni<List<Long>> missing(String sql, long ws, List<Long> ids) {
        if (ids.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(sql, Long.class)
                        .setParameter(1, ws)
                        .setParameter(2, ids.toArray(Long[]::new))
                        .getResultList()
                        .map(found ->
                                ids.stream().filter(id -> !found.contains(id)).toList()));
    }

    private static EnrolmentView view(Object[] r) {
        return new EnrolmentView(
                ((Number) r[0]).longValue(),
                id(r[1]),
                id(r[2]),
                id(r[3]),
                (String) r[4],
                NativeQueryRepository.time(r[5]));
    }

    private static Long id(Object value) {
        return value == null ? null : ((Number) value).longValue();
    }
}

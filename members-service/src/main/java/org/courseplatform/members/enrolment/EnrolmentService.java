package org.courseplatform.members.enrolment;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.courseplatform.members.member.MemberRepository;
import org.courseplatform.platform.auth.WorkspaceCaller;
import org.courseplatform.platform.events.EventData.Enrolment;
import org.courseplatform.platform.events.EventData.EnrolmentChange;
import org.courseplatform.platform.events.EventType;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.events.Outbox;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.courseplatform.platform.web.Paged;

/**
 * Enrolments: a user in a course, a user in a group (with a role), or a group in a course.
 * Ids are checked against the workspace (members, groups, and the course projection); every
 * change commits with its {@code enrolment.*} event; batches apply all or nothing.
 */
@ApplicationScoped
public class EnrolmentService {

    private static final String COLUMNS = "e.id, e.user_id, e.course_id, e.group_id, e.role, e.created_at";
    private final Outbox outbox;

    public EnrolmentService(Outbox outbox) {
        this.outbox = outbox;
    }

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
    @WithSession
    public Uni<Paged<EnrolmentView>> list(long ws, Long course, Long group, Long user, String search, int page, int length) {
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
            params.add("%" + MemberRepository.escapeLike(search.toLowerCase(java.util.Locale.ROOT)) + "%");
            int p = params.size();
            String matches = "with mm as materialized (select m.user_id from membership m where m.workspace_id = ?1"
                    + " and m.search_text like ?" + p + "), cc as materialized (select c.id from course_projection c"
                    + " where c.workspace_id = ?1 and c.search_text like ?" + p + "), x as (select " + COLUMNS
                    + " from enrolment e join mm on mm.user_id = e.user_id where e.workspace_id = ?1" + filters
                    + " union all select " + COLUMNS + " from enrolment e join cc on cc.id = e.course_id where e.workspace_id = ?1"
                    + filters + " and (e.user_id is null or not exists (select from mm where mm.user_id = e.user_id)))";
            return MemberRepository.windowedPage(matches + " select x.*, count(*) over () from x order by x.created_at, x.id",
                    matches + " select count(*) from x", params, page, length)
                    .map(found -> found.map(EnrolmentService::view));
        }
        String where = " from enrolment e where e.workspace_id = ?1" + filters;
        String select = "select " + COLUMNS + where + " order by e.created_at, e.id";
        boolean unfiltered = params.size() == 1;
        String count = unfiltered ? "select cast(coalesce(sum(e.total), 0) as bigint) from enrolment_count e where e.workspace_id = ?1"
                : "select count(*)" + where;
        return MemberRepository.countedPage(select, count, params, params, page, length).map(found -> found.map(EnrolmentService::view));
    }

    /** One enrolment of the three kinds; repeating one answers the existing row. */
    @WithTransaction
    public Uni<EnrolmentView> create(WorkspaceCaller caller, Long user, Long course, Long group, String role) {
        long ws = caller.workspaceId();
        if (user != null && course != null && group == null) {
            return requireAll(ws, List.of(user), List.of(course), List.of())
                    .chain(() -> upsert(caller, user, course, null, "student"));
        }
        if (user != null && group != null && course == null) {
            return requireAll(ws, List.of(user), List.of(), List.of(group))
                    .chain(() -> upsert(caller, user, null, group, role == null ? "student" : role));
        }
        if (group != null && course != null && user == null) {
            return requireAll(ws, List.of(), List.of(course), List.of(group))
                    .chain(() -> upsert(caller, null, course, group, "student"));
        }
        throw ApiException.badRequest("Give user and course, user and group (with role), or group and course");
    }

    /** Removes the enrolment the query names; 404 when there is none. */
    @WithTransaction
    public Uni<Void> delete(WorkspaceCaller caller, Long user, Long course, Long group, String role) {
        long ws = caller.workspaceId();
        String where;
        List<Object> params = new ArrayList<>(List.of(ws));
        if (user != null && course != null && group == null) {
            where = "user_id = ?2 and course_id = ?3 and group_id is null";
            params.addAll(List.of(user, course));
        } else if (user != null && group != null && course == null) {
            where = "user_id = ?2 and group_id = ?3 and course_id is null and role = ?4";
            params.addAll(List.of(user, group, role == null ? "student" : role));
        } else if (group != null && course != null && user == null) {
            where = "user_id is null and course_id = ?2 and group_id = ?3";
            params.addAll(List.of(course, group));
        } else {
            throw ApiException.badRequest("Give user and course, user and group (with role), or group and course");
        }
        String sql = "delete from enrolment where workspace_id = ?1 and " + where
                + " returning id, user_id, course_id, group_id, role, created_at";
        return Panache.getSession().chain(s -> {
            var query = s.createNativeQuery(sql, Object[].class);
            for (int i = 0; i < params.size(); i++) {
                query.setParameter(i + 1, params.get(i));
            }
            return query.getResultList().chain(rows -> {
                if (rows.isEmpty()) {
                    throw ApiException.notFound("No such enrolment");
                }
                return emit(Events.ENROLMENT_DELETED, caller, view(rows.get(0)));
            });
        });
    }

    /** Most ids one batch list may hold, as in the member batch. */
    static final int MAX_BATCH_IDS = 1000;
    /**
     * Most enrolments one batch may write: students x (courses + groups). A batch is one
     * transaction; ten million upserts would hold its locks for hours.
     */
    static final int MAX_BATCH_ENROLMENTS = 10_000;

    /** Every student into every course and group given, all or nothing. */
    @WithTransaction
    public Uni<Void> batch(WorkspaceCaller caller, List<Long> students, List<Long> courses, List<Long> groups) {
        capped("students", students);
        capped("courses", courses);
        capped("groups", groups);
        List<Long> s = distinct(students);
        List<Long> c = distinct(courses);
        List<Long> g = distinct(groups);
        long enrolments = (long) s.size() * (c.size() + g.size());
        if (enrolments > MAX_BATCH_ENROLMENTS) {
            throw ApiException.invalid("students", "times courses and groups makes " + enrolments
                    + " enrolments; one batch may write at most " + MAX_BATCH_ENROLMENTS);
        }
        if (s.isEmpty()) {
            throw ApiException.invalid("students", "must list at least one member id");
        }
        if (c.isEmpty() && g.isEmpty()) {
            throw ApiException.invalid("courses", "give courses or groups");
        }
        return requireAll(caller.workspaceId(), s, c, g).chain(() -> {
            List<Long[]> pairs = new ArrayList<>();
            for (Long student : s) {
                for (Long course : c) {
                    pairs.add(new Long[] {student, course, null});
                }
                for (Long group : g) {
                    pairs.add(new Long[] {student, null, group});
                }
            }
            return each(caller, pairs, 0);
        });
    }

    /** A group into several courses, all or nothing. */
    @WithTransaction
    public Uni<Void> groupBatch(WorkspaceCaller caller, Long group, List<Long> courses) {
        if (group == null) {
            throw ApiException.invalid("group", "is required");
        }
        capped("courses", courses);
        List<Long> c = distinct(courses);
        if (c.isEmpty()) {
            throw ApiException.invalid("courses", "must list at least one course id");
        }
        return requireAll(caller.workspaceId(), List.of(), c, List.of(group)).chain(() -> {
            List<Long[]> pairs = c.stream().map(course -> new Long[] {null, course, group}).toList();
            return each(caller, pairs, 0);
        });
    }

    private Uni<Void> each(WorkspaceCaller caller, List<Long[]> pairs, int i) {
        if (i == pairs.size()) {
            return Uni.createFrom().voidItem();
        }
        Long[] p = pairs.get(i);
        return upsert(caller, p[0], p[1], p[2], "student").chain(() -> each(caller, pairs, i + 1));
    }

    private Uni<EnrolmentView> upsert(WorkspaceCaller caller, Long user, Long course, Long group, String role) {
        long ws = caller.workspaceId();
        String match = "workspace_id = ?1 and user_id is not distinct from ?2 and course_id is not distinct from ?3"
                + " and group_id is not distinct from ?4";
        return Panache.getSession().chain(s -> s.createNativeQuery("select " + COLUMNS.replace("e.", "") + " from enrolment where " + match,
                        Object[].class)
                .setParameter(1, ws).setParameter(2, user).setParameter(3, course).setParameter(4, group).getResultList()
                .chain(rows -> {
                    if (!rows.isEmpty()) {
                        EnrolmentView existing = view(rows.get(0));
                        if (existing.role().equals(role)) {
                            return Uni.createFrom().item(existing);
                        }
                        return s.createNativeQuery("update enrolment set role = ?2 where id = ?1 returning "
                                        + COLUMNS.replace("e.", ""), Object[].class)
                                .setParameter(1, existing.id()).setParameter(2, role).getSingleResult().map(EnrolmentService::view);
                    }
                    return s.createNativeQuery("insert into enrolment (workspace_id, user_id, course_id, group_id, role)"
                                    + " values (?1, ?2, ?3, ?4, ?5) returning " + COLUMNS.replace("e.", ""), Object[].class)
                            .setParameter(1, ws).setParameter(2, user).setParameter(3, course).setParameter(4, group)
                            .setParameter(5, role).getSingleResult().map(EnrolmentService::view)
                            .call(created -> emit(Events.ENROLMENT_CREATED, caller, created));
                }));
    }

    /** Every id must exist in the workspace; the missing ones are listed (404). */
    private Uni<Void> requireAll(long ws, List<Long> users, List<Long> courses, List<Long> groups) {
        return Panache.getSession().chain(s -> missing(s, "select user_id from membership where workspace_id = ?1 and user_id = any(?2)", ws, users)
                .chain(mu -> missing(s, "select id from course_projection where workspace_id = ?1 and not deleted and id = any(?2)", ws, courses)
                        .chain(mc -> missing(s, "select id from member_group where workspace_id = ?1 and id = any(?2)", ws, groups)
                                .map(mg -> {
                                    List<ApiError.Detail> details = new ArrayList<>();
                                    mu.forEach(id -> details.add(new ApiError.Detail("user", "no member " + id + " in this workspace")));
                                    mc.forEach(id -> details.add(new ApiError.Detail("course", "no course " + id + " in this workspace")));
                                    mg.forEach(id -> details.add(new ApiError.Detail("group", "no group " + id + " in this workspace")));
                                    if (!details.isEmpty()) {
                                        throw new ApiException(ErrorCode.NOT_FOUND, details.size() == 1 ? details.get(0).message()
                                                : details.size() + " ids do not exist in this workspace", details, null);
                                    }
                                    return null;
                                })))).replaceWithVoid();
    }

    private static Uni<List<Long>> missing(org.hibernate.reactive.mutiny.Mutiny.Session s, String sql, long ws, List<Long> ids) {
        if (ids.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return s.createNativeQuery(sql, Long.class).setParameter(1, ws).setParameter(2, ids.toArray(Long[]::new)).getResultList()
                .map(found -> ids.stream().filter(id -> !found.contains(id)).toList());
    }

    private Uni<Void> emit(EventType<EnrolmentChange> type, WorkspaceCaller caller, EnrolmentView view) {
        Enrolment enrolment = new Enrolment(view.id(), view.user(), view.course(), view.group(), view.role(), view.created());
        return outbox.add(type, Long.toString(view.id()), caller.workspaceId(), caller.testMode(), new EnrolmentChange(enrolment))
                .replaceWithVoid();
    }

    private static void capped(String field, List<Long> ids) {
        if (ids != null && ids.size() > MAX_BATCH_IDS) {
            throw ApiException.invalid(field, "may list at most " + MAX_BATCH_IDS + " ids");
        }
    }

    private static List<Long> distinct(List<Long> ids) {
        if (ids == null) {
            return List.of();
        }
        for (Long id : ids) {
            if (id == null || id <= 0) {
                throw ApiException.badRequest("Ids must be positive integers");
            }
        }
        return List.copyOf(new LinkedHashSet<>(ids));
    }

    private static EnrolmentView view(Object[] r) {
        return new EnrolmentView(((Number) r[0]).longValue(), id(r[1]), id(r[2]), id(r[3]), (String) r[4], MemberRepository.time(r[5]));
    }

    private static Long id(Object value) {
        return value == null ? null : ((Number) value).longValue();
    }
}

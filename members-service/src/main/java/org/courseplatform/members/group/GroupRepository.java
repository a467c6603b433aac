package org.courseplatform.members.group;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.courseplatform.members.NativeQueryRepository;
import org.courseplatform.members.group.GroupService.GroupView;
import org.courseplatform.members.group.GroupService.MemberGroup;
import org.courseplatform.platform.web.Paged;

/** The {@code member_group} table and the group enrolments of members, on the caller's session. */
@ApplicationScoped
public class GroupRepository {

    Uni<GroupView> insert(long ws, String name) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "insert into member_group (workspace_id, name) values (?1, ?2) returning id, name, created_at",
                                Object[].class)
                        .setParameter(1, ws)
                        .setParameter(2, name)
                        .getSingleResult()
                        .map(GroupRepository::view));
    }

    Uni<Paged<GroupView>> page(long ws, int page, int limit) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery("select count(*) from member_group where workspace_id = ?1", Long.class)
                        .setParameter(1, ws)
                        .getSingleResult()
                        .chain(total -> s.createNativeQuery(
                                        "select id, name, created_at from member_group where workspace_id = ?1"
                                                + " order by id limit ?2 offset ?3",
                                        Object[].class)
                                .setParameter(1, ws)
                                .setParameter(2, limit)
                                .setParameter(3, Paged.offset(page, limit))
                                .getResultList()
                                .map(rows -> new Paged<>(
                                        rows.stream().map(GroupRepository::view).toList(), total))));
    }

    /** The group, or null. */
    Uni<GroupView> find(long ws, long id) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "select id, name, created_at from member_group where workspace_id = ?1 and id = ?2",
                                Object[].class)
                        .setParameter(1, ws)
                        .setParameter(2, id)
                        .getResultList()
                        .map(rows -> rows.isEmpty() ? null : view(rows.get(0))));
    }

    /** Deletes the group and every enrolment through it. */
    Uni<Void> delete(long ws, long id) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery("delete from enrolment where workspace_id = ?1 and group_id = ?2")
                        .setParameter(1, ws)
                        .setParameter(2, id)
                        .executeUpdate()
                        .chain(() -> s.createNativeQuery("delete from member_group where workspace_id = ?1 and id = ?2")
                                .setParameter(1, ws)
                                .setParameter(2, id)
                                .executeUpdate()))
                .replaceWithVoid();
    }

    Uni<Boolean> isMember(long ws, long userId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "select 1 from membership where workspace_id = ?1 and user_id = ?2", Integer.class)
                        .setParameter(1, ws)
                        .setParameter(2, userId)
                        .getResultList()
                        .map(found -> !found.isEmpty()));
    }

    /** The member's groups, optionally only those where they are {@code role}. */
    Uni<List<MemberGroup>> ofMember(long ws, long userId, String role) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "select g.id, g.name, e.role from enrolment e join member_group g on g.id = e.group_id"
                                        + " where e.workspace_id = ?1 and e.user_id = ?2 and e.course_id is null"
                                        + " and (cast(?3 as text) is null or e.role = ?3) order by g.id",
                                Object[].class)
                        .setParameter(1, ws)
                        .setParameter(2, userId)
                        .setParameter(3, role)
                        .getResultList()
                        .map(rows -> rows.stream()
                                .map(r -> new MemberGroup(((Number) r[0]).longValue(), (String) r[1], (String) r[2]))
                                .toList()));
    }

    private static GroupView view(Object[] r) {
        return new GroupView(((Number) r[0]).longValue(), (String) r[1], NativeQueryRepository.time(r[2]));
    }
}

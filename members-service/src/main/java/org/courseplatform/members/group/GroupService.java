package org.courseplatform.members.group;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.List;
import org.courseplatform.members.member.MemberRepository;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Paged;

/** Groups of a workspace (API.md: needed to use group enrolments). */
@ApplicationScoped
public class GroupService {

    public record GroupView(long id, String name, OffsetDateTime created) {
    }

    /** A group a member belongs to, with the member's role in it. */
    public record MemberGroup(long id, String name, String role) {
    }

    @WithTransaction
    public Uni<GroupView> create(long ws, String name) {
        if (name == null || name.isBlank() || name.length() > 200) {
            throw ApiException.invalid("name", "must be a non-empty string of at most 200 characters");
        }
        return Panache.getSession().chain(s -> s.createNativeQuery(
                        "insert into member_group (workspace_id, name) values (?1, ?2) returning id, name, created_at", Object[].class)
                .setParameter(1, ws).setParameter(2, name.strip()).getSingleResult().map(GroupService::view));
    }

    @WithSession
    public Uni<Paged<GroupView>> list(long ws, int page, int limit) {
        return Panache.getSession().chain(s -> s.createNativeQuery("select count(*) from member_group where workspace_id = ?1", Long.class)
                .setParameter(1, ws).getSingleResult()
                .chain(total -> s.createNativeQuery("select id, name, created_at from member_group where workspace_id = ?1"
                                + " order by id limit ?2 offset ?3", Object[].class)
                        .setParameter(1, ws).setParameter(2, limit).setParameter(3, Paged.offset(page, limit)).getResultList()
                        .map(rows -> new Paged<>(rows.stream().map(GroupService::view).toList(), total))));
    }

    @WithSession
    public Uni<GroupView> get(long ws, long id) {
        return require(ws, id);
    }

    /** Deletes the group and every enrolment through it. */
    @WithTransaction
    public Uni<Void> delete(long ws, long id) {
        return require(ws, id).chain(group -> Panache.getSession().chain(s -> s
                .createNativeQuery("delete from enrolment where workspace_id = ?1 and group_id = ?2")
                .setParameter(1, ws).setParameter(2, id).executeUpdate()
                .chain(() -> s.createNativeQuery("delete from member_group where workspace_id = ?1 and id = ?2")
                        .setParameter(1, ws).setParameter(2, id).executeUpdate())))
                .replaceWithVoid();
    }

    /** The member's groups, optionally only those where they are {@code role}. */
    @WithSession
    public Uni<List<MemberGroup>> ofMember(long ws, long userId, String role) {
        return Panache.getSession().chain(s -> s.createNativeQuery("select 1 from membership where workspace_id = ?1 and user_id = ?2", Integer.class)
                .setParameter(1, ws).setParameter(2, userId).getResultList()
                .chain(found -> {
                    if (found.isEmpty()) {
                        throw ApiException.notFound("Member " + userId + " not found");
                    }
                    return s.createNativeQuery("select g.id, g.name, e.role from enrolment e join member_group g on g.id = e.group_id"
                                    + " where e.workspace_id = ?1 and e.user_id = ?2 and e.course_id is null"
                                    + " and (cast(?3 as text) is null or e.role = ?3) order by g.id", Object[].class)
                            .setParameter(1, ws).setParameter(2, userId).setParameter(3, role).getResultList();
                })
                .map(rows -> rows.stream().map(r -> new MemberGroup(((Number) r[0]).longValue(), (String) r[1], (String) r[2])).toList()));
    }

    Uni<GroupView> require(long ws, long id) {
        return Panache.getSession().chain(s -> s.createNativeQuery(
                        "select id, name, created_at from member_group where workspace_id = ?1 and id = ?2", Object[].class)
                .setParameter(1, ws).setParameter(2, id).getResultList()
                .map(rows -> {
                    if (rows.isEmpty()) {
                        throw ApiException.notFound("Group " + id + " not found");
                    }
                    return view(rows.get(0));
                }));
    }

    private static GroupView view(Object[] r) {
        return new GroupView(((Number) r[0]).longValue(), (String) r[1], MemberRepository.time(r[2]));
    }
}

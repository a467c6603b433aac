package org.courseplatform.members.member;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import org.courseplatform.platform.web.ApiException;

/** The SQL of member changes; runs inside the caller's transaction. */
@ApplicationScoped
public class MemberWrites {

    /** Locks the workspace row (serialises user-limit checks) and answers its limit, or null for none. */
    Uni<Integer> lockWorkspace(long workspaceId) {
        return Panache.getSession().chain(s -> s.createNativeQuery("select user_limit from workspace where id = ?1 for update", Integer.class)
                .setParameter(1, workspaceId).getResultList()
                .map(rows -> {
                    if (rows.isEmpty()) {
                        throw ApiException.notFound("Workspace " + workspaceId + " not found");
                    }
                    return rows.get(0);
                }));
    }

    /** Active and pending members: those that count toward the user limit. */
    Uni<Long> counted(long workspaceId) {
        return Panache.getSession().chain(s -> s.createNativeQuery(
                        "select count(*) from membership where workspace_id = ?1 and state in ('active', 'pending')", Long.class)
                .setParameter(1, workspaceId).getSingleResult());
    }

    /** {@code [userId, membershipState or null]} of the user with this email, or null. */
    Uni<Object[]> userByEmail(long workspaceId, String email) {
        return Panache.getSession().chain(s -> s.createNativeQuery(
                        "select u.id, m.state from app_user u left join membership m on m.user_id = u.id and m.workspace_id = ?1"
                                + " where lower(u.email) = lower(?2)", Object[].class)
                .setParameter(1, workspaceId).setParameter(2, email).getResultList()
                .map(rows -> rows.isEmpty() ? null : rows.get(0)));
    }

    Uni<Boolean> usernameTaken(String username) {
        return Panache.getSession().chain(s -> s.createNativeQuery("select count(*) from app_user where lower(username) = lower(?1)", Long.class)
                .setParameter(1, username).getSingleResult().map(n -> n > 0));
    }

    Uni<Long> insertUser(MemberRequest r, String email, String passwordHash) {
        return Panache.getSession().chain(s -> s.createNativeQuery("""
                        insert into app_user (email, username, firstname, lastname, timezone, avatar, locale, email_verified, password_hash)
                        values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) returning id""", Long.class)
                .setParameter(1, email)
                .setParameter(2, r.username() != null ? r.username().strip() : email)
                .setParameter(3, r.firstname() != null ? r.firstname() : email)
                .setParameter(4, r.lastname())
                .setParameter(5, r.timezone())
                .setParameter(6, r.avatar())
                .setParameter(7, r.locale())
                .setParameter(8, r.emailVerified())
                .setParameter(9, passwordHash)
                .getSingleResult());
    }

    /** Joins the user to the workspace, or brings an inactive member back. */
    Uni<Void> join(long workspaceId, long userId, String state, String userType, boolean noNotification) {
        return Panache.getSession().chain(s -> s.createNativeQuery("""
                        insert into membership (workspace_id, user_id, state, user_type, disable_course_enrolment_notification)
                        values (?1, ?2, ?3, ?4, ?5)
                        on conflict (workspace_id, user_id) do update set state = excluded.state,
                            user_type = coalesce(excluded.user_type, membership.user_type), added_at = now()""")
                .setParameter(1, workspaceId).setParameter(2, userId).setParameter(3, state)
                .setParameter(4, userType).setParameter(5, noNotification).executeUpdate()).replaceWithVoid();
    }

    /** Marks the member inactive; the number of rows changed (0: not a member, or already inactive). */
    Uni<Integer> deactivate(long workspaceId, long userId) {
        return Panache.getSession().chain(s -> s.createNativeQuery(
                        "update membership set state = 'inactive' where workspace_id = ?1 and user_id = ?2 and state <> 'inactive'")
                .setParameter(1, workspaceId).setParameter(2, userId).executeUpdate());
    }

    /** Removes the member and their enrolments from the workspace; the memberships removed. */
    Uni<Integer> remove(long workspaceId, long userId) {
        return Panache.getSession().chain(s -> s.createNativeQuery("delete from enrolment where workspace_id = ?1 and user_id = ?2")
                .setParameter(1, workspaceId).setParameter(2, userId).executeUpdate()
                .chain(() -> s.createNativeQuery("delete from membership where workspace_id = ?1 and user_id = ?2")
                        .setParameter(1, workspaceId).setParameter(2, userId).executeUpdate()));
    }

}

package org.courseplatform.members.member;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.platform.web.ApiException;

/** The SQL of member changes (users, memberships, the workspace's limit); runs inside the caller's transaction. */
@ApplicationScoped
public class MembershipRepository {

    /** Locks the workspace row (serialises user-limit checks) and answers its limit, or null for none. */
    Uni<Integer> lockWorkspace(long workspaceId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "select user_limit from workspace where id = ?1 for update", Integer.class)
                        .setParameter(1, workspaceId)
                        .getResultList()
                        .map(rows -> {
                            if (rows.isEmpty()) {
                                throw ApiException.notFound("Workspace " + workspaceId + " not found");
                            }
                            return rows.get(0);
                        }));
    }

    /** Active and pending members: those that count toward the user limit. */
    Uni<Long> counted(long workspaceId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "select count(*) from membership where workspace_id = ?1 and state in ('active', 'pending')",
                                Long.class)
                        .setParameter(1, workspaceId)
                        .getSingleResult());
    }

    /** {@code [userId, membershipState or null]} of the user with this email, or null. */
    Uni<Object[]> userByEmail(long workspaceId, String email) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "select u.id, m.state from app_user u left join membership m on m.user_id = u.id and m.workspace_id = ?1"
                                        + " where lower(u.email) = lower(?2)",
                                Object[].class)
                        .setParameter(1, workspaceId)
                        .setParameter(2, email)
                        .getResultList()
                        .map(rows -> rows.isEmpty() ? null : rows.get(0)));
    }

    /**
     * A new user: only what is global (email, username, password); the profile goes on the
     * membership. A password is recorded with the workspace that chose it, the only one it opens.
     * Answers null, instead of failing, when the email or the username is taken (the unique
     * indexes of V1): a user another workspace's request created a moment ago.
     */
    Uni<Long> insertUser(long workspaceId, MemberRequest r, String email, String passwordHash) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "insert into app_user (email, username, password_hash, password_workspace_id)"
                                        + " values (?1, ?2, ?3, ?4) on conflict do nothing returning id",
                                Long.class)
                        .setParameter(1, email)
                        .setParameter(2, r.username() != null ? r.username().strip() : email)
                        .setParameter(3, passwordHash)
                        .setParameter(4, passwordHash == null ? null : workspaceId)
                        .getResultList()
                        .map(ids -> ids.isEmpty() ? null : ids.get(0)));
    }

    /**
     * Joins the user to the workspace with the profile this request gives (firstname defaults to
     * the email, timezone to UTC, locale to the detected {@code locale}), or brings an inactive
     * member back: fields given replace this membership's, fields not given keep what it had (the
     * defaults where it had none). Other workspaces' memberships are never read or written.
     */
    Uni<Void> join(
            long workspaceId,
            long userId,
            String email,
            String state,
            MemberRequest profile,
            boolean noNotification,
            String locale) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery("""
                        insert into membership (workspace_id, user_id, state, user_type, disable_course_enrolment_notification,
                                                firstname, lastname, timezone, avatar, locale, email_verified)
                        values (?1, ?2, ?3, ?4, ?5, coalesce(?6, ?12), ?7, coalesce(?8, ?13), ?9, coalesce(?10, ?14), ?11)
                        on conflict (workspace_id, user_id) do update set state = excluded.state,
                            user_type = coalesce(excluded.user_type, membership.user_type), added_at = now(),
                            firstname = coalesce(?6, membership.firstname), lastname = coalesce(?7, membership.lastname),
                            timezone = coalesce(?8, membership.timezone, ?13), avatar = coalesce(?9, membership.avatar),
                            locale = coalesce(?10, membership.locale, ?14), email_verified = coalesce(?11, membership.email_verified)""")
                        .setParameter(1, workspaceId)
                        .setParameter(2, userId)
                        .setParameter(3, state)
                        .setParameter(4, profile.userType())
                        .setParameter(5, noNotification)
                        .setParameter(6, profile.firstname())
                        .setParameter(7, profile.lastname())
                        .setParameter(8, profile.timezone())
                        .setParameter(9, profile.avatar())
                        .setParameter(10, profile.locale())
                        .setParameter(11, profile.emailVerified())
                        .setParameter(12, email)
                        .setParameter(13, MemberDefaults.TIMEZONE)
                        .setParameter(14, locale)
                        .executeUpdate())
                .replaceWithVoid();
    }

    /** Marks the member inactive; the number of rows changed (0: not a member, or already inactive). */
    Uni<Integer> deactivate(long workspaceId, long userId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "update membership set state = 'inactive' where workspace_id = ?1 and user_id = ?2 and state <> 'inactive'")
                        .setParameter(1, workspaceId)
                        .setParameter(2, userId)
                        .executeUpdate());
    }

    /** Removes the member and their enrolments from the workspace; the memberships removed. */
    Uni<Integer> remove(long workspaceId, long userId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery("delete from enrolment where workspace_id = ?1 and user_id = ?2")
                        .setParameter(1, workspaceId)
                        .setParameter(2, userId)
                        .executeUpdate()
                        .chain(() -> s.createNativeQuery(
                                        "delete from membership where workspace_id = ?1 and user_id = ?2")
                                .setParameter(1, workspaceId)
                                .setParameter(2, userId)
                                .executeUpdate()));
    }
}

package org.courseplatform.members.user;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** Reads what one user may reach across workspaces: memberships, and the courses enrolled in. */
@ApplicationScoped
public class UserAccessRepository {

    /** Most enrolled courses answered for one member: far more than anyone takes at once. */
    static final int MAX_COURSES = 1000;

    private static final String MEMBERSHIPS =
            "select m.workspace_id, u.id, u.email, m.user_type, m.state, w.plan, w.addons,"
                    + " w.features, u.password_workspace_id from membership m join app_user u on u.id = m.user_id join workspace w on w.id = m.workspace_id"
                    + " where m.user_id = ?1 order by m.workspace_id";

    /**
     * The member's courses: enrolled directly, or through a group they are in (with the group's
     * role). Courses deleted in course-service are left out.
     */
    private static final String COURSES = "select c.id, c.title, c.client_identifier, x.group_id, x.role from ("
            + " select e.course_id, cast(null as bigint) as group_id, e.role from enrolment e"
            + "  where e.workspace_id = ?1 and e.user_id = ?2 and e.course_id is not null and e.group_id is null"
            + " union all"
            + " select gc.course_id, ug.group_id, ug.role from enrolment ug join enrolment gc on gc.workspace_id = ug.workspace_id"
            + "  and gc.group_id = ug.group_id and gc.user_id is null and gc.course_id is not null"
            + "  where ug.workspace_id = ?1 and ug.user_id = ?2 and ug.group_id is not null and ug.course_id is null"
            + ") x join course_projection c on c.id = x.course_id and c.workspace_id = ?1 and not c.deleted"
            + " order by c.id, x.group_id nulls first limit " + MAX_COURSES;

    Uni<List<Object[]>> memberships(long userId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(MEMBERSHIPS, Object[].class)
                        .setParameter(1, userId)
                        .getResultList());
    }

    Uni<List<Object[]>> courses(long workspaceId, long userId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(COURSES, Object[].class)
                        .setParameter(1, workspaceId)
                        .setParameter(2, userId)
                        .getResultList());
    }
}

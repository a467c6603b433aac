package org.courseplatform.members.enrolment;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.platform.web.Paged;

/** Enrolments of a workspace, oldest first. */
@ApplicationScoped
public class EnrolmentService {

    private static final String FROM = " from enrolment e where e.workspace_id = ?1"
            + " and (cast(?2 as bigint) is null or e.course_id = ?2)"
            + " and (cast(?3 as bigint) is null or e.group_id = ?3)"
            + " and (cast(?4 as bigint) is null or e.user_id = ?4)";

    @WithSession
    public Uni<Paged<EnrolmentView>> list(long workspaceId, Long course, Long group, Long user, int page, int length) {
        return Panache.getSession().chain(session -> session.createNativeQuery("select count(*)" + FROM, Long.class)
                .setParameter(1, workspaceId).setParameter(2, course).setParameter(3, group).setParameter(4, user)
                .getSingleResult()
                .chain(total -> session.createNativeQuery("select e.id, e.user_id, e.course_id, e.group_id, e.role, e.created_at"
                                + FROM + " order by e.created_at, e.id limit ?5 offset ?6", Object[].class)
                        .setParameter(1, workspaceId).setParameter(2, course).setParameter(3, group).setParameter(4, user)
                        .setParameter(5, length).setParameter(6, Paged.offset(page, length))
                        .getResultList()
                        .map(rows -> new Paged<>(map(rows), total))));
    }

    private static List<EnrolmentView> map(List<Object[]> rows) {
        List<EnrolmentView> list = new ArrayList<>(rows.size());
        for (Object[] r : rows) {
            list.add(new EnrolmentView(((Number) r[0]).longValue(), id(r[1]), id(r[2]), id(r[3]), (String) r[4],
                    org.courseplatform.members.member.MemberRepository.time(r[5])));
        }
        return list;
    }

    private static Long id(Object value) {
        return value == null ? null : ((Number) value).longValue();
    }
}

package org.courseplatform.members.member;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.platform.web.Paged;

/** Reads members (users joined to their membership of one workspace). */
@ApplicationScoped
public class MemberRepository {

    private static final String COLUMNS = "u.id, u.email, m.user_type, u.username, u.firstname, u.lastname, u.timezone, "
            + "u.avatar, u.email_verified, u.locale, m.disable_course_enrolment_notification, m.state, u.created_at, m.added_at";
    private static final String FROM = " from membership m join app_user u on u.id = m.user_id where m.workspace_id = ?1"
            + " and (cast(?2 as text) is null or m.state = ?2)"
            + " and (cast(?3 as text) is null or u.firstname ilike ?3 or u.lastname ilike ?3 or u.username ilike ?3 or u.email ilike ?3)";

    Uni<Paged<MemberView>> page(long workspaceId, MemberQuery query) {
        String pattern = query.search() == null ? null : "%" + escapeLike(query.search()) + "%";
        return Panache.getSession().chain(session -> session.createNativeQuery("select count(*)" + FROM, Long.class)
                .setParameter(1, workspaceId).setParameter(2, query.state()).setParameter(3, pattern)
                .getSingleResult()
                .chain(total -> session.createNativeQuery("select " + COLUMNS + FROM + " order by " + query.orderBy()
                                + " limit ?4 offset ?5", Object[].class)
                        .setParameter(1, workspaceId).setParameter(2, query.state()).setParameter(3, pattern)
                        .setParameter(4, query.limit()).setParameter(5, Paged.offset(query.page(), query.limit()))
                        .getResultList()
                        .map(rows -> new Paged<>(map(rows), total))));
    }

    /** One member of the workspace (any state), or null. */
    Uni<MemberView> find(long workspaceId, long userId) {
        return Panache.getSession().chain(session -> session.createNativeQuery("select " + COLUMNS
                        + " from membership m join app_user u on u.id = m.user_id where m.workspace_id = ?1 and u.id = ?2", Object[].class)
                .setParameter(1, workspaceId).setParameter(2, userId).getResultList()
                .map(rows -> rows.isEmpty() ? null : map(rows).get(0)));
    }

    public static String escapeLike(String value) {
        return value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    private static List<MemberView> map(List<Object[]> rows) {
        List<MemberView> members = new ArrayList<>(rows.size());
        for (Object[] r : rows) {
            String state = (String) r[11];
            members.add(new MemberView(((Number) r[0]).longValue(), (String) r[1], (String) r[2], (String) r[3],
                    (String) r[4], (String) r[5], (String) r[6], (String) r[7], (String) r[8], (String) r[9],
                    "active".equals(state), Boolean.TRUE.equals(r[10]), state, time(r[12]), time(r[13])));
        }
        return members;
    }

    public static OffsetDateTime time(Object value) {
        if (value instanceof OffsetDateTime t) {
            return t;
        }
        if (value instanceof java.time.Instant i) {
            return i.atOffset(java.time.ZoneOffset.UTC);
        }
        if (value instanceof java.sql.Timestamp ts) {
            return ts.toInstant().atOffset(java.time.ZoneOffset.UTC);
        }
        return value == null ? null : OffsetDateTime.parse(value.toString());
    }
}

package org.courseplatform.members.member;

import static org.courseplatform.members.NativeQueryRepository.PAGE;
import static org.courseplatform.members.NativeQueryRepository.countedPage;
import static org.courseplatform.members.NativeQueryRepository.time;
import static org.courseplatform.members.NativeQueryRepository.windowedPage;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.platform.web.Like;
import org.courseplatform.platform.web.Paged;

/** Reads members (users joined to their membership of one workspace). */
@ApplicationScoped
public class MemberRepository {

    /**
     * Email and username are the user's (global); every profile field is the membership's, so a
     * workspace sees only what it (or the member, for it) set (V8).
     */
    private static final String COLUMNS =
            "u.id, u.email, m.user_type, u.username, m.firstname, m.lastname, m.timezone, "
                    + "m.avatar, m.email_verified, m.locale, m.disable_course_enrolment_notification, m.state, u.created_at, m.added_at";

    Uni<Paged<MemberView>> page(long workspaceId, MemberQuery query) {
        // Predicates are added only when used, so each plan can pick the sort or trigram index.
        StringBuilder where = new StringBuilder(" where m.workspace_id = ?1");
        List<Object> params = new ArrayList<>(List.of(workspaceId));
        if (query.state() != null) {
            params.add(query.state());
            where.append(" and m.state = ?").append(params.size());
        }
        String from = " from membership m join app_user u on u.id = m.user_id";
        if (query.search() != null) {
            params.add(Like.containing(query.search()));
            where.append(" and m.search_text like ?").append(params.size());
            // The matches are found first (trigram index), then sorted, paged and counted in one
            // query. Left to itself the planner prefers walking the sort index and filtering
            // every row of the workspace, which is 5-20 times slower for any term.
            String matches = "with m as materialized (select * from membership m" + where + ")";
            // Sort, count and page the matches on membership alone, then join app_user for the
            // page's rows only (a deferred join): joining every match first made the planner
            // hash all 100,000 users for a broad term (90 of 115 ms at 1,100 matches).
            return windowedPage(
                            matches + " select " + COLUMNS
                                    + ", m.total from (select m.*, count(*) over () as total from m" + " order by "
                                    + query.orderBy() + PAGE + ") m join app_user u on u.id = m.user_id order by "
                                    + query.orderBy(),
                            matches + " select count(*) from m",
                            params,
                            query.page(),
                            query.limit())
                    .map(p -> new Paged<>(map(p.items()), p.total()));
        }
        // Without a search, the page is an index scan in sort order and the total comes from the
        // counters kept by triggers (V4).
        String count =
                "select cast(coalesce(sum(" + (query.state() == null ? "active + pending + inactive" : query.state())
                        + "), 0) as bigint) from member_count m where m.workspace_id = ?1";
        return countedPage(
                        "select " + COLUMNS + from + where + " order by " + query.orderBy(),
                        count,
                        List.of(workspaceId),
                        params,
                        query.page(),
                        query.limit())
                .map(p -> new Paged<>(map(p.items()), p.total()));
    }

    /** One member of the workspace (any state), or null. */
    Uni<MemberView> find(long workspaceId, long userId) {
        return Panache.getSession()
                .chain(session -> session.createNativeQuery(
                                "select " + COLUMNS
                                        + " from membership m join app_user u on u.id = m.user_id where m.workspace_id = ?1 and u.id = ?2",
                                Object[].class)
                        .setParameter(1, workspaceId)
                        .setParameter(2, userId)
                        .getResultList()
                        .map(rows -> rows.isEmpty() ? null : map(rows).get(0)));
    }

    private static List<MemberView> map(List<Object[]> rows) {
        List<MemberView> members = new ArrayList<>(rows.size());
        for (Object[] r : rows) {
            String state = (String) r[11];
            members.add(new MemberView(
                    ((Number) r[0]).longValue(),
                    (String) r[1],
                    (String) r[2],
                    (String) r[3],
                    (String) r[4],
                    (String) r[5],
                    (String) r[6],
                    (String) r[7],
                    (String) r[8],
                    (String) r[9],
                    "active".equals(state),
                    Boolean.TRUE.equals(r[10]),
                    state,
                    time(r[12]),
                    time(r[13])));
        }
        return members;
    }
}

package org.courseplatform.courses.course;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.platform.web.Paged;

@ApplicationScoped
public class CourseRepository implements PanacheRepositoryBase<Course, Long> {

    /**
     * One page of a workspace's courses. Without {@code clientIdentifier} every tenant is listed
     * (DESIGN.md section 6); with it, only that tenant.
     */
    Uni<Paged<CourseRow>> page(long workspaceId, CourseQuery q) {
        StringBuilder where = new StringBuilder("workspaceId = :ws");
        Parameters params = Parameters.with("ws", workspaceId);
        if (!q.deleted()) {
            where.append(" and deleted = false");
        }
        if (q.clientIdentifier() != null) {
            where.append(" and clientIdentifier = :tenant");
            params.and("tenant", q.clientIdentifier());
        }
        if (q.identifier() != null) {
            where.append(" and identifier = :identifier");
            params.and("identifier", q.identifier());
        }
        if (q.title() != null) {
            where.append(" and lower(title) like :title escape '\\'");
            params.and("title", "%" + escapeLike(q.title().toLowerCase(java.util.Locale.ROOT)) + "%");
        }
        var query = find(where.toString(), Sort.by("id"), params);
        int size = Math.max(q.length(), 1);
        int offset = Paged.offset(q.page(), size);
        return query.count().chain(total -> query.range(offset, offset + size - 1).project(CourseRow.class).list()
                .map(list -> new Paged<>(q.length() == 0 ? java.util.List.<CourseRow>of() : list, total)));
    }

    static String escapeLike(String value) {
        return value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}

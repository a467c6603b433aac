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
     * One page of the courses a scope sees (DESIGN.md section 6): every tenant of the workspace,
     * or one tenant, where a scope's null tenant is the workspace-default one (no tenant). A
     * scope that sees nothing gets an empty page without a query.
     */
    Uni<Paged<CourseRow>> page(CourseScope scope, CourseQuery q) {
        if (scope.none()) {
            return Uni.createFrom().item(new Paged<>(java.util.List.<CourseRow>of(), 0L));
        }
        StringBuilder where = new StringBuilder("workspaceId = :ws");
        Parameters params = Parameters.with("ws", scope.workspaceId());
        if (!q.deleted()) {
            where.append(" and deleted = false");
        }
        if (!scope.anyTenant()) {
            if (scope.clientIdentifier() == null) {
                where.append(" and clientIdentifier is null");
            } else {
                where.append(" and clientIdentifier = :tenant");
                params.and("tenant", scope.clientIdentifier());
            }
        }
        if (q.identifier() != null) {
            where.append(" and identifier = :identifier");
            params.and("identifier", q.identifier());
        }
        if (q.folderId() != null) {
            if (q.folderId() == CourseQuery.NO_FOLDER) {
                where.append(" and folderId is null");
            } else {
                where.append(" and folderId = :folder");
                params.and("folder", q.folderId());
            }
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

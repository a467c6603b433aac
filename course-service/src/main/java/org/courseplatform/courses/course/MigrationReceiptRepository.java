package org.courseplatform.courses.course;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/**
 * The receipts of course migrations ({@code course_migration}): a repeated request id answers the
 * first result. Runs in the caller's transaction, which holds the course locked.
 */
@ApplicationScoped
public class MigrationReceiptRepository {

    private static final String RECEIPT = "select cast(result as text) from course_migration where request_id = ?1";
    private static final String RECORD = """
            insert into course_migration (request_id, course_id, workspace_id, result)
            values (?1, ?2, ?3, cast(cast(?4 as text) as jsonb))""";

    /** The result recorded for the request id (JSON text), or null when there is none. */
    Uni<String> find(UUID requestId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(RECEIPT, String.class)
                        .setParameter(1, requestId)
                        .getResultList()
                        .map(rows -> rows.isEmpty() ? null : rows.get(0)));
    }

    /** Records the result of a migration under its request id. */
    Uni<Void> record(UUID requestId, long courseId, long workspaceId, String resultJson) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(RECORD)
                        .setParameter(1, requestId)
                        .setParameter(2, courseId)
                        .setParameter(3, workspaceId)
                        .setParameter(4, resultJson)
                        .executeUpdate())
                .replaceWithVoid();
    }
}

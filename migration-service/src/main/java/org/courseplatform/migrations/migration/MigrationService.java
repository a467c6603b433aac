package org.courseplatform.migrations.migration;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import org.courseplatform.migrations.batch.BatchService;
import org.courseplatform.migrations.batch.BatchView;
import org.courseplatform.migrations.batch.BatchWorker;
import org.courseplatform.migrations.course.CourseMigrator;
import org.courseplatform.migrations.course.CourseScope;
import org.courseplatform.platform.auth.WorkspaceCaller;
import org.courseplatform.platform.web.ApiException;

/**
 * The migration request rules: one unique course is migrated at once and answered (200, no
 * batch, no events); two or more become a batch worked on in the background (202).
 */
@ApplicationScoped
public class MigrationService {

    private final CourseMigrator migrator;
    private final BatchService batches;
    private final BatchWorker worker;

    public MigrationService(CourseMigrator migrator, BatchService batches, BatchWorker worker) {
        this.migrator = migrator;
        this.batches = batches;
        this.worker = worker;
    }

    /** Either a {@link MigrationResult} (one unique course) or a new {@link BatchView}. */
    public record Answer(MigrationResult single, BatchView batch) {}

    /**
     * With an {@code Idempotency-Key} (else null): one course is migrated by course-service, beyond
     * this service's transaction, so the key names the migrate call there too, and a repeat after
     * a lost answer gets course-service's first result rather than a second migration.
     */
    public Uni<Answer> migrate(WorkspaceCaller caller, List<Long> courseIds, String idempotencyKey) {
        if (courseIds.size() == 1) {
            UUID requestId = idempotencyKey == null
                    ? UUID.randomUUID()
                    : UUID.nameUUIDFromBytes(
                            (caller.getName() + '\n' + idempotencyKey).getBytes(StandardCharsets.UTF_8));
            return migrateOne(caller, courseIds.get(0), requestId).map(result -> new Answer(result, null));
        }
        return batches.create(CourseScope.of(caller), courseIds)
                .invoke(worker::wake)
                .map(batch -> new Answer(null, batch));
    }

    /**
     * Migrates one course now. Errors are the course's: 404 for a course not in this workspace
     * (or, for an agent, not in its tenant), 409 for a deleted one, 422 for a hosted SCORM course;
     * 503 when course-service cannot answer.
     */
    public Uni<MigrationResult> migrateOne(WorkspaceCaller caller, long courseId) {
        return migrateOne(caller, courseId, UUID.randomUUID());
    }

    private Uni<MigrationResult> migrateOne(WorkspaceCaller caller, long courseId, UUID requestId) {
        return migrator.migrate(CourseScope.of(caller), courseId, requestId)
                .map(MigrationResult::of)
                .onFailure(CourseMigrator.DefinitiveFailure.class)
                .transform(e -> rejected((CourseMigrator.DefinitiveFailure) e))
                .onFailure(e -> !(e instanceof ApiException) && !(e instanceof IllegalStateException))
                .transform(e -> ApiException.unavailable(
                        e instanceof TimeoutException
                                ? "course-service did not answer in time; try again"
                                : "course-service is not available; try again"));
    }

    private static RuntimeException rejected(CourseMigrator.DefinitiveFailure e) {
        return switch (e.status()) {
            case 404 -> ApiException.notFound(e.getMessage());
            case 409 -> ApiException.conflict(e.getMessage());
            case 413 -> ApiException.unprocessable("The course cannot be migrated: " + e.getMessage());
            case 422 -> ApiException.unprocessable(e.getMessage());
            // Anything else means this service sent a bad call: a bug, answered as a 500 with an incident id.
            default ->
                new IllegalStateException(
                        "course-service refused a migrate call (" + e.status() + "): " + e.getMessage(), e);
        };
    }
}

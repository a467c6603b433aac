package org.courseplatform.migrations.course;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * Asks course-service to migrate one course. Transient failures are retried briefly with
 * jitter; that is safe because every attempt carries the same request id, so a migration that
 * committed before its answer was lost is answered again, not done twice.
 */
@ApplicationScoped
public class CourseMigrator {

    private final CoursesClient client;

    public CourseMigrator(@RestClient CoursesClient client) {
        this.client = client;
    }

    @Timeout(value = 30, unit = ChronoUnit.SECONDS)
    @Retry(maxRetries = 2, delay = 200, jitter = 100, abortOn = DefinitiveFailure.class)
    public Uni<CourseOutcome> migrate(CourseScope scope, long courseId, UUID requestId) {
        return client.migrate(courseId, CoursesClient.MigrateRequest.of(scope, requestId))
                .onFailure(CourseCallException.class)
                .transform(e ->
                        ((CourseCallException) e).definitive() ? new DefinitiveFailure((CourseCallException) e) : e);
    }

    /** A course-service answer that retrying cannot change (404, 409, 422, ...). */
    public static class DefinitiveFailure extends RuntimeException {

        private final int status;

        DefinitiveFailure(CourseCallException cause) {
            super(cause.getMessage(), cause);
            this.status = cause.status();
        }

        public int status() {
            return status;
        }
    }
}

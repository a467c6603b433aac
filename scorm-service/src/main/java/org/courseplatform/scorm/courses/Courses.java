package org.courseplatform.scorm.courses;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.temporal.ChronoUnit;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * Calls to course-service with a timeout, brief retries with jitter and a circuit breaker, so a
 * course-service outage gives callers a quick failure rather than a hung request.
 */
@ApplicationScoped
public class Courses {

    private final CourseClient client;

    public Courses(@RestClient CourseClient client) {
        this.client = client;
    }

    /** Creation is not retried: a retry after a lost answer would make a second course. */
    @Timeout(value = 5, unit = ChronoUnit.SECONDS)
    @CircuitBreaker(requestVolumeThreshold = 10, failureRatio = 0.8, delay = 5, delayUnit = ChronoUnit.SECONDS)
    public Uni<CourseClient.Course> create(CourseClient.CreateScorm request) {
        return client.create(request);
    }

    @Timeout(value = 5, unit = ChronoUnit.SECONDS)
    @Retry(maxRetries = 2, delay = 200, jitter = 100)
    @CircuitBreaker(requestVolumeThreshold = 10, failureRatio = 0.8, delay = 5, delayUnit = ChronoUnit.SECONDS)
    public Uni<CourseClient.Course> setTitle(long courseId, long workspaceId, String title) {
        return client.title(courseId, new CourseClient.Title(workspaceId, title));
    }
}

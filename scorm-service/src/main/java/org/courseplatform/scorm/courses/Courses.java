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

    private final CoursesClient client;

    public Courses(@RestClient CoursesClient client) {
        this.client = client;
    }

    /**
     * Not retried here: the client's retry of the package create asks again, and course-service
     * answers the course it made for that upload (the upload hash is the key), never a second.
     */
    @Timeout(value = 5, unit = ChronoUnit.SECONDS)
    @CircuitBreaker(requestVolumeThreshold = 10, failureRatio = 0.8, delay = 5, delayUnit = ChronoUnit.SECONDS)
    public Uni<CoursesClient.Course> create(CoursesClient.CreateScorm request) {
        return client.create(request);
    }

    @Timeout(value = 5, unit = ChronoUnit.SECONDS)
    @Retry(maxRetries = 2, delay = 200, jitter = 100)
    @CircuitBreaker(requestVolumeThreshold = 10, failureRatio = 0.8, delay = 5, delayUnit = ChronoUnit.SECONDS)
    public Uni<CoursesClient.Course> setTitle(long courseId, long workspaceId, String title) {
        return client.title(courseId, new CoursesClient.Title(workspaceId, title));
    }
}

package org.courseplatform.scorm.pkg;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.junit.jupiter.api.Test;

/**
 * A package create whose course-service call or copy failed answers 503 (the client tries again),
 * also when releasing the upload's claim fails as well, as it does while PostgreSQL restarts: the
 * two failures together used to reach the client as one 500.
 */
class ReleaseThenFailTest {

    @Test
    void aTimeoutAnswers503WhetherOrNotTheReleaseWorks() {
        for (Uni<Void> release : java.util.List.of(
                Uni.createFrom().voidItem(),
                Uni.createFrom().<Void>failure(new IllegalStateException("connection closed")))) {
            Throwable failure = failureOf(
                    ScormPackageService.releaseThenFail(release, new TimeoutException("course-service"), "try again"));
            assertThat(failure).isInstanceOf(ApiException.class);
            assertThat(((ApiException) failure).code()).isEqualTo(ErrorCode.UNAVAILABLE);
        }
    }

    @Test
    void anApiErrorIsAnsweredAsItIs() {
        ApiException conflict = ApiException.conflict("used");
        Throwable failure = failureOf(ScormPackageService.releaseThenFail(
                Uni.createFrom().<Void>failure(new IllegalStateException("closed")), conflict, "try again"));
        assertThat(failure).isSameAs(conflict);
    }

    @Test
    void theReleaseRunsBeforeTheFailure() {
        boolean[] released = {false};
        Throwable failure = failureOf(ScormPackageService.releaseThenFail(
                Uni.createFrom().voidItem().invoke(() -> released[0] = true), new RuntimeException("x"), "again"));
        assertThat(released[0]).isTrue();
        assertThat(failure).isInstanceOf(ApiException.class);
    }

    private static Throwable failureOf(Uni<?> uni) {
        try {
            uni.await().atMost(Duration.ofSeconds(5));
        } catch (Throwable e) {
            return e;
        }
        throw new AssertionError("expected a failure");
    }
}

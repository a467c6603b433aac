package org.courseplatform.scorm.processing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A package whose processing failed on S3 or course-service is retried after a growing delay, so
 * that the default attempts outlast a restart of either (the chaos run killed S3 for about 50 s and
 * good packages failed after 5 s + 10 s of retries).
 */
class RetryDelayTest {

    @Test
    void theDelayGrowsFourfoldUpToFiveMinutes() {
        assertThat(PackageWorker.retryDelaySeconds(1)).isEqualTo(5);
        assertThat(PackageWorker.retryDelaySeconds(2)).isEqualTo(20);
        assertThat(PackageWorker.retryDelaySeconds(3)).isEqualTo(80);
        assertThat(PackageWorker.retryDelaySeconds(4)).isEqualTo(300);
        assertThat(PackageWorker.retryDelaySeconds(9)).isEqualTo(300);
    }

    @Test
    void theDefaultAttemptsOutlastAFewMinutesOfOutage() {
        int waited = 0;
        for (int attempt = 1; attempt < 5; attempt++) {
            waited += PackageWorker.retryDelaySeconds(attempt);
        }
        assertThat(waited).isGreaterThanOrEqualTo(300);
    }
}

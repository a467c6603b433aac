package org.courseplatform.scorm.processing;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * How package processing ends, for operators: {@code scorm_packages_processed_total{outcome}} counts
 * packages that became {@code ready}, were {@code rejected} (the package's own fault: a bad zip or
 * manifest, status {@code failed} with that code) or ended in {@code error} (status {@code failed},
 * code {@code processing_error}: every attempt failed on S3 or course-service);
 * {@code scorm_processing_attempt_failures_total} counts attempts that failed on the infrastructure
 * and were retried or, the last one, ended in {@code error}. Every series exists from start-up, so
 * an increase is seen from the first one.
 */
@Startup
@ApplicationScoped
public class ProcessingMetrics {

    private final Counter ready;
    private final Counter rejected;
    private final Counter error;
    private final Counter attemptFailures;

    public ProcessingMetrics(MeterRegistry registry) {
        this.ready = processed(registry, "ready");
        this.rejected = processed(registry, "rejected");
        this.error = processed(registry, "error");
        this.attemptFailures = Counter.builder("scorm.processing.attempt.failures")
                .description("Processing attempts that failed on S3 or course-service")
                .register(registry);
    }

    private static Counter processed(MeterRegistry registry, String outcome) {
        return Counter.builder("scorm.packages.processed")
                .description("Packages whose processing ended: ready, rejected (the package's fault) or error (ours)")
                .tag("outcome", outcome)
                .register(registry);
    }

    void ready() {
        ready.increment();
    }

    void rejected() {
        rejected.increment();
    }

    void error() {
        error.increment();
    }

    void attemptFailed() {
        attemptFailures.increment();
    }
}

package org.courseplatform.platform.web.metrics;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.stream.Stream;

/**
 * Publishes the HTTP server timer ({@code http_server_requests_seconds}) with a few fixed
 * {@code _bucket} boundaries, so Prometheus can compute latency percentiles across replicas
 * ({@code histogram_quantile}); Micrometer publishes only count, sum and max by default. A fixed
 * set of ten boundaries rather than Micrometer's full percentile histogram (about seventy) keeps
 * the series per endpoint few. The alert rules and dashboards in {@code deploy/observability} use
 * these boundaries (0.5 s and 1 s thresholds).
 */
public final class HttpLatencyBuckets {

    static final String HTTP_SERVER_REQUESTS = "http.server.requests";

    /** The bucket boundaries: 10 ms to 10 s. */
    static final Duration[] BOUNDARIES = Stream.of(10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000)
            .map(Duration::ofMillis)
            .toArray(Duration[]::new);

    @Produces
    @Singleton
    MeterFilter httpServerBuckets() {
        double[] nanos = Stream.of(BOUNDARIES).mapToDouble(Duration::toNanos).toArray();
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                if (!HTTP_SERVER_REQUESTS.equals(id.getName())) {
                    return config;
                }
                return DistributionStatisticConfig.builder()
                        .serviceLevelObjectives(nanos)
                        .build()
                        .merge(config);
            }
        };
    }
}

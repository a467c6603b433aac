package org.courseplatform.systemtests;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The alert rules and dashboards of deploy/observability read only metrics the services export:
 * every metric named in alerts.yml or a dashboard is in some service's /q/metrics (read on each
 * service's own port; the ingress does not route {@code /q/**}), a query that selects one service
 * ({@code service="..."}) names only that service's metrics, and every service exports the outbox
 * gauges the outbox alerts read. Sample names are compared as exported, so a histogram's
 * {@code _bucket}, {@code _count} and {@code _sum} are each checked. Six scrapes.
 */
class ObservabilityMetricsIT {

    @Test
    void everyMetricTheAlertsAndDashboardsReadIsExported() {
        Map<String, Set<String>> exported = new LinkedHashMap<>();
        for (String service : FuzzIT.SERVICES) {
            String url = Suite.env(service.toUpperCase(Locale.ROOT).replace('-', '_') + "_URL");
            // One answered request, so the HTTP server's timer exists even on a service nothing called yet.
            given().baseUri(url).get("/v1/observability-check");
            String text = given().baseUri(url)
                    .accept("text/plain")
                    .get("/q/metrics")
                    .then()
                    .statusCode(200)
                    .extract()
                    .asString();
            exported.put(service, ObservabilityFiles.sampleNames(text));
        }
        Set<String> anywhere = new TreeSet<>(ObservabilityFiles.PROMETHEUS_OWN);
        exported.values().forEach(anywhere::addAll);

        Map<String, Set<String>> missing = new TreeMap<>();
        List<ObservabilityFiles.Query> queries = ObservabilityFiles.queries();
        assertThat(queries).hasSizeGreaterThan(20);
        for (ObservabilityFiles.Query query : queries) {
            String service = query.service();
            Set<String> names = service == null || !exported.containsKey(service)
                    ? anywhere
                    : union(exported.get(service), ObservabilityFiles.PROMETHEUS_OWN);
            for (String metric : query.metrics()) {
                if (!names.contains(metric)) {
                    missing.computeIfAbsent(metric, k -> new TreeSet<>())
                            .add(query.origin() + (service == null ? "" : " (exported by " + service + "?)"));
                }
            }
        }
        assertThat(missing)
                .as("metrics read by alerts or dashboards that no service exports")
                .isEmpty();

        exported.forEach((service, names) -> assertThat(names)
                .as("%s exports the outbox gauges", service)
                .contains("outbox_oldest_unpublished_age_seconds", "outbox_unpublished_events"));
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new TreeSet<>(a);
        all.addAll(b);
        return all;
    }
}

package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.courseplatform.platform.testing.RepoRoot;
import org.junit.jupiter.api.Test;

/**
 * The monitoring files an operator loads (deploy/observability) are complete without a running
 * suite: every alert has a severity, a summary, a description and a runbook that exists in
 * docs/operations.md and a unit test in alerts.test.yml; every dashboard is JSON with its own uid
 * and queries; the metric names are read from PromQL as ObservabilityMetricsIT reads them.
 * promtool checks the syntax in CI (.ci/run).
 */
class ObservabilityFilesTest {

    @Test
    void everyAlertHasASeverityItsTextsARunbookSectionAndAUnitTest() throws IOException {
        String operations = Files.readString(RepoRoot.find().resolve("docs/operations.md"));
        Set<String> anchors = new HashSet<>();
        Matcher heading = Pattern.compile("(?m)^#+ (.+)$").matcher(operations);
        while (heading.find()) {
            anchors.add(heading.group(1)
                    .trim()
                    .toLowerCase(Locale.ROOT)
                    .replaceAll("[^a-z0-9 _-]", "")
                    .replace(' ', '-'));
        }
        String tests = Files.readString(ObservabilityFiles.DIR.resolve("alerts.test.yml"));
        assertThat(ObservabilityFiles.alerts()).hasSizeGreaterThanOrEqualTo(6);
        for (JsonNode rule : ObservabilityFiles.alerts()) {
            String name = rule.path("alert").asText();
            assertThat(name).as("a rule without a name: %s", rule).isNotBlank();
            assertThat(rule.path("labels").path("severity").asText()).as(name).isIn("warning", "critical");
            JsonNode annotations = rule.path("annotations");
            assertThat(annotations.path("summary").asText()).as(name).isNotBlank();
            assertThat(annotations.path("description").asText()).as(name).isNotBlank();
            String runbook = annotations.path("runbook_url").asText();
            assertThat(runbook).as(name).startsWith("docs/operations.md#");
            assertThat(anchors)
                    .as("%s: its runbook %s is a section of docs/operations.md", name, runbook)
                    .contains(runbook.substring(runbook.indexOf('#') + 1));
            assertThat(tests).as("%s has a promtool unit test", name).contains("alertname: " + name + "\n");
        }
    }

    @Test
    void everyDashboardIsJsonWithItsOwnUidAndQueries() {
        Map<String, JsonNode> dashboards = ObservabilityFiles.dashboards();
        assertThat(dashboards.keySet())
                .contains(
                        "api.json", "members.json", "courses.json", "scorm.json", "webhooks.json", "kafka-outbox.json");
        Set<String> uids = new HashSet<>();
        dashboards.forEach((file, dashboard) -> {
            assertThat(dashboard.path("title").asText()).as(file).isNotBlank();
            assertThat(uids.add(dashboard.path("uid").asText()))
                    .as("%s: uid taken", file)
                    .isTrue();
            assertThat(dashboard.findValues("expr")).as(file).isNotEmpty();
        });
    }

    @Test
    void metricNamesAreReadFromPromQl() {
        assertThat(
                        ObservabilityFiles.metricNames(
                                "histogram_quantile(0.95, sum by (service, le) (rate(http_server_requests_seconds_bucket"
                                        + "{job=\"course-platform\", uri!~\".*/mcp.*\"}[$__rate_interval]))) > 1"
                                        + " and sum by (service) (rate(http_server_requests_seconds_count{job=\"x\"}[5m])) > 0.2"))
                .containsExactly("http_server_requests_seconds_bucket", "http_server_requests_seconds_count");
        assertThat(
                        ObservabilityFiles.metricNames(
                                "max by (service, client_id) (kafka_consumer_last_poll_seconds_ago{service=~\"$service\"}) > 300"))
                .containsExactly("kafka_consumer_last_poll_seconds_ago");
        assertThat(ObservabilityFiles.metricNames("up == 0 unless on (service) outbox_unpublished_events"))
                .containsExactly("outbox_unpublished_events", "up");
        assertThat(ObservabilityFiles.sampleNames(
                        "# TYPE a_seconds histogram\na_seconds_bucket{le=\"0.1\",} 1.0\na_seconds_count 1.0\nb 2\n"))
                .containsExactly("a_seconds_bucket", "a_seconds_count", "b");
    }
}

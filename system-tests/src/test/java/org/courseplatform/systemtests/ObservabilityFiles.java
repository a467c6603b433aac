package org.courseplatform.systemtests;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.courseplatform.platform.testing.RepoRoot;

/**
 * The operators' monitoring files of deploy/observability as the tests read them: the alert rules,
 * the dashboards, and the metric names their PromQL uses.
 */
final class ObservabilityFiles {

    static final Path DIR = RepoRoot.find().resolve("deploy/observability");

    /** Series Prometheus makes itself rather than scraping them. */
    static final Set<String> PROMETHEUS_OWN = Set.of("up");

    private static final Set<String> KEYWORDS = Set.of(
            "and",
            "or",
            "unless",
            "bool",
            "offset",
            "by",
            "without",
            "on",
            "ignoring",
            "group_left",
            "group_right",
            "inf",
            "nan");
    private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'");
    private static final Pattern MATCHERS = Pattern.compile("\\{[^}]*}");
    private static final Pattern RANGE = Pattern.compile("\\[[^\\]]*]");
    private static final Pattern GROUPING =
            Pattern.compile("\\b(?:by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)");
    private static final Pattern NAME = Pattern.compile("(?<![\\w:$.])([a-zA-Z_:][a-zA-Z0-9_:]*+)(?!\\s*\\()");
    private static final Pattern ONE_SERVICE = Pattern.compile("\\bservice=\"([a-z-]+)\"");

    private ObservabilityFiles() {}

    /** One PromQL expression and where it comes from (an alert, or a dashboard panel). */
    record Query(String origin, String expr) {

        /** The metric names the expression reads. */
        Set<String> metrics() {
            return metricNames(expr);
        }

        /** The service the expression selects with {@code service="..."}, or null. */
        String service() {
            Matcher m = ONE_SERVICE.matcher(expr);
            return m.find() ? m.group(1) : null;
        }
    }

    static JsonNode alertsFile() {
        return yaml(DIR.resolve("alerts.yml"));
    }

    /** Every alerting rule of alerts.yml. */
    static List<JsonNode> alerts() {
        List<JsonNode> rules = new ArrayList<>();
        for (JsonNode group : alertsFile().path("groups")) {
            for (JsonNode rule : group.path("rules")) {
                rules.add(rule);
            }
        }
        return rules;
    }

    /** The dashboards by file name; fails on a file that is not JSON. */
    static Map<String, JsonNode> dashboards() {
        Map<String, JsonNode> dashboards = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(DIR.resolve("dashboards"))) {
            for (Path file : files.sorted().toList()) {
                dashboards.put(file.getFileName().toString(), new ObjectMapper().readTree(file.toFile()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dashboards;
    }

    /** The expression of every alert and of every dashboard panel's queries. */
    static List<Query> queries() {
        List<Query> queries = new ArrayList<>();
        for (JsonNode rule : alerts()) {
            queries.add(new Query(
                    "alert " + rule.path("alert").asText(), rule.path("expr").asText()));
        }
        dashboards().forEach((file, dashboard) -> {
            for (JsonNode target : dashboard.findValues("targets")) {
                for (JsonNode t : target) {
                    if (t.hasNonNull("expr")) {
                        queries.add(new Query(
                                file + ": " + t.path("expr").asText(),
                                t.path("expr").asText()));
                    }
                }
            }
        });
        return queries;
    }

    /**
     * The metric names in a PromQL expression: what is left once strings, label matchers, ranges
     * and grouping clauses are gone, less functions, aggregations and keywords.
     */
    static Set<String> metricNames(String expr) {
        String rest = STRING.matcher(expr).replaceAll("\"\"");
        rest = MATCHERS.matcher(rest).replaceAll(" ");
        rest = RANGE.matcher(rest).replaceAll(" ");
        rest = GROUPING.matcher(rest).replaceAll(" ");
        Set<String> names = new TreeSet<>();
        Matcher m = NAME.matcher(rest);
        while (m.find()) {
            if (!KEYWORDS.contains(m.group(1).toLowerCase())) {
                names.add(m.group(1));
            }
        }
        return names;
    }

    /** The sample names of a Prometheus text exposition ({@code _bucket}, {@code _count}, ... as written). */
    static Set<String> sampleNames(String exposition) {
        Set<String> names = new TreeSet<>();
        for (String line : exposition.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int end = line.length();
            for (char c : new char[] {'{', ' '}) {
                int i = line.indexOf(c);
                if (i >= 0 && i < end) {
                    end = i;
                }
            }
            names.add(line.substring(0, end));
        }
        return names;
    }

    private static JsonNode yaml(Path file) {
        try {
            return new YAMLMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

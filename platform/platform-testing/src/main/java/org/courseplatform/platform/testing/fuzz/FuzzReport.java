package org.courseplatform.platform.testing.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a run saw: answers by status, and the failures, deduplicated by (operation, mutation kind,
 * status, and whether the answer broke the error shape or the document's contract) with the first
 * request of each kept as the example and how often it recurred.
 */
public final class FuzzReport {

    /** One request that broke the promise. Status 0: no answer (connection closed or timed out). */
    public record Finding(FuzzRequest request, int status, String problem, String responseExcerpt) {

        String key() {
            return request.operation() + " | " + request.mutation() + " | " + status
                    + (problem.startsWith("contract:") ? " | contract" : "");
        }
    }

    private final long seed;
    private final String target;
    private final Map<String, Finding> distinct = new LinkedHashMap<>();
    private final Map<String, Integer> counts = new LinkedHashMap<>();
    private final Map<Integer, Integer> statuses = new TreeMap<>();
    private int sent;
    private int skipped;
    private long millis;

    FuzzReport(long seed, String target) {
        this.seed = seed;
        this.target = target;
    }

    void answered(int status) {
        sent++;
        statuses.merge(status, 1, Integer::sum);
    }

    void skipped() {
        skipped++;
    }

    void failed(FuzzRequest request, int status, String problem, byte[] body) {
        String excerpt = body == null
                ? ""
                : FuzzRequest.excerpt(new String(body, 0, Math.min(body.length, 2000), StandardCharsets.UTF_8), 300);
        Finding finding = new Finding(request, status, problem, excerpt);
        distinct.putIfAbsent(finding.key(), finding);
        counts.merge(finding.key(), 1, Integer::sum);
    }

    void finished(long millis) {
        this.millis = millis;
    }

    public long seed() {
        return seed;
    }

    public int sent() {
        return sent;
    }

    public List<Finding> findings() {
        return List.copyOf(distinct.values());
    }

    /** How often the failure of this finding's (operation, mutation, status) happened. */
    public int count(Finding finding) {
        return counts.getOrDefault(finding.key(), 0);
    }

    /** Fails with the whole report when anything broke the promise. */
    public void assertNoFailures() {
        if (!distinct.isEmpty()) {
            throw new AssertionError(text());
        }
    }

    public String text() {
        StringBuilder sb = new StringBuilder();
        sb.append("fuzz seed=")
                .append(seed)
                .append(" target=")
                .append(target)
                .append(": ")
                .append(sent)
                .append(" requests in ")
                .append(millis / 1000.0)
                .append(" s, answers by status ")
                .append(statuses);
        if (skipped > 0) {
            sb.append(", ").append(skipped).append(" requests not sendable (skipped)");
        }
        if (distinct.isEmpty()) {
            return sb.append(", no failures").toString();
        }
        int total = counts.values().stream().mapToInt(Integer::intValue).sum();
        sb.append("\n")
                .append(total)
                .append(" failing requests, ")
                .append(distinct.size())
                .append(" distinct (operation | mutation | status):\n");
        for (Finding f : distinct.values()) {
            FuzzRequest r = f.request();
            sb.append("\n* ")
                    .append(f.key())
                    .append("  x")
                    .append(counts.get(f.key()))
                    .append("  first at request #")
                    .append(r.index())
                    .append('\n');
            sb.append("    problem:  ").append(f.problem()).append('\n');
            sb.append("    variant:  ").append(r.variant()).append('\n');
            sb.append("    request:  ").append(r.summary()).append('\n');
            sb.append("    response: ").append(f.responseExcerpt()).append('\n');
        }
        sb.append("\nReplay: the same seed sends the same requests in the same order, e.g. -Dfuzz.seed=")
                .append(seed)
                .append(" -Dfuzz.requests=<n> (bench/fuzz.sh --seed ")
                .append(seed)
                .append(").");
        return sb.toString();
    }
}

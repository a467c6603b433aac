package org.courseplatform.systemtests;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.courseplatform.platform.testing.HttpsReceiver;
import org.courseplatform.platform.testing.HttpsReceiver.Request;

/**
 * Learners in headless Chromium (src/test/js/course-player.mjs: npm playwright-core driving
 * Debian's chromium, axe-core) and what the system tests read of their runs: each launch's report,
 * the session its page opened, the webhooks their progress caused.
 */
final class Learners {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Learners() {}

    /** Runs course-player.mjs with the plan; answers its report, also written to {@code <outDir>/report.json}. */
    static JsonNode play(Map<String, Object> plan) throws Exception {
        String report = NodeScripts.browser(
                "course-player.mjs",
                List.of("playwright-core", "axe-core"),
                Duration.ofMinutes(5),
                JSON.writeValueAsString(plan));
        Path out = Path.of((String) plan.get("outDir"));
        Files.createDirectories(out);
        Files.writeString(out.resolve("report.json"), report, StandardCharsets.UTF_8);
        return JSON.readTree(report);
    }

    /** One launch of a report, by name. */
    static JsonNode launch(JsonNode played, String name) {
        for (JsonNode launch : played.path("launches")) {
            if (launch.path("name").asText().equals(name)) {
                return launch;
            }
        }
        throw new AssertionError("no launch " + name + " in " + played);
    }

    /**
     * What the page's exchange answered ({@code POST /player/sessions}, or {@code /player/share-sessions}
     * for a share link, whose answer also names the {@code learner}): mode, kind, progress, theme.
     */
    static JsonNode session(JsonNode launch) {
        for (JsonNode call : launch.path("progress")) {
            if (call.path("path").asText().matches(".*/player/(sessions|share-sessions)$")
                    && call.path("status").asInt() == 201) {
                return call.path("response");
            }
        }
        throw new AssertionError("the page opened no session: " + launch.toPrettyString());
    }

    /** Waits until every expected delivery arrived, then a little longer so a duplicate would show. */
    static List<Request> awaitDeliveries(HttpsReceiver receiver, String path, List<Predicate<Request>> expected)
            throws InterruptedException {
        await().alias("every expected delivery to " + path)
                .atMost(Duration.ofSeconds(90))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(300))
                .until(
                        () -> receiver.requests(path),
                        got -> expected.stream().allMatch(which -> got.stream().anyMatch(which)));
        Thread.sleep(3000);
        return receiver.requests(path);
    }

    static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}

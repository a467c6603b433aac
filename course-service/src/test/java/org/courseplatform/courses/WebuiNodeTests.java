package org.courseplatform.courses;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Runs a test file of the pages' own modules ({@code src/test/webui/*.test.mjs}) with Node's test
 * runner, which the build has anyway for the pages. {@code WEBUI_WORK} names the page build's
 * folder ({@code target/webui}, made in process-resources), whose node_modules a test may use.
 */
final class WebuiNodeTests {

    private WebuiNodeTests() {}

    /** The runner's output, after asserting that it passed {@code tests} tests and failed none. */
    static String run(String file, int tests) throws IOException, InterruptedException {
        Path test = Path.of("src/test/webui", file);
        assertThat(test).exists();
        ProcessBuilder builder = new ProcessBuilder("node", "--test", test.toString()).redirectErrorStream(true);
        builder.environment()
                .put("WEBUI_WORK", Path.of("target/webui").toAbsolutePath().toString());
        Process node = builder.start();
        String output = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(node.waitFor(2, TimeUnit.MINUTES)).as("node --test finished").isTrue();
        assertThat(node.exitValue()).as(output).isZero();
        assertThat(output).as(output).contains("# pass " + tests).contains("# fail 0");
        return output;
    }
}

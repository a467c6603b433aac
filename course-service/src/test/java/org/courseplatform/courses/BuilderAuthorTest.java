package org.courseplatform.courses;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The builder's header shows the author the editing link names: the signed token's {@code author}
 * ({@code src/main/webui/src/builder/author.js}), a name and only an https picture, kept for a
 * reload. Runs {@code src/test/webui/builder-author.test.mjs} with Node's test runner.
 */
class BuilderAuthorTest {

    @Test
    void theBuilderShowsTheLinksAuthor() throws IOException, InterruptedException {
        Path test = Path.of("src/test/webui/builder-author.test.mjs");
        assertThat(test).exists();
        Process node = new ProcessBuilder("node", "--test", test.toString())
                .redirectErrorStream(true)
                .start();
        String output = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(node.waitFor(2, TimeUnit.MINUTES)).as("node --test finished").isTrue();
        assertThat(node.exitValue()).as(output).isZero();
        assertThat(output).as(output).contains("# pass 3").contains("# fail 0");
    }
}

package org.courseplatform.courses;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The pages' own labels in the learner's or author's language (docs/course-player-pages.md,
 * "Labels"), run with Node's test runner: the choice of language and the fallback to English per
 * string ({@code labels.test.mjs}), and every label of the player and builder pages translated
 * into French, German and Spanish with the same placeholders, no catalogue entry unused
 * ({@code page-labels.test.mjs}).
 */
class PageLabelsTest {

    private static String run(String file) throws IOException, InterruptedException {
        Path test = Path.of("src/test/webui", file);
        assertThat(test).exists();
        Process node = new ProcessBuilder("node", "--test", test.toString())
                .redirectErrorStream(true)
                .start();
        // Read to the end first: a long failure report must not fill the pipe and stall node.
        String output = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(node.waitFor(2, TimeUnit.MINUTES)).as("node --test finished").isTrue();
        assertThat(node.exitValue()).as(output).isZero();
        assertThat(output).contains("# fail 0");
        return output;
    }

    @Test
    void theLanguageIsChosenAndMissingLabelsFallBackToEnglish() throws IOException, InterruptedException {
        assertThat(run("labels.test.mjs")).contains("# pass 5");
    }

    @Test
    void everyLabelOfThePagesIsTranslated() throws IOException, InterruptedException {
        assertThat(run("page-labels.test.mjs")).contains("# pass 6");
    }
}

package org.courseplatform.courses;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The pages' own labels in the learner's or author's language (docs/course-player-pages.md,
 * "Labels"), run with Node's test runner: the choice of language and the fallback to English per
 * string ({@code labels.test.mjs}), and every label of the player and builder pages translated
 * into French, German and Spanish with the same placeholders, no catalogue entry unused
 * ({@code page-labels.test.mjs}).
 */
class PageLabelsTest {

    @Test
    void theLanguageIsChosenAndMissingLabelsFallBackToEnglish() throws IOException, InterruptedException {
        WebuiNodeTests.run("labels.test.mjs", 5);
    }

    @Test
    void everyLabelOfThePagesIsTranslated() throws IOException, InterruptedException {
        WebuiNodeTests.run("page-labels.test.mjs", 6);
    }
}

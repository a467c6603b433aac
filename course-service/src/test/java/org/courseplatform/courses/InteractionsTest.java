package org.courseplatform.courses;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * SCORM packages report each answered question as {@code cmi.interactions} and the quiz as an
 * objective, in each version's formats ({@code src/main/webui/src/lib/interactions.js}); scorm-again's
 * strict LMS API of both versions takes every value with no error.
 */
class InteractionsTest {

    @Test
    void interactionsAndTheQuizObjectiveInBothVersions() throws IOException, InterruptedException {
        WebuiNodeTests.run("interactions.test.mjs", 6);
    }
}

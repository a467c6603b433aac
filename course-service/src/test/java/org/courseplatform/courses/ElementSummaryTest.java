package org.courseplatform.courses;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The builder's element cards show author HTML as the learner reads it: entities decoded (named and
 * numeric, as a browser's parser does), tags gone, white space as single spaces, escaped markup as
 * text ({@code src/main/webui/src/editor/types.js} elementSummary with {@code src/lib/htmlText.js}).
 */
class ElementSummaryTest {

    @Test
    void cardsShowDecodedPlainText() throws IOException, InterruptedException {
        WebuiNodeTests.run("element-summary.test.mjs", 5);
    }
}

package org.courseplatform.courses;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The editors' media code, run in Node: an upload announces, sends the file with the signed headers
 * and completes, or fails in words (too large, type refused, not what it says) or is cancelled; a
 * library picture has a srcset of its widths; a library picture without alt text that is not
 * decorative names its screen as a publishing problem ({@code src/main/webui/src/lib/media.js},
 * {@code src/editor/problems.js}).
 */
class MediaPagesTest {

    @Test
    void uploadStepsSrcsetAndAltTextProblems() throws IOException, InterruptedException {
        WebuiNodeTests.run("media.test.mjs", 6);
    }
}

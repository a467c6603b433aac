package org.courseplatform.courses;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Where {@code /play/lms} posts what it tells the SCORM launcher: the launcher's origin only, never
 * {@code *}. The rule is the page's own module ({@code src/main/webui/src/lib/launcherOrigin.js}),
 * run with Node's test runner (the build needs Node for the pages anyway) against a page framed by
 * the LMS, by another site, and by a launcher that names no origin; and the page's source posts
 * nothing with the target {@code *}.
 */
class LmsPageOriginTest {

    @Test
    void theLmsPagePostsOnlyToTheLaunchersOrigin() throws IOException, InterruptedException {
        WebuiNodeTests.run("launcher-origin.test.mjs", 4);

        String page = Files.readString(Path.of("src/main/webui/src/lms.jsx"));
        assertThat(page).doesNotContainPattern("postMessage\\([^;]*'\\*'\\)").contains("launcherOrigin(");
    }
}

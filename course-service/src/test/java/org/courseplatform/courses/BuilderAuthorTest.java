package org.courseplatform.courses;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The builder's header shows the author the editing link names: the signed token's {@code author}
 * ({@code src/main/webui/src/builder/author.js}), a name and only an https picture, kept for a
 * reload. Runs {@code src/test/webui/builder-author.test.mjs} with Node's test runner.
 */
class BuilderAuthorTest {

    @Test
    void theBuilderShowsTheLinksAuthor() throws IOException, InterruptedException {
        WebuiNodeTests.run("builder-author.test.mjs", 3);
    }
}

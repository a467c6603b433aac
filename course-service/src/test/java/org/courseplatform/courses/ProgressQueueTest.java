package org.courseplatform.courses;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The course player's progress writes go in order, one in flight, the waiting ones merged with the
 * latest screen winning, each numbered above the one before (also across a reload); what
 * {@code /play/lms} relays to the LMS is only the latest write's answer
 * ({@code src/main/webui/src/lib/progressQueue.js}, {@code serverTracker.js}). The server's side:
 * {@link PlayerProgressOrderTest}.
 */
class ProgressQueueTest {

    @Test
    void progressWritesGoInOrderAndOnlyTheLatestIsRelayed() throws IOException, InterruptedException {
        WebuiNodeTests.run("progress-queue.test.mjs", 6);
    }
}

package org.courseplatform.systemtests;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for tests that run the suite's own functions in a home of their own: a running suite's
 * ports (the developer's, or the system-test suite's) must never be in reach of their
 * {@code ./suite down}, which stops what listens on its ports.
 */
final class FreePorts {

    private FreePorts() {}

    /** The first of {@code size} consecutive ports on the loopback address that are all free. */
    static int block(int size) throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int candidate = 20_000 + ThreadLocalRandom.current().nextInt(400) * 100;
            boolean free = true;
            for (int offset = 0; offset < size && free; offset++) {
                try (ServerSocket probe = new ServerSocket(candidate + offset, 1, InetAddress.getLoopbackAddress())) {
                    probe.setReuseAddress(true);
                } catch (IOException e) {
                    free = false;
                }
            }
            if (free) {
                return candidate;
            }
        }
        throw new IOException("no free block of ports found");
    }
}

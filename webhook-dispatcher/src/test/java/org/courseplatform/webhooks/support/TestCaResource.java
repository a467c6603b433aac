package org.courseplatform.webhooks.support;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Makes a CA for the test receivers before the application starts and points
 * {@code webhooks.trust-ca} at its certificate; tests load it with {@link #ca()}.
 */
public class TestCaResource implements QuarkusTestResourceLifecycleManager {

    private static final Path DIR = dir();

    @Override
    public Map<String, String> start() {
        if (!Files.exists(DIR.resolve("ca.pem"))) {
            TestCa.create("Webhook test CA").write(DIR.resolve("ca.pem"), DIR.resolve("ca.key"));
        }
        return Map.of("webhooks.trust-ca", DIR.resolve("ca.pem").toString());
    }

    @Override
    public void stop() {}

    /** The CA the running application trusts. */
    public static TestCa ca() {
        return TestCa.load(DIR.resolve("ca.pem"), DIR.resolve("ca.key"));
    }

    private static Path dir() {
        try {
            Path dir = Path.of(
                    "target", "test-webhook-ca-" + ProcessHandle.current().pid());
            Files.createDirectories(dir);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package org.courseplatform.webhooks.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The test CA survives a round trip through PEM files (as TestCaResource and the suite's CA use them). */
class TestCaTest {

    @Test
    void writtenAndLoadedItStillIssuesCertificates() throws Exception {
        Path dir = Files.createTempDirectory("test-ca");
        TestCa.create("Round trip CA").write(dir.resolve("ca.pem"), dir.resolve("ca.key"));
        assertThat(Files.readString(dir.resolve("ca.key"))).startsWith("-----BEGIN PRIVATE KEY-----");
        TestCa loaded = TestCa.load(dir.resolve("ca.pem"), dir.resolve("ca.key"));
        assertThat(loaded.certificate().getSubjectX500Principal().getName()).contains("Round trip CA");
        assertThat(loaded.serverContext("localhost", "127.0.0.1")).isNotNull();
    }
}

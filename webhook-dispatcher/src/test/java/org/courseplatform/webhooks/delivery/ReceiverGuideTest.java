package org.courseplatform.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.courseplatform.webhooks.support.WebhookVerifier;
import org.junit.jupiter.api.Test;

/**
 * The receivers' guide in docs/webhooks.md: its Java example is the verifier the tests check real
 * deliveries with, and both examples accept a genuine signature within five minutes and refuse
 * everything else. The vector is the one {@link SignaturesAndScheduleTest} took from openssl.
 */
class ReceiverGuideTest {

    private static final String SECRET = "whsec_test";
    private static final long T = 1_700_000_000L;
    private static final String BODY = "{\"a\":1}";
    /** {@code printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test} */
    private static final String SIGNATURE = "sha256=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789";

    /** Timestamp, signature, body, secret, seconds of "now" after T; and whether it must pass. */
    private record Case(
            String timestamp, String signature, String body, String secret, long nowOffset, boolean valid) {}

    private static final List<Case> CASES = List.of(
            new Case("1700000000", SIGNATURE, BODY, SECRET, 0, true),
            new Case("1700000000", SIGNATURE, BODY, SECRET, 300, true),
            new Case("1700000000", SIGNATURE, BODY, SECRET, -300, true),
            new Case("1700000000", SIGNATURE, BODY, SECRET, 301, false),
            new Case("1700000000", SIGNATURE, BODY, SECRET, -301, false),
            new Case("1700000000", SIGNATURE, "{\"a\":2}", SECRET, 0, false),
            new Case("1700000000", SIGNATURE, BODY, "whsec_other", 0, false),
            new Case("1700000000", SIGNATURE.substring(0, 20), BODY, SECRET, 0, false),
            new Case("1700000000", SIGNATURE.toUpperCase(), BODY, SECRET, 0, false),
            new Case("1700000000", SIGNATURE.replace("sha256=", ""), BODY, SECRET, 0, false),
            new Case("1700000001", SIGNATURE, BODY, SECRET, 0, false),
            new Case("1700000000.0", SIGNATURE, BODY, SECRET, 0, false),
            new Case(" 1700000000", SIGNATURE, BODY, SECRET, 0, false),
            new Case("-1700000000", SIGNATURE, BODY, SECRET, 0, false),
            new Case("", SIGNATURE, BODY, SECRET, 0, false),
            new Case("17000000000000", SIGNATURE, BODY, SECRET, 0, false));

    @Test
    void theJavaExampleIsTheVerifierTheTestsUse() throws IOException {
        String source = Files.readString(
                        Path.of("src/test/java/org/courseplatform/webhooks/support/WebhookVerifier.java"))
                .replaceFirst("^package [^;]+;\\s*", "")
                .strip();
        assertThat(javaExample()).isEqualTo(source);
    }

    @Test
    void theJavaExampleAcceptsGenuineRequestsWithinFiveMinutesOnly() throws Exception {
        for (Case c : CASES) {
            assertThat(new WebhookVerifier(c.secret())
                            .verify(
                                    c.timestamp(),
                                    c.signature(),
                                    c.body().getBytes(StandardCharsets.UTF_8),
                                    Instant.ofEpochSecond(T + c.nowOffset())))
                    .as(c.toString())
                    .isEqualTo(c.valid());
        }
        WebhookVerifier verifier = new WebhookVerifier(SECRET);
        assertThat(verifier.verify(null, SIGNATURE, BODY.getBytes(StandardCharsets.UTF_8), Instant.ofEpochSecond(T)))
                .isFalse();
        assertThat(verifier.verify("1700000000", null, BODY.getBytes(StandardCharsets.UTF_8), Instant.ofEpochSecond(T)))
                .isFalse();
        // What the dispatcher signs now passes now: retries and replays are signed with the time they are sent.
        long now = Instant.now().getEpochSecond();
        assertThat(verifier.verify(
                        Long.toString(now),
                        Signatures.sign(SECRET, now, "{\"é\":\"ü\"}"),
                        "{\"é\":\"ü\"}".getBytes(StandardCharsets.UTF_8),
                        Instant.now()))
                .isTrue();
    }

    @Test
    void theNodeExampleAgreesWithTheJavaOne() throws Exception {
        StringBuilder script = new StringBuilder(codeBlock("js", 0)).append("\nconsole.log([");
        for (Case c : CASES) {
            script.append("verifyWebhook(")
                    .append(js(c.secret()))
                    .append(", {'x-service-timestamp': ")
                    .append(js(c.timestamp()))
                    .append(", 'x-service-signature': ")
                    .append(js(c.signature()))
                    .append("}, Buffer.from(")
                    .append(js(c.body()))
                    .append(", 'utf8'), ")
                    .append(T + c.nowOffset())
                    .append("),");
        }
        script.append("verifyWebhook('whsec_test', {}, Buffer.from('x'), 0)].join(','));\n");
        Path file = Files.createTempFile("verify-", ".js");
        try {
            Files.writeString(file, script);
            Process node = new ProcessBuilder("node", file.toString())
                    .redirectErrorStream(true)
                    .start();
            assertThat(node.waitFor(30, TimeUnit.SECONDS)).as("node finished").isTrue();
            String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            assertThat(node.exitValue()).as(out).isZero();
            StringBuilder expected = new StringBuilder();
            for (Case c : CASES) {
                expected.append(c.valid()).append(',');
            }
            assertThat(out).isEqualTo(expected.append("false").toString());
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static String js(String value) {
        return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    /** The Java code block of the receivers' section. */
    private static String javaExample() throws IOException {
        return codeBlock("java", 0);
    }

    /** The {@code index}-th fenced block of {@code language} in the "Receiving webhooks" section. */
    private static String codeBlock(String language, int index) throws IOException {
        String doc = Files.readString(Path.of("../docs/webhooks.md"));
        int start = doc.indexOf("\n## Receiving webhooks\n");
        assertThat(start)
                .as("docs/webhooks.md has a Receiving webhooks section")
                .isPositive();
        int end = doc.indexOf("\n## ", start + 1);
        String section = doc.substring(start, end < 0 ? doc.length() : end);
        int at = -1;
        for (int i = 0; i <= index; i++) {
            at = section.indexOf("```" + language + "\n", at + 1);
            assertThat(at).as("```" + language + " block " + i).isPositive();
        }
        int from = at + language.length() + 4;
        return section.substring(from, section.indexOf("\n```", from)).strip();
    }
}

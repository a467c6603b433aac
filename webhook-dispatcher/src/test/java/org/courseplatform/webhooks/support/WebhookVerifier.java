package org.courseplatform.webhooks.support;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Checks one webhook request the way a receiver should, before it parses the body. */
public final class WebhookVerifier {

    /** How far X-Service-Timestamp may be from the receiver's clock, either way. */
    public static final long TOLERANCE_SECONDS = 5 * 60;

    private final byte[] key;

    /** {@code secret}: the endpoint's secret exactly as shown at creation, {@code whsec_} included. */
    public WebhookVerifier(String secret) {
        this.key = secret.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * True when {@code signature} (X-Service-Signature) is the HMAC of
     * {@code "<timestamp>.<raw body>"} and {@code timestamp} (X-Service-Timestamp) is within
     * five minutes of {@code now}. {@code rawBody}: the bytes as received, not re-serialised JSON.
     */
    public boolean verify(String timestamp, String signature, byte[] rawBody, Instant now)
            throws GeneralSecurityException {
        if (timestamp == null
                || signature == null
                || timestamp.isEmpty()
                || timestamp.length() > 12
                || !timestamp.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return false;
        }
        if (Math.abs(now.getEpochSecond() - Long.parseLong(timestamp)) > TOLERANCE_SECONDS) {
            return false; // too old (or too far ahead): a captured request cannot be played again later
        }
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        mac.update((timestamp + ".").getBytes(StandardCharsets.US_ASCII));
        String expected = "sha256=" + HexFormat.of().formatHex(mac.doFinal(rawBody));
        // Constant time; a signature of another length fails.
        return MessageDigest.isEqual(
                expected.getBytes(StandardCharsets.US_ASCII), signature.getBytes(StandardCharsets.US_ASCII));
    }
}

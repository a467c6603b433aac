package org.courseplatform.client;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Checks a webhook delivery as the platform signs it: {@code X-Service-Signature} is {@code sha256=}
 * and the hex HMAC-SHA256, keyed with the endpoint's secret (its UTF-8 bytes, {@code whsec_}
 * included), of {@code <X-Service-Timestamp>.<raw body>}, and the timestamp must be within the
 * tolerance of this clock, either way (docs/webhooks.md, "Receiving webhooks"). Give it the body's
 * bytes exactly as received, before any JSON parsing.
 */
public final class WebhookVerifier {

    /** How far a delivery's timestamp may be from this clock: the platform's advice, 5 minutes. */
    public static final Duration DEFAULT_TOLERANCE = Duration.ofMinutes(5);

    /** Why a delivery was refused. */
    public enum Problem {
        MISSING_SIGNATURE,
        MISSING_TIMESTAMP,
        BAD_TIMESTAMP,
        STALE_TIMESTAMP,
        BAD_SIGNATURE
    }

    private final byte[] secret;
    private final Duration tolerance;
    private final Clock clock;

    public WebhookVerifier(String secret) {
        this(secret, DEFAULT_TOLERANCE, Clock.systemUTC());
    }

    public WebhookVerifier(String secret, Duration tolerance, Clock clock) {
        this.secret = secret.getBytes(StandardCharsets.UTF_8);
        this.tolerance = tolerance;
        this.clock = clock;
    }

    /**
     * Empty for a genuine delivery, else what is wrong. {@code header} looks a header up by name in
     * any letter case (for example {@code name -> request.getHeader(name)}).
     */
    public Optional<Problem> verify(byte[] rawBody, Function<String, String> header) {
        String signature = header.apply("X-Service-Signature");
        String timestamp = header.apply("X-Service-Timestamp");
        if (signature == null || signature.isEmpty()) {
            return Optional.of(Problem.MISSING_SIGNATURE);
        }
        if (timestamp == null || timestamp.isEmpty()) {
            return Optional.of(Problem.MISSING_TIMESTAMP);
        }
        if (!timestamp.matches("\\d{1,15}")) {
            return Optional.of(Problem.BAD_TIMESTAMP);
        }
        long skew = Math.abs(clock.instant().getEpochSecond() - Long.parseLong(timestamp));
        if (skew > tolerance.toSeconds()) {
            return Optional.of(Problem.STALE_TIMESTAMP);
        }
        byte[] expected = sign(timestamp, rawBody).getBytes(StandardCharsets.UTF_8);
        boolean equal = MessageDigest.isEqual(expected, signature.getBytes(StandardCharsets.UTF_8));
        return equal ? Optional.empty() : Optional.of(Problem.BAD_SIGNATURE);
    }

    /** {@link #verify(byte[], Function)} with the headers as a map whose names may be in any case. */
    public Optional<Problem> verify(byte[] rawBody, Map<String, String> headers) {
        return verify(
                rawBody,
                name -> headers.entrySet().stream()
                        .filter(e -> e.getKey().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT)))
                        .map(Map.Entry::getValue)
                        .findFirst()
                        .orElse(null));
    }

    /** The {@code X-Service-Signature} the platform sends for this timestamp and body. */
    public String sign(String timestamp, byte[] rawBody) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            mac.update((timestamp + ".").getBytes(StandardCharsets.UTF_8));
            return "sha256=" + HexFormat.of().formatHex(mac.doFinal(rawBody));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}

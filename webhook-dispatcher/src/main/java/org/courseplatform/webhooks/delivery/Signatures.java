package org.courseplatform.webhooks.delivery;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** {@code X-Service-Signature}: {@code sha256=} + hex HMAC-SHA256 of {@code "<timestamp>.<raw body>"} keyed with the endpoint's secret. */
public final class Signatures {

    static final String ALGORITHM = "HmacSHA256";

    /** One Mac per thread: looking the algorithm up costs more than the HMAC of a small body. */
    private static final ThreadLocal<Mac> MAC = ThreadLocal.withInitial(() -> {
        try {
            return Mac.getInstance(ALGORITHM);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    });

    private Signatures() {}

    public static String sign(String secret, long timestamp, String body) {
        return sign(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM), timestamp, body);
    }

    /** Signs with a key already made from the secret's UTF-8 bytes ({@link SigningKeys}). */
    public static String sign(SecretKeySpec key, long timestamp, String body) {
        Mac mac = MAC.get();
        try {
            mac.init(key);
        } catch (InvalidKeyException e) {
            throw new IllegalStateException(e);
        }
        mac.update(Long.toString(timestamp).getBytes(StandardCharsets.UTF_8));
        mac.update((byte) '.');
        return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
    }
}

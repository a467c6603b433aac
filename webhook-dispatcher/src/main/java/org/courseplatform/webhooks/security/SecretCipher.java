package org.courseplatform.webhooks.security;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.courseplatform.webhooks.WebhooksConfig;

/**
 * Encrypts endpoint signing secrets at rest with AES-256-GCM. A stored value is
 * {@code version(1) | key id(4) | nonce(12) | ciphertext+tag}; the key id (the first bytes of the
 * key's SHA-256) picks the key, so secrets written under a previous key still decrypt after a
 * rotation. The workspace id is authenticated data: a value copied into another workspace's row
 * does not decrypt. Created at start-up, so a missing or malformed key stops the service at once.
 */
@Startup
@ApplicationScoped
public class SecretCipher {

    private static final byte VERSION = 1;
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Key current;
    private final List<Key> all;

    @Inject
    public SecretCipher(WebhooksConfig config) {
        this(config.secretKey(), config.previousSecretKeys().orElse(List.of()));
    }

    SecretCipher(String currentKey, List<String> previousKeys) {
        this.current = Key.parse("webhooks.secret-key", currentKey);
        this.all = new ArrayList<>();
        all.add(current);
        for (String previous : previousKeys) {
            if (!previous.isBlank()) {
                all.add(Key.parse("webhooks.previous-secret-keys", previous));
            }
        }
    }

    /** A fresh signing secret: {@code whsec_} and 32 random bytes, base64url. */
    public static String newSecret() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return "whsec_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    public byte[] encrypt(String secret, long workspaceId) {
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, current.spec, new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(aad(workspaceId));
            byte[] sealed = cipher.doFinal(secret.getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.allocate(1 + 4 + NONCE_BYTES + sealed.length)
                    .put(VERSION)
                    .put(current.id)
                    .put(nonce)
                    .put(sealed)
                    .array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot encrypt a signing secret", e);
        }
    }

    public String decrypt(byte[] stored, long workspaceId) {
        if (stored == null || stored.length < 1 + 4 + NONCE_BYTES + TAG_BITS / 8 || stored[0] != VERSION) {
            throw new IllegalStateException("not an encrypted signing secret");
        }
        byte[] id = Arrays.copyOfRange(stored, 1, 5);
        Key key = all.stream()
                .filter(k -> Arrays.equals(k.id, id))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("signing secret encrypted with an unknown key"));
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key.spec, new GCMParameterSpec(TAG_BITS, stored, 5, NONCE_BYTES));
            cipher.updateAAD(aad(workspaceId));
            byte[] plain = cipher.doFinal(stored, 5 + NONCE_BYTES, stored.length - 5 - NONCE_BYTES);
            return new String(plain, StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("signing secret does not decrypt", e);
        }
    }

    private static byte[] aad(long workspaceId) {
        return ("webhook-endpoint:" + workspaceId).getBytes(StandardCharsets.UTF_8);
    }

    private record Key(byte[] id, SecretKeySpec spec) {

        static Key parse(String name, String base64) {
            byte[] raw;
            try {
                raw = Base64.getDecoder().decode(base64.strip());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + " must be base64 of 32 bytes");
            }
            if (raw.length != 32) {
                throw new IllegalArgumentException(name + " must be base64 of 32 bytes (AES-256), got " + raw.length);
            }
            try {
                byte[] digest = MessageDigest.getInstance("SHA-256").digest(raw);
                return new Key(Arrays.copyOf(digest, 4), new SecretKeySpec(raw, "AES"));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}

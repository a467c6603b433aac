package org.courseplatform.webhooks.delivery;

import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.spec.SecretKeySpec;
import org.courseplatform.webhooks.security.SecretCipher;

/**
 * Each endpoint's HMAC key, decrypted once rather than at every send. An entry is keyed by the
 * endpoint and remembers the stored (encrypted) secret it came from; every claimed row carries the
 * stored value, so a secret that changed (a new secret, or the same one re-encrypted under a new
 * key: either way new bytes, as every encryption draws a fresh nonce) misses and is decrypted
 * again on the very next send, on every replica, with no invalidation message to lose.
 */
@ApplicationScoped
public class SigningKeys {

    /** Far above any instance's active endpoints; past it the map starts afresh rather than grow. */
    private static final int MAX_ENTRIES = 10_000;

    private final SecretCipher cipher;
    private final Map<Long, Entry> keys = new ConcurrentHashMap<>();

    public SigningKeys(SecretCipher cipher) {
        this.cipher = cipher;
    }

    /** The HMAC key of the endpoint whose stored secret is {@code sealed}; decrypts only on a miss. */
    public SecretKeySpec key(long endpointId, long workspaceId, byte[] sealed) {
        Entry entry = keys.get(endpointId);
        if (entry != null && entry.workspaceId() == workspaceId && Arrays.equals(entry.sealed(), sealed)) {
            return entry.key();
        }
        String secret = cipher.decrypt(sealed, workspaceId);
        SecretKeySpec key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), Signatures.ALGORITHM);
        if (keys.size() >= MAX_ENTRIES) {
            keys.clear();
        }
        keys.put(endpointId, new Entry(sealed.clone(), workspaceId, key));
        return key;
    }

    /** Forgets an endpoint's key (its endpoint is gone or idle); the next send decrypts again. */
    public void forget(long endpointId) {
        keys.remove(endpointId);
    }

    /** Keys held now (for tests). */
    int size() {
        return keys.size();
    }

    private record Entry(byte[] sealed, long workspaceId, SecretKeySpec key) {}
}

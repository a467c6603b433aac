package org.courseplatform.members.apikey;

import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.platform.auth.ApiKeys;

/**
 * What is stored of a key and compared at verification: the SHA-256 of the whole secret. One
 * bean, so the verification's order (find the stored row by prefix first, hash only when there
 * is one) can be observed: a key nobody issued costs one indexed lookup and no hashing.
 */
@ApplicationScoped
public class ApiKeyHashes {

    /** The stored hash of {@code secret}. */
    public byte[] of(String secret) {
        return ApiKeys.sha256(secret);
    }
}

package org.courseplatform.members;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.util.concurrent.atomic.AtomicLong;
import org.courseplatform.members.apikey.ApiKeyHashes;

/** members-service's key hashing, counted, so tests can tell which verifications hashed a key. */
@Alternative
@Priority(1)
@ApplicationScoped
public class CountingApiKeyHashes extends ApiKeyHashes {

    private final AtomicLong calls = new AtomicLong();

    @Override
    public byte[] of(String secret) {
        calls.incrementAndGet();
        return super.of(secret);
    }

    public long calls() {
        return calls.get();
    }
}

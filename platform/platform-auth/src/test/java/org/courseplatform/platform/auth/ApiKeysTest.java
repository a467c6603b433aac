package org.courseplatform.platform.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.cache.runtime.caffeine.CaffeineCacheImpl;
import io.quarkus.cache.runtime.caffeine.CaffeineCacheInfo;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.junit.jupiter.api.Test;

class ApiKeysTest {

    /** Knows one good key per workspace; counts every call. */
    static final class CountingVerifier implements ApiKeyVerifier {
        final AtomicInteger calls = new AtomicInteger();
        final Set<String> good = ConcurrentHashMap.newKeySet();
        volatile boolean down;

        @Override
        public Uni<ApiKeyVerification> verify(long workspaceId, String apiKey) {
            calls.incrementAndGet();
            if (down) {
                return Uni.createFrom().failure(new IllegalStateException("members-service is down"));
            }
            return Uni.createFrom()
                    .item(
                            good.contains(workspaceId + ":" + apiKey)
                                    ? new ApiKeyVerification(
                                            true, workspaceId, 7L, "live", "build", List.of(), List.of())
                                    : ApiKeyVerification.invalid());
        }
    }

    private final CountingVerifier verifier = new CountingVerifier();
    private final ApiKeys keys = new ApiKeys(verifier, cache(ApiKeys.CACHE, 1000), cache(ApiKeys.REFUSALS, 10));

    private static CaffeineCacheImpl cache(String name, long size) {
        CaffeineCacheInfo info = new CaffeineCacheInfo();
        info.name = name;
        info.maximumSize = size;
        info.expireAfterWrite = Duration.ofSeconds(30);
        return new CaffeineCacheImpl(info, false);
    }

    private ApiKeyVerification verify(long workspace, String key) {
        return keys.verify(workspace, key).await().atMost(Duration.ofSeconds(5));
    }

    @Test
    void malformedKeysAreRefusedWithoutACall() {
        for (String key : List.of(
                "",
                "x",
                "cp_live_x",
                "stub.1.build",
                "cp_live_" + "x".repeat(9000),
                "cp_prod_" + "a".repeat(43),
                "cp_live_" + "a".repeat(42) + "+",
                "Bearer a.b.c")) {
            assertThat(verify(1, key).valid()).isFalse();
        }
        assertThat(verify(0, ApiKeyFormatTest.issued("live")).valid())
                .as("workspace 0")
                .isFalse();
        assertThat(verifier.calls).hasValue(0);
    }

    @Test
    void goodAndRefusedAnswersAreRemembered() {
        String good = ApiKeyFormatTest.issued("live");
        verifier.good.add("5:" + good);
        String unknown = ApiKeyFormatTest.issued("test");
        assertThat(verify(5, good).valid()).isTrue();
        assertThat(verify(5, good).valid()).isTrue();
        assertThat(verify(5, unknown).valid()).isFalse();
        assertThat(verify(5, unknown).valid()).isFalse();
        assertThat(verifier.calls).hasValue(2);
    }

    @Test
    void aFloodOfMalformedOrUnknownKeysLeavesAGoodAnswerInPlace() {
        String good = ApiKeyFormatTest.issued("live");
        verifier.good.add("9:" + good);
        assertThat(verify(9, good).valid()).isTrue();
        for (int i = 0; i < 2000; i++) {
            verify(9, "cp_live_bogus" + i);
            verify(9, ApiKeyFormatTest.issued("live"));
        }
        int calls = verifier.calls.get();
        assertThat(calls)
                .as("one call for the good key, one per well-formed unknown key")
                .isEqualTo(2001);
        assertThat(verify(9, good).valid()).isTrue();
        assertThat(verifier.calls).as("the good answer is still remembered").hasValue(calls);
    }

    @Test
    void anOutageIsA503ForPlausibleKeysAndNothingIsRemembered() {
        verifier.down = true;
        String key = ApiKeyFormatTest.issued("live");
        assertThatThrownBy(() -> verify(3, key))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.UNAVAILABLE));
        assertThat(verify(3, "cp_live_short").valid())
                .as("malformed: still refused, no call")
                .isFalse();
        assertThat(verifier.calls).hasValue(1);
        verifier.down = false;
        verifier.good.add("3:" + key);
        assertThat(verify(3, key).valid()).isTrue();
    }
}

package org.courseplatform.platform.auth;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** An {@link AuthConfig} for unit tests. */
record TestAuthConfig(
        String privateKey,
        String publicKeys,
        List<String> callers,
        String token,
        List<String> proxies,
        int failuresPerMinute,
        int failureBurst)
        implements AuthConfig {

    static TestAuthConfig keys(String privateKey, String publicKeys, List<String> callers) {
        return new TestAuthConfig(privateKey, publicKeys, callers, null, List.of(), 60, 100);
    }

    static TestAuthConfig operator(String token) {
        return new TestAuthConfig(null, null, List.of(), token, List.of(), 60, 100);
    }

    @Override
    public Optional<String> privateKeyLocation() {
        return Optional.ofNullable(privateKey);
    }

    @Override
    public Optional<String> publicKeysLocation() {
        return Optional.ofNullable(publicKeys);
    }

    @Override
    public Optional<List<String>> serviceCallers() {
        return Optional.ofNullable(callers);
    }

    @Override
    public String membersUrl() {
        return "http://127.0.0.1:1";
    }

    @Override
    public Optional<String> operatorToken() {
        return Optional.ofNullable(token);
    }

    @Override
    public Duration apiKeyCacheTtl() {
        return Duration.ofSeconds(30);
    }

    @Override
    public Duration serviceTokenTtl() {
        return Duration.ofMinutes(5);
    }

    @Override
    public Optional<List<String>> trustedProxies() {
        return Optional.ofNullable(proxies);
    }

    @Override
    public FailureLimit failureLimit() {
        return new FailureLimit() {
            @Override
            public int perMinute() {
                return failuresPerMinute;
            }

            @Override
            public int burst() {
                return failureBurst;
            }
        };
    }
}

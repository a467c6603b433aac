package org.courseplatform.platform.auth;

import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Refuses to start with missing, unreadable or mismatched keys, with an API-key memory over
 * 30 s, or (outside the dev and test profiles) with an operator token shorter than 32 characters.
 */
@ApplicationScoped
class KeyCheck {

    static final int MIN_OPERATOR_TOKEN_LENGTH = 32;

    void onStart(@Observes StartupEvent event, Tokens tokens, AuthConfig config) {
        tokens.checkKeys();
        if (config.apiKeyCacheTtl().getSeconds() > 30) {
            throw new IllegalStateException(
                    "platform.auth.api-key-cache-ttl must be at most 30 s so revoked keys stop working in time");
        }
        checkOperatorToken(config, LaunchMode.current());
    }

    static void checkOperatorToken(AuthConfig config, LaunchMode mode) {
        if (mode.isDevOrTest()) {
            return;
        }
        config.operatorToken()
                .filter(token -> token.length() < MIN_OPERATOR_TOKEN_LENGTH)
                .ifPresent(token -> {
                    throw new IllegalStateException(
                            "platform.auth.operator-token (PLATFORM_AUTH_OPERATOR_TOKEN) has " + token.length()
                                    + " characters; it must have at least " + MIN_OPERATOR_TOKEN_LENGTH
                                    + " (make one with: openssl rand -hex 32)");
                });
    }
}

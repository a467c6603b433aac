package org.courseplatform.platform.auth;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/** Refuses to start with missing or unreadable keys, or with an API-key memory over 30 s. */
@ApplicationScoped
class KeyCheck {

    void onStart(@Observes StartupEvent event, Tokens tokens, AuthConfig config) {
        tokens.checkKeys();
        if (config.apiKeyCacheTtl().getSeconds() > 30) {
            throw new IllegalStateException("platform.auth.api-key-cache-ttl must be at most 30 s so revoked keys stop working in time");
        }
    }
}

package org.courseplatform.members.keycloak;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/**
 * Provisioning of members into Keycloak ({@code platform.keycloak.*}), the authorization server of
 * the consumer MCP endpoint. Off unless both the URL and the client secret are set.
 */
@ConfigMapping(prefix = "platform.keycloak")
public interface KeycloakConfig {

    /** Base URL of Keycloak, e.g. {@code http://127.0.0.1:8090} (no realm path). */
    Optional<String> url();

    /** The realm members sign in to. */
    @WithDefault("course-platform")
    String realm();

    /** The confidential client whose service account may manage the realm's users. */
    @WithDefault("members-service")
    String clientId();

    Optional<String> clientSecret();

    /**
     * How long a dynamically registered client (an MCP client) may go without any session before
     * it is deleted; its member connects it again when they next need it.
     */
    @WithDefault("P1D")
    Duration unusedClientAfter();

    default boolean enabled() {
        return url().filter(u -> !u.isBlank()).isPresent()
                && clientSecret().filter(s -> !s.isBlank()).isPresent();
    }
}

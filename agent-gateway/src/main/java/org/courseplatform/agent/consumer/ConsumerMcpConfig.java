package org.courseplatform.agent.consumer;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** The consumer MCP endpoint at {@code /mcp}, where members connect their own AI clients ({@code consumer-mcp.*}). */
@ConfigMapping(prefix = "consumer-mcp")
public interface ConsumerMcpConfig {

    /**
     * The authorization server's issuer ({@code CONSUMER_MCP_ISSUER}, or {@code KEYCLOAK_ISSUER}
     * as the suite names it), e.g. {@code http://127.0.0.1:8090/realms/course-platform}. Its
     * discovery document and JWKS check every token. Absent: {@code /mcp} answers 503.
     */
    Optional<String> issuer();

    /**
     * The resource URL tokens must be addressed to ({@code aud}, RFC 8707), announced in the
     * protected resource metadata. Absent: {@code platform.public-base-url} + {@code /mcp}.
     */
    Optional<String> resource();

    /**
     * How long a user's memberships are remembered (capped at 15 s), so that deactivating or
     * deleting a member ends their access within 30 s even while their token lives.
     */
    @WithDefault("15S")
    Duration memberTtl();

    /**
     * Browser origins allowed to call {@code /mcp} (exact {@code scheme://host[:port]}); a request
     * with another {@code Origin} is refused (403), as MCP asks of servers. Requests without
     * {@code Origin} (desktop clients, CLIs) are not browsers.
     */
    Optional<List<String>> allowedOrigins();
}

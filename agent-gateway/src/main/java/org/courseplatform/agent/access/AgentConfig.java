package org.courseplatform.agent.access;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** agent-gateway settings ({@code agent.*}). */
@ConfigMapping(prefix = "agent")
public interface AgentConfig {

    /** Lifetime of agent tokens (SPEC.md: 4 hours by default). */
    @WithDefault("4H")
    Duration tokenTtl();

    /** How long a key's standing is remembered (capped at 30 s: revocations reach tokens within that). */
    @WithDefault("20S")
    Duration keyStandingTtl();

    /**
     * Browser origins allowed to call the MCP endpoint (exact {@code scheme://host[:port]}). A
     * request with any other {@code Origin} is refused (403): a web page must not drive an
     * agent's token. Requests without {@code Origin} (agent platforms, CLIs) are not browsers.
     */
    Optional<List<String>> mcpAllowedOrigins();

    /** How long an MCP session's binding to its token is kept after its last request. */
    @WithDefault("2H")
    Duration mcpSessionIdle();
}

package org.courseplatform.platform.testing;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.courseplatform.platform.auth.AuthConfig;
import org.courseplatform.platform.auth.Tokens;
import org.courseplatform.platform.auth.WorkspaceCaller;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;

/**
 * Delegated service tokens for component tests: what agent-gateway sends when it calls a service
 * for an agent. They are made by platform-auth's own {@link Tokens#serviceToken(String, WorkspaceCaller)}
 * on a {@link Tokens} that is agent-gateway, with the test's agent-gateway key, so a test sees the
 * claim exactly as the gateway writes it. Needs platform-auth on the test's class path.
 */
public final class AgentTokens {

    private static volatile Tokens gateway;

    private AgentTokens() {}

    /** A token from agent-gateway to {@code audience} acting for {@code caller} (whose {@code agent()} is set). */
    public static String delegated(String audience, WorkspaceCaller caller) {
        return gateway().serviceToken(audience, caller);
    }

    /**
     * The same {@code act} claim in a service token that {@code issuer} signs with its own key:
     * what a service other than agent-gateway would send if it tried to act for an agent.
     */
    public static String delegatedBy(String issuer, String audience, WorkspaceCaller caller) {
        try {
            Object act = new JwtConsumerBuilder()
                    .setSkipAllValidators()
                    .setDisableRequireSignature()
                    .setSkipSignatureVerification()
                    .build()
                    .processToClaims(delegated(audience, caller))
                    .getClaimValue(Tokens.ACT_CLAIM);
            return TestTokens.sign(issuer, Tokens.SERVICE, audience, Map.of(Tokens.ACT_CLAIM, act));
        } catch (InvalidJwtException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Tokens gateway() {
        Tokens tokens = gateway;
        if (tokens == null) {
            Path keys = Path.of(ConfigProvider.getConfig().getValue(TestTokens.KEYS_PROPERTY, String.class));
            tokens = gateway = new Tokens(new GatewayConfig(keys), Tokens.AGENT_GATEWAY);
        }
        return tokens;
    }

    /** agent-gateway's settings as far as signing goes: its private key from the test's keys. */
    private record GatewayConfig(Path keys) implements AuthConfig {

        @Override
        public Optional<String> privateKeyLocation() {
            return Optional.of(keys.resolve("private")
                    .resolve(Tokens.AGENT_GATEWAY + ".pem")
                    .toString());
        }

        @Override
        public Optional<String> publicKeysLocation() {
            return Optional.of(keys.resolve("public").toString());
        }

        @Override
        public Optional<List<String>> serviceCallers() {
            return Optional.empty();
        }

        @Override
        public String membersUrl() {
            return "http://127.0.0.1:8081";
        }

        @Override
        public Optional<String> operatorToken() {
            return Optional.empty();
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
            return Optional.empty();
        }

        @Override
        public FailureLimit failureLimit() {
            return new FailureLimit() {
                @Override
                public int perMinute() {
                    return 0;
                }

                @Override
                public int burst() {
                    return 0;
                }
            };
        }
    }
}

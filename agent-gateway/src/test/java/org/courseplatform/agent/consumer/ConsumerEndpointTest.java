package org.courseplatform.agent.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.junit.jupiter.api.Test;

/** Where the endpoint is and what it answers when no authorization server is configured. */
class ConsumerEndpointTest {

    private static ConsumerMcpConfig config(String issuer, String resource, Duration ttl) {
        return new ConsumerMcpConfig() {
            @Override
            public Optional<String> issuer() {
                return Optional.ofNullable(issuer);
            }

            @Override
            public Optional<String> resource() {
                return Optional.ofNullable(resource);
            }

            @Override
            public Duration memberTtl() {
                return ttl;
            }

            @Override
            public Optional<List<String>> allowedOrigins() {
                return Optional.empty();
            }
        };
    }

    @Test
    void theResourceAndTheMetadataUrlComeFromThePublicBaseUrl() {
        ConsumerEndpoint endpoint = new ConsumerEndpoint(
                config("https://id.example.com/realms/course-platform", null, Duration.ofMinutes(5)),
                "https://courses.example.com/");
        assertThat(endpoint.configured()).isTrue();
        assertThat(endpoint.resource()).isEqualTo("https://courses.example.com/mcp");
        assertThat(endpoint.challenge())
                .isEqualTo(
                        "Bearer resource_metadata=\"https://courses.example.com/.well-known/oauth-protected-resource\"");
        assertThat(endpoint.invalidTokenChallenge()).endsWith(", error=\"invalid_token\"");
        assertThat(endpoint.memberTtl()).isEqualTo(Duration.ofSeconds(15));
        assertThat(endpoint.originAllowed(null)).isTrue();
        assertThat(endpoint.originAllowed("https://evil.example")).isFalse();
        ConsumerEndpoint explicit = new ConsumerEndpoint(
                config("https://id.example.com/realms/x", "https://api.example.com/mcp", Duration.ofSeconds(2)),
                "https://courses.example.com");
        assertThat(explicit.metadataUrl()).isEqualTo("https://api.example.com/.well-known/oauth-protected-resource");
        assertThat(explicit.memberTtl()).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void withoutAnIssuerTheEndpointAndItsMetadataAnswer503() {
        ConsumerEndpoint endpoint =
                new ConsumerEndpoint(config(" ", null, Duration.ofSeconds(15)), "http://127.0.0.1:8080");
        assertThat(endpoint.configured()).isFalse();
        ConsumerMcpPolicy policy = new ConsumerMcpPolicy(endpoint, null, null, null);
        assertThatThrownBy(
                        () -> policy.checkPermission(null, null, null).await().indefinitely())
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.UNAVAILABLE);
                    assertThat(e.getMessage()).contains("not configured");
                });
        assertThatThrownBy(() -> new ProtectedResourceMetadataResource(endpoint).metadata())
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.UNAVAILABLE));
    }
}

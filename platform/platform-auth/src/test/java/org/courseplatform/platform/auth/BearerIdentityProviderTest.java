package org.courseplatform.platform.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.jwt.build.Jwt;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Bearer credentials: the operator token compared exactly, platform JWTs by their kind. */
class BearerIdentityProviderTest {

    private static final String OPERATOR_TOKEN = "0123456789abcdef0123456789abcdef";
    private static final AuthenticationRequestContext BLOCKING = new AuthenticationRequestContext() {
        @Override
        public Uni<SecurityIdentity> runBlocking(Supplier<SecurityIdentity> function) {
            return Uni.createFrom().item(function);
        }
    };

    private static BearerIdentityProvider provider(String service, String operatorToken, String... callers) {
        TestAuthConfig config = ServiceKeys.config(service, operatorToken, callers);
        return new BearerIdentityProvider(config, new Tokens(config, service));
    }

    private static SecurityIdentity authenticate(BearerIdentityProvider provider, String token) {
        return provider.authenticate(new BearerRequest(token), BLOCKING).await().atMost(Duration.ofSeconds(10));
    }

    @Test
    void theOperatorTokenExactlyIsTheOperator() {
        BearerIdentityProvider members = provider("members-service", OPERATOR_TOKEN);
        SecurityIdentity operator = authenticate(members, OPERATOR_TOKEN);
        assertThat(operator.getRoles()).containsExactly(Roles.OPERATOR);
        for (String nearMiss : List.of(
                OPERATOR_TOKEN.substring(1),
                OPERATOR_TOKEN + "0",
                OPERATOR_TOKEN.toUpperCase(),
                OPERATOR_TOKEN.substring(0, 31) + "e",
                " " + OPERATOR_TOKEN,
                "x")) {
            assertThatThrownBy(() -> authenticate(members, nearMiss))
                    .as("'%s'", nearMiss)
                    .isInstanceOf(AuthenticationFailedException.class);
        }
    }

    @Test
    void withoutAnOperatorTokenNobodyIsTheOperator() throws Exception {
        assertThatThrownBy(() -> authenticate(provider("members-service", null), OPERATOR_TOKEN))
                .isInstanceOf(AuthenticationFailedException.class);
        assertThatThrownBy(() -> authenticate(provider("members-service", " "), " "))
                .as("a blank configured token")
                .isInstanceOf(AuthenticationFailedException.class);
    }

    @Test
    void platformTokensGiveTheirKindsIdentity() {
        BearerIdentityProvider course =
                provider("course-service", OPERATOR_TOKEN, "migration-service", "agent-gateway");
        SecurityIdentity service =
                authenticate(course, ServiceKeys.tokens("migration-service").serviceToken("course-service"));
        assertThat(service.getRoles()).containsExactly(Roles.SERVICE);
        assertThat(service.getPrincipal()).isEqualTo(new ServiceCaller("migration-service"));

        WorkspaceCaller caller = new WorkspaceCaller(
                5, 6, false, Plan.BUILD, List.of(), List.of(), new WorkspaceCaller.Agent("learner", null));
        SecurityIdentity delegated =
                authenticate(course, ServiceKeys.tokens("agent-gateway").serviceToken("course-service", caller));
        assertThat(delegated.getPrincipal()).isEqualTo(caller);
        assertThat(delegated.getRoles())
                .as("the key's entitlements, never SERVICE")
                .containsExactlyInAnyOrder(Roles.API_KEY, Roles.BUILD);

        BearerIdentityProvider gateway = provider("agent-gateway", OPERATOR_TOKEN);
        String agentToken = ServiceKeys.tokens("agent-gateway")
                .sign(
                        Jwt.claims()
                                .claim("workspaceId", 5)
                                .claim("keyId", 6)
                                .claim("identifier", "learner")
                                .claim("tools", List.of("list_courses"))
                                .claim("courseId", 9)
                                .claim("readonly", true),
                        Tokens.AGENT,
                        "agent-gateway",
                        Duration.ofMinutes(5));
        SecurityIdentity agent = authenticate(gateway, agentToken);
        assertThat(agent.getRoles()).containsExactly(Roles.AGENT);
        AgentCaller principal = (AgentCaller) agent.getPrincipal();
        assertThat(principal.workspaceId()).isEqualTo(5);
        assertThat(principal.identifier()).isEqualTo("learner");
        assertThat(principal.tools()).containsExactly("list_courses");
        assertThat(principal.courseId()).isEqualTo(9L);
        assertThat(principal.readonly()).isTrue();
        assertThat(principal.clientIdentifier()).isNull();
    }

    @Test
    void refusalsSayWhy() {
        BearerIdentityProvider course = provider("course-service", OPERATOR_TOKEN, "migration-service");
        String expired = Jwt.claims()
                .issuer("migration-service")
                .audience("course-service")
                .claim("typ", "service")
                .issuedAt(Instant.now().minusSeconds(3600))
                .expiresAt(Instant.now().minusSeconds(600))
                .jws()
                .sign(ServiceKeys.PRIVATE.get("migration-service"));
        assertThatThrownBy(() -> authenticate(course, expired)).hasMessageContaining("expired");
        String stranger = ServiceKeys.tokens("webhook-dispatcher").serviceToken("course-service");
        assertThatThrownBy(() -> authenticate(course, stranger))
                .hasMessageContaining("issuer may not give it to this service");
        assertThatThrownBy(() -> authenticate(course, "a.b.c"))
                .isInstanceOf(AuthenticationFailedException.class)
                .hasMessage("Invalid bearer token");
        assertThatThrownBy(() -> authenticate(course, "no-dots")).isInstanceOf(AuthenticationFailedException.class);
        String embed = ServiceKeys.tokens("course-service")
                .sign(Jwt.claims().claim("courseId", 2), Tokens.EMBED, "course-service", Duration.ofMinutes(5));
        assertThatThrownBy(() -> authenticate(course, embed))
                .as("embed tokens belong in the page, not in Authorization")
                .hasMessageContaining("not accepted here");
    }
}

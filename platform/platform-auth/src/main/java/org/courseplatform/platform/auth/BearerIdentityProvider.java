package org.courseplatform.platform.auth;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.MalformedClaimException;
import org.jose4j.jwt.consumer.ErrorCodes;
import org.jose4j.jwt.consumer.InvalidJwtException;

/**
 * Bearer credentials: the operator token (compared in constant time) or a platform JWT addressed
 * to this service — a service token from one of the services allowed to call it, or an agent
 * token from agent-gateway (see {@link Tokens}).
 */
@ApplicationScoped
public class BearerIdentityProvider implements IdentityProvider<BearerRequest> {

    private final AuthConfig config;
    private final Tokens tokens;

    public BearerIdentityProvider(AuthConfig config, Tokens tokens) {
        this.config = config;
        this.tokens = tokens;
    }

    @Override
    public Class<BearerRequest> getRequestType() {
        return BearerRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(BearerRequest request, AuthenticationRequestContext context) {
        String token = request.token();
        if (isOperatorToken(token)) {
            return Uni.createFrom()
                    .item(QuarkusSecurityIdentity.builder()
                            .setPrincipal(() -> "operator")
                            .addRole(Roles.OPERATOR)
                            .build());
        }
        if (token.chars().filter(c -> c == '.').count() != 2) {
            return Uni.createFrom().failure(new AuthenticationFailedException("Invalid bearer token"));
        }
        return context.runBlocking(() -> fromJwt(token));
    }

    private boolean isOperatorToken(String token) {
        return config.operatorToken()
                .filter(expected -> !expected.isBlank())
                .map(expected -> MessageDigest.isEqual(
                        expected.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8)))
                .orElse(false);
    }

    private SecurityIdentity fromJwt(String token) {
        JwtClaims claims;
        try {
            claims = tokens.verify(token);
        } catch (InvalidJwtException e) {
            String reason = e.hasExpired()
                    ? "The bearer token has expired"
                    : e.hasErrorCode(ErrorCodes.ISSUER_INVALID)
                            ? "The bearer token's issuer may not give it to this service"
                            : "Invalid bearer token";
            throw new AuthenticationFailedException(reason);
        }
        try {
            String type = claims.getStringClaimValue(Tokens.TYPE_CLAIM);
            if (Tokens.SERVICE.equals(type)) {
                WorkspaceCaller actingFor = Tokens.actingFor(claims);
                if (actingFor != null) {
                    // The agent's calls get the entitlements of the key they came from, never SERVICE.
                    return ApiKeyIdentityProvider.identity(actingFor);
                }
                return QuarkusSecurityIdentity.builder()
                        .setPrincipal(new ServiceCaller(claims.getIssuer()))
                        .addRole(Roles.SERVICE)
                        .build();
            }
            if (Tokens.AGENT.equals(type)) {
                return QuarkusSecurityIdentity.builder()
                        .setPrincipal(agent(claims))
                        .addRole(Roles.AGENT)
                        .build();
            }
        } catch (MalformedClaimException | RuntimeException e) {
            throw new AuthenticationFailedException("Invalid bearer token");
        }
        throw new AuthenticationFailedException("This kind of token is not accepted here");
    }

    private static AgentCaller agent(JwtClaims claims) throws MalformedClaimException {
        Object course = claims.getClaimValue("courseId");
        List<String> tools = claims.hasClaim("tools") ? claims.getStringListClaimValue("tools") : List.of();
        return new AgentCaller(
                ((Number) claims.getClaimValue("workspaceId")).longValue(),
                ((Number) claims.getClaimValue("keyId")).longValue(),
                claims.getStringClaimValue("identifier"),
                claims.getStringClaimValue("clientIdentifier"),
                tools,
                course == null ? null : ((Number) course).longValue(),
                Boolean.TRUE.equals(claims.getClaimValue("readonly")),
                Boolean.TRUE.equals(claims.getClaimValue("testMode")),
                claims.getJwtId());
    }
}

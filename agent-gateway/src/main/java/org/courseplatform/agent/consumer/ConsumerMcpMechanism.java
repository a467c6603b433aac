package org.courseplatform.agent.consumer;

import io.quarkus.logging.Log;
import io.quarkus.oidc.AccessTokenCredential;
import io.quarkus.oidc.Tenant;
import io.quarkus.oidc.TenantIdentityProvider;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpCredentialTransport;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.jose4j.jwt.consumer.InvalidJwtException;

/**
 * Authenticates {@code /mcp} with the OIDC tenant {@value ConsumerEndpoint#TENANT} alone: the
 * bearer token's signature (the issuer's JWKS), issuer, expiry and audience (the resource). It
 * runs before the platform's own mechanism and answers only for {@code /mcp}, so agent tokens,
 * API keys and service tokens are never tried there, and the endpoint's tokens nowhere else.
 * A request without credentials stays anonymous; {@link ConsumerMcpPolicy} answers it. A refused
 * credential fails as the 401 itself (the error shape with the {@code invalid_token} challenge),
 * as the platform's mechanism fails with its 429.
 */
@ApplicationScoped
public class ConsumerMcpMechanism implements HttpAuthenticationMechanism {

    private static final String BEARER = "Bearer ";
    private static final int MAX_HEADER_LENGTH = 16384;

    private final TenantIdentityProvider tokens;
    private final ConsumerEndpoint endpoint;

    public ConsumerMcpMechanism(
            @Tenant(ConsumerEndpoint.TENANT) TenantIdentityProvider tokens, ConsumerEndpoint endpoint) {
        this.tokens = tokens;
        this.endpoint = endpoint;
    }

    /** Whether the request is for the consumer endpoint (the path or anything under it). */
    static boolean covers(RoutingContext context) {
        String path = context.normalizedPath();
        return path.equals(ConsumerEndpoint.PATH) || path.startsWith(ConsumerEndpoint.PATH + "/");
    }

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identities) {
        if (!covers(context)) {
            return Uni.createFrom().nullItem();
        }
        String header = context.request().getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null || header.isBlank()) {
            return Uni.createFrom().nullItem();
        }
        if (!endpoint.configured()) {
            return Uni.createFrom().failure(ConsumerMcpPolicy.notConfigured());
        }
        if (header.length() > MAX_HEADER_LENGTH || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return Uni.createFrom().failure(refused("The MCP endpoint takes Authorization: Bearer <access token>"));
        }
        String token = header.substring(BEARER.length()).strip();
        if (token.isEmpty() || token.chars().filter(c -> c == '.').count() != 2) {
            return Uni.createFrom().failure(refused("The bearer token is not a signed access token"));
        }
        return tokens.authenticate(new AccessTokenCredential(token))
                .onFailure(f -> !(f instanceof ApiException))
                .transform(this::refused);
    }

    /** Any failure to validate the token is the client's: 401 with a reason it can act on, never a 500. */
    private Throwable refused(Throwable failure) {
        boolean expired = false;
        for (Throwable t = failure; t != null && !expired; t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage() == null ? "" : t.getMessage().toLowerCase(Locale.ROOT);
            expired = t instanceof InvalidJwtException jwt && jwt.hasExpired()
                    || message.contains("expired")
                    || message.contains("expiration time");
        }
        Log.debugf("A consumer MCP token was refused: %s", failure.toString());
        return refused(
                expired
                        ? "The access token has expired"
                        : "The access token is not valid for this resource (signature, issuer or audience)");
    }

    private ApiException refused(String message) {
        return new ApiException(
                ErrorCode.UNAUTHORIZED, message, null, Map.of("WWW-Authenticate", endpoint.invalidTokenChallenge()));
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        if (!covers(context)) {
            return Uni.createFrom().nullItem();
        }
        return Uni.createFrom().item(new ChallengeData(401, "WWW-Authenticate", endpoint.challenge()));
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of(TokenAuthenticationRequest.class);
    }

    @Override
    public Uni<HttpCredentialTransport> getCredentialTransport(RoutingContext context) {
        return Uni.createFrom()
                .item(
                        covers(context)
                                ? new HttpCredentialTransport(HttpCredentialTransport.Type.AUTHORIZATION, "bearer")
                                : null);
    }

    /** Before the platform's mechanism (2000), which would refuse these tokens as not its own. */
    @Override
    public int getPriority() {
        return 3000;
    }
}

package org.courseplatform.platform.auth;

import io.netty.handler.codec.http.HttpResponseStatus;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpCredentialTransport;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import org.courseplatform.platform.web.RouterErrors;

/**
 * The one authentication mechanism of every service. It reads {@code Authorization} and hands
 * the credential to the matching identity provider: {@code SERVICE:<workspaceId>:<apiKey>} for
 * tenant backends, {@code Bearer <token>} for operators, agents and other services. Every failed
 * API-key attempt counts against the client's address ({@link FailedAuthentications}); bearer
 * tokens are verified locally and never limited by address. A key's scopes are enforced here too.
 */
@ApplicationScoped
public class PlatformAuthMechanism implements HttpAuthenticationMechanism {

    static final String API_KEY_SCHEME = "SERVICE:";
    static final String BEARER_SCHEME = "Bearer ";
    private static final int MAX_HEADER_LENGTH = 8192;

    private final ClientAddresses addresses;
    private final FailedAuthentications failures;

    public PlatformAuthMechanism(ClientAddresses addresses, FailedAuthentications failures) {
        this.addresses = addresses;
        this.failures = failures;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identities) {
        return identify(context, identities).invoke(identity -> checkScopes(identity, context));
    }

    /**
     * A key issued with scopes reaches only the endpoints they cover ({@link Scopes}), whether it
     * calls itself or through an agent token minted from it: 403 before any resource runs.
     */
    private static void checkScopes(SecurityIdentity identity, RoutingContext context) {
        if (identity != null && identity.getPrincipal() instanceof WorkspaceCaller caller) {
            Scopes.check(caller, context.request().method().name(), context.normalizedPath());
        }
    }

    private Uni<SecurityIdentity> identify(RoutingContext context, IdentityProviderManager identities) {
        String header = context.request().getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null || header.isBlank()) {
            return Uni.createFrom().nullItem();
        }
        if (!header.startsWith(API_KEY_SCHEME)) {
            // Bearer tokens are checked here, with no call and no cache entry: failing ones cost
            // nothing to limit. Limiting them by address would also refuse other services' calls
            // (which share an address with clients on one host or behind one proxy).
            return authenticate(header, identities);
        }
        // The credential is checked first: only a failed one counts against the address, and only
        // a failed one from an address that has used up its failures answers 429.
        String address = addresses.of(context);
        return authenticate(header, identities)
                .onFailure(AuthenticationFailedException.class)
                .transform(failure -> failures.refused(address, failure));
    }

    private Uni<SecurityIdentity> authenticate(String header, IdentityProviderManager identities) {
        if (header.length() > MAX_HEADER_LENGTH) {
            return fail("The Authorization header is too long");
        }
        if (header.startsWith(API_KEY_SCHEME)) {
            String rest = header.substring(API_KEY_SCHEME.length());
            int colon = rest.indexOf(':');
            if (colon <= 0 || colon == rest.length() - 1) {
                return fail("Malformed Authorization header: expected SERVICE:<workspaceId>:<apiKey>");
            }
            String workspace = rest.substring(0, colon);
            if (workspace.length() > 18 || !workspace.chars().allMatch(c -> c >= '0' && c <= '9')) {
                return fail("Malformed Authorization header: the workspace id must be a number");
            }
            return identities.authenticate(new ApiKeyRequest(
                    Long.parseLong(workspace), rest.substring(colon + 1).trim()));
        }
        if (header.regionMatches(true, 0, BEARER_SCHEME, 0, BEARER_SCHEME.length())) {
            String token = header.substring(BEARER_SCHEME.length()).trim();
            if (token.isEmpty()) {
                return fail("Malformed Authorization header: the bearer token is empty");
            }
            return identities.authenticate(new BearerRequest(token));
        }
        return fail("Unsupported Authorization scheme: use SERVICE:<workspaceId>:<apiKey> or Bearer <token>");
    }

    private static Uni<SecurityIdentity> fail(String message) {
        return Uni.createFrom().failure(new AuthenticationFailedException(message));
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom()
                .item(new ChallengeData(
                        HttpResponseStatus.UNAUTHORIZED.code(), "WWW-Authenticate", RouterErrors.BEARER_CHALLENGE));
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of(ApiKeyRequest.class, BearerRequest.class);
    }

    @Override
    public Uni<HttpCredentialTransport> getCredentialTransport(RoutingContext context) {
        return Uni.createFrom().item(new HttpCredentialTransport(HttpCredentialTransport.Type.AUTHORIZATION, "bearer"));
    }

    @Override
    public int getPriority() {
        return 2000;
    }
}

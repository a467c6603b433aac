package org.courseplatform.agent.consumer;

import io.quarkus.logging.Log;
import io.quarkus.oidc.Oidc;
import io.quarkus.oidc.OidcTenantConfig;
import io.quarkus.oidc.runtime.OidcTenantConfig.ApplicationType;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;

/**
 * Creates the OIDC tenant {@value ConsumerEndpoint#TENANT} at start-up when an authorization
 * server is configured, and none otherwise (the service then starts and serves everything but
 * {@code /mcp}). A bearer-only tenant: the issuer's discovery document and JWKS, the issuer, the
 * expiry and the audience = the resource URL. Bound to {@code /mcp} alone. When the authorization
 * server is not up yet, quarkus-oidc connects on the first request.
 */
@ApplicationScoped
public class ConsumerMcpTenant {

    void create(@Observes Oidc oidc, ConsumerEndpoint endpoint) {
        if (!endpoint.configured()) {
            Log.infof(
                    "No consumer-mcp.issuer: %s answers 503 until an authorization server is configured",
                    ConsumerEndpoint.PATH);
            return;
        }
        String issuer = endpoint.issuer().orElseThrow();
        oidc.create(OidcTenantConfig.builder()
                .tenantId(ConsumerEndpoint.TENANT)
                .authServerUrl(issuer)
                .applicationType(ApplicationType.SERVICE)
                .tenantPaths(ConsumerEndpoint.PATH, ConsumerEndpoint.PATH + "/*")
                .token()
                .issuer(issuer)
                .audience(List.of(endpoint.resource()))
                .allowOpaqueTokenIntrospection(false)
                .end()
                .build());
        Log.infof("%s accepts access tokens of %s for %s", ConsumerEndpoint.PATH, issuer, endpoint.resource());
    }
}

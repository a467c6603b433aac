package org.courseplatform.agent.consumer;

import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.OPTIONS;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * Publishes the protected resource metadata at the root and path-suffixed well-known URLs an
 * MCP client tries (RFC 9728 section 3.1). Public and cacheable; any origin may read it, since
 * browser-based MCP clients fetch it (with an {@code MCP-Protocol-Version} header, hence the
 * preflight answer).
 */
@Path(ConsumerEndpoint.METADATA_PATH)
@PermitAll
public class ProtectedResourceMetadataResource {

    private final ConsumerEndpoint endpoint;

    public ProtectedResourceMetadataResource(ConsumerEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public RestResponse<ProtectedResourceMetadata> metadata() {
        if (!endpoint.configured()) {
            throw ConsumerMcpPolicy.notConfigured();
        }
        return RestResponse.ResponseBuilder.ok(ProtectedResourceMetadata.of(endpoint))
                .header("Cache-Control", "public, max-age=3600")
                .header("Access-Control-Allow-Origin", "*")
                .build();
    }

    @GET
    @Path(ConsumerEndpoint.PATH)
    @Produces(MediaType.APPLICATION_JSON)
    public RestResponse<ProtectedResourceMetadata> metadataOfPath() {
        return metadata();
    }

    @OPTIONS
    public RestResponse<Void> preflight() {
        return RestResponse.ResponseBuilder.<Void>noContent()
                .header("Access-Control-Allow-Origin", "*")
                .header("Access-Control-Allow-Methods", "GET, OPTIONS")
                .header("Access-Control-Allow-Headers", "*")
                .header("Access-Control-Max-Age", "86400")
                .build();
    }

    @OPTIONS
    @Path(ConsumerEndpoint.PATH)
    public RestResponse<Void> preflightOfPath() {
        return preflight();
    }
}

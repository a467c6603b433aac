package org.courseplatform.webhooks.endpoint;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.jboss.resteasy.reactive.RestResponse;

/** Webhook endpoints of the caller's workspace (Build and above). */
@Path("/v1/headless/webhooks")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class EndpointResource {

    private final EndpointService service;
    private final SecurityIdentity identity;

    public EndpointResource(EndpointService service, SecurityIdentity identity) {
        this.service = service;
        this.identity = identity;
    }

    /** Lists the endpoints, oldest first, without their secrets. */
    @GET
    public Uni<RestResponse<List<EndpointView>>> list() {
        return service.list(Callers.workspace(identity).workspaceId()).map(p -> p.toResponse());
    }
}

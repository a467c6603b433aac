package org.courseplatform.agent.token;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.courseplatform.agent.tool.ToolCatalogue;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.ApiException;

/** Mints an agent token from a workspace API key (api_advanced: Build and above). */
@Path("/api/v1/agent/auth")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AgentAuthResource {

    private final TokenService service;
    private final SecurityIdentity identity;
    private final ToolCatalogue catalogue;

    public AgentAuthResource(TokenService service, SecurityIdentity identity, ToolCatalogue catalogue) {
        this.service = service;
        this.identity = identity;
        this.catalogue = catalogue;
    }

    /** Answers {@code {token, expiresAt}}; the token acts as {@code identifier} in one tenant. */
    @POST
    public Uni<TokenService.TokenResponse> mint(TokenRequest request) {
        if (request == null) {
            throw ApiException.badRequest("The body must be a JSON object with at least identifier");
        }
        return service.mint(Callers.workspace(identity), request.validate(catalogue));
    }
}

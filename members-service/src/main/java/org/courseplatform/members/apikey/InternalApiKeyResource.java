package org.courseplatform.members.apikey;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.courseplatform.platform.auth.ApiKeyVerification;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.QueryParams;

/** Service-to-service: other services verify the API keys their callers present. */
@Path("/internal/v1/auth/api-keys")
@RolesAllowed(Roles.SERVICE)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class InternalApiKeyResource {

    private final ApiKeyService service;

    public InternalApiKeyResource(ApiKeyService service) {
        this.service = service;
    }

    @POST
    @Path("/verify")
    public Uni<ApiKeyVerification> verify(@Valid @NotNull VerifyRequest request) {
        return service.verify(request.workspaceId(), request.apiKey());
    }

    /** The key's standing by id (for agent tokens minted from it); {@code valid=false} when revoked or unknown. */
    @GET
    @Path("/{keyId}")
    public Uni<ApiKeyVerification> status(
            @PathParam("keyId") String keyId, @QueryParam("workspaceId") String workspaceId) {
        return service.status(QueryParams.id("workspaceId", workspaceId), QueryParams.id("keyId", keyId));
    }

    public record VerifyRequest(
            @NotNull Long workspaceId, @NotNull String apiKey) {}
}

package org.courseplatform.platform.auth;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** members-service's internal API-key check, called with a service token. */
@RegisterRestClient(configKey = "members-auth")
@Path("/internal/v1/auth/api-keys")
@RegisterClientHeaders(ServiceTokenHeaders.MembersService.class)
public interface MembersAuthClient {

    @POST
    @Path("/verify")
    Uni<ApiKeyVerification> verify(VerifyRequest request);

    /** A key's standing by id, for the agent tokens minted from it. */
    @GET
    @Path("/{keyId}")
    Uni<ApiKeyVerification> status(@PathParam("keyId") long keyId, @QueryParam("workspaceId") long workspaceId);

    record VerifyRequest(long workspaceId, String apiKey) {}
}

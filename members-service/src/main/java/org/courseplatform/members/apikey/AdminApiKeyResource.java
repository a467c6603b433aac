package org.courseplatform.members.apikey;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.QueryParams;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/** Operator admin API: issue (shown once), list and revoke a workspace's API keys. */
@Path("/admin/v1/workspaces/{workspaceId}/api-keys")
@RolesAllowed(Roles.OPERATOR)
@Produces(MediaType.APPLICATION_JSON)
public class AdminApiKeyResource {

    private final ApiKeyService service;

    public AdminApiKeyResource(ApiKeyService service) {
        this.service = service;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(
            value = ApiKeyViews.Issued.class,
            responseCode = "201",
            responseDescription = "The new key, shown only here")
    public Uni<ApiKeyViews.Issued> issue(
            @PathParam("workspaceId") String workspaceId, ApiKeyViews.IssueRequest request) {
        return service.issue(QueryParams.id("workspaceId", workspaceId), request);
    }

    @GET
    public Uni<List<ApiKeyViews.Listed>> list(@PathParam("workspaceId") String workspaceId) {
        return service.list(QueryParams.id("workspaceId", workspaceId));
    }

    @DELETE
    @Path("/{keyId}")
    @ResponseStatus(RestResponse.StatusCode.NO_CONTENT)
    public Uni<Void> revoke(@PathParam("workspaceId") String workspaceId, @PathParam("keyId") String keyId) {
        return service.revoke(QueryParams.id("workspaceId", workspaceId), QueryParams.id("keyId", keyId))
                .call(service::forgetVerifications);
    }
}

package org.courseplatform.members.workspace;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.QueryParams;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/** Operator admin API: workspaces with plan, add-ons, features and user limit. Local only. */
@Path("/admin/v1/workspaces")
@RolesAllowed(Roles.OPERATOR)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AdminWorkspaceResource {

    private final WorkspaceService service;

    public AdminWorkspaceResource(WorkspaceService service) {
        this.service = service;
    }

    @POST
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(value = WorkspaceView.class, responseCode = "201", responseDescription = "The new workspace")
    public Uni<WorkspaceView> create(JsonNode body) {
        return service.create(body);
    }

    @GET
    @Path("/{id}")
    public Uni<WorkspaceView> get(@PathParam("id") String id) {
        return service.get(QueryParams.id("id", id));
    }

    @PATCH
    @Path("/{id}")
    public Uni<WorkspaceView> update(@PathParam("id") String id, JsonNode body) {
        return service.update(QueryParams.id("id", id), body);
    }
}

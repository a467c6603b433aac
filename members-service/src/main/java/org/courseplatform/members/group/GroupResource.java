package org.courseplatform.members.group;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.QueryParams;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/** Groups, and the groups of a member. */
@Path("/api/v1")
@RolesAllowed(Roles.API_KEY)
@Produces(MediaType.APPLICATION_JSON)
public class GroupResource {

    private final GroupService service;
    private final SecurityIdentity identity;

    public GroupResource(GroupService service, SecurityIdentity identity) {
        this.service = service;
        this.identity = identity;
    }

    public record CreateGroup(String name) {}

    @POST
    @Path("/groups")
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(
            value = GroupService.GroupView.class,
            responseCode = "201",
            responseDescription = "The new group")
    public Uni<GroupService.GroupView> create(CreateGroup body) {
        return service.create(ws(), body == null ? null : body.name());
    }

    /** Pages like the members list: zero-based page, limit 0 to 100 (default 5), total in X-Total-Count. */
    @GET
    @Path("/groups")
    public Uni<RestResponse<List<GroupService.GroupView>>> list(
            @QueryParam("page") String page, @QueryParam("limit") String limit) {
        return service.list(
                        ws(),
                        QueryParams.digits("page", page, 0, 0, Integer.MAX_VALUE),
                        QueryParams.digits("limit", limit, 5, 0, 100))
                .map(p -> p.toResponse());
    }

    @GET
    @Path("/groups/{id}")
    public Uni<GroupService.GroupView> get(@PathParam("id") String id) {
        return service.get(ws(), QueryParams.id("id", id));
    }

    @DELETE
    @Path("/groups/{id}")
    @ResponseStatus(RestResponse.StatusCode.NO_CONTENT)
    public Uni<Void> delete(@PathParam("id") String id) {
        return service.delete(ws(), QueryParams.id("id", id));
    }

    private long ws() {
        return Callers.workspace(identity).workspaceId();
    }
}

package org.courseplatform.members.user;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.auth.ServiceCaller;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.QueryParams;

/**
 * Service-to-service: what a signed-in person may reach, for agent-gateway's consumer MCP
 * endpoint. Never routed by the ingress; only agent-gateway's service tokens are accepted.
 */
@Path("/internal/v1/users/{userId}")
@RolesAllowed(Roles.SERVICE)
@Produces(MediaType.APPLICATION_JSON)
public class InternalUserResource {

    static final String CALLER = "agent-gateway";

    private final UserAccessService service;
    private final SecurityIdentity identity;

    public InternalUserResource(UserAccessService service, SecurityIdentity identity) {
        this.service = service;
        this.identity = identity;
    }

    /** Every membership of the user (any state); an empty list when there is none or no such user. */
    @GET
    @Path("/memberships")
    public Uni<List<UserAccessViews.Membership>> memberships(@PathParam("userId") String userId) {
        checkCaller();
        return service.memberships(QueryParams.id("userId", userId));
    }

    /** The courses the member is enrolled in within the workspace, directly or through a group. */
    @GET
    @Path("/courses")
    public Uni<List<UserAccessViews.EnrolledCourse>> courses(
            @PathParam("userId") String userId, @QueryParam("workspaceId") String workspaceId) {
        checkCaller();
        return service.courses(QueryParams.id("workspaceId", workspaceId), QueryParams.id("userId", userId));
    }

    private void checkCaller() {
        if (!(identity.getPrincipal() instanceof ServiceCaller caller) || !CALLER.equals(caller.service())) {
            throw ApiException.forbidden("The internal user API is for " + CALLER);
        }
    }
}

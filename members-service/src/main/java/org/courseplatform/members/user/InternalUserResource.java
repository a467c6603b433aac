package org.courseplatform.members.user;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.courseplatform.members.keycloak.PasswordLinks;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.auth.ServiceCaller;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.QueryParams;
import org.jboss.resteasy.reactive.ResponseStatus;

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
    private final PasswordLinks passwordLinks;
    private final SecurityIdentity identity;

    public InternalUserResource(UserAccessService service, PasswordLinks passwordLinks, SecurityIdentity identity) {
        this.service = service;
        this.passwordLinks = passwordLinks;
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

    /**
     * Has Keycloak mail the user a link to set a password of their own (agent-gateway asks when a
     * password one workspace chose is used for another): 202 with {@code outcome} {@code sent},
     * {@code recently_sent} (one mail per ten minutes) or {@code unavailable}.
     */
    @POST
    @Path("/password-link")
    @ResponseStatus(202)
    public Uni<UserAccessViews.PasswordLink> passwordLink(@PathParam("userId") String userId) {
        checkCaller();
        return passwordLinks
                .send(QueryParams.id("userId", userId))
                .map(outcome -> new UserAccessViews.PasswordLink(outcome.name().toLowerCase(java.util.Locale.ROOT)));
    }

    private void checkCaller() {
        if (!(identity.getPrincipal() instanceof ServiceCaller caller) || !CALLER.equals(caller.service())) {
            throw ApiException.forbidden("The internal user API is for " + CALLER);
        }
    }
}

package org.courseplatform.members.member;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.jboss.resteasy.reactive.RestResponse;

/** Members of the caller's workspace. */
@Path("/api/v1/members")
@RolesAllowed(Roles.API_KEY)
@Produces(MediaType.APPLICATION_JSON)
public class MemberResource {

    private final MemberService service;
    private final SecurityIdentity identity;

    public MemberResource(MemberService service, SecurityIdentity identity) {
        this.service = service;
        this.identity = identity;
    }

    /** Searches, sorts and pages the workspace's members; the total is in X-Total-Count. */
    @GET
    public Uni<RestResponse<List<MemberView>>> list(@QueryParam("search") String search, @QueryParam("sort") String sort,
            @QueryParam("reverse") String reverse, @QueryParam("state") String state, @QueryParam("page") String page,
            @QueryParam("limit") String limit) {
        MemberQuery query = MemberQuery.parse(search, sort, reverse, state, page, limit);
        return service.list(Callers.workspace(identity).workspaceId(), query).map(p -> p.toResponse());
    }
}

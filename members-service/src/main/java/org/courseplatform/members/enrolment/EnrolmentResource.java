package org.courseplatform.members.enrolment;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Set;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.QueryParams;
import org.jboss.resteasy.reactive.RestResponse;

/** Enrolments of the caller's workspace. */
@Path("/api/v1/enrolments")
@RolesAllowed(Roles.API_KEY)
@Produces(MediaType.APPLICATION_JSON)
public class EnrolmentResource {

    private final EnrolmentService service;
    private final SecurityIdentity identity;

    public EnrolmentResource(EnrolmentService service, SecurityIdentity identity) {
        this.service = service;
        this.identity = identity;
    }

    /** Filters by course, group and user; ascending by enrolment date; total in X-Total-Count. */
    @GET
    public Uni<RestResponse<List<EnrolmentView>>> list(@QueryParam("course") String course, @QueryParam("group") String group,
            @QueryParam("user") String user, @QueryParam("search") String search, @QueryParam("sort") String sort,
            @QueryParam("page") String page, @QueryParam("length") String length) {
        if (search != null && !search.isEmpty()) {
            // Member and course search arrives with the members issue; refuse rather than ignore it.
            throw ApiException.invalid("search", "is not supported yet");
        }
        QueryParams.oneOf("sort", sort, "created", Set.of("created"));
        return service.list(Callers.workspace(identity).workspaceId(),
                QueryParams.optionalId("course", course), QueryParams.optionalId("group", group),
                QueryParams.optionalId("user", user),
                QueryParams.digits("page", page, 0, 0, Integer.MAX_VALUE),
                QueryParams.digits("length", length, 10, 0, 100)).map(p -> p.toResponse());
    }
}

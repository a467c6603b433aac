package org.courseplatform.courses.course;

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

/** Courses of the caller's workspace (Build and above). */
@Path("/v1/headless/courses")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class CourseResource {

    private final CourseService service;
    private final SecurityIdentity identity;

    public CourseResource(CourseService service, SecurityIdentity identity) {
        this.service = service;
        this.identity = identity;
    }

    /** Lists courses, oldest first, filtered by owner, tenant and title; total in X-Total-Count. */
    @GET
    public Uni<RestResponse<List<CourseView>>> list(@QueryParam("identifier") String identifier,
            @QueryParam("clientIdentifier") String clientIdentifier, @QueryParam("title") String title,
            @QueryParam("deleted") String deleted, @QueryParam("page") String page, @QueryParam("length") String length) {
        CourseQuery query = CourseQuery.parse(identifier, clientIdentifier, title, deleted, page, length);
        return service.list(Callers.workspace(identity).workspaceId(), query).map(p -> p.toResponse());
    }
}

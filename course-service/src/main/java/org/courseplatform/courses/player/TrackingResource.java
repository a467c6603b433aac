package org.courseplatform.courses.player;

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
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.QueryParams;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

/** Learners' tracking records of a course (the spec's {@code GET /course/{id}/tracking}). Only translates HTTP; rules live in {@link TrackingService}. */
@Produces(MediaType.APPLICATION_JSON)
@Path("/v1/headless")
@Tag(name = "Course Resource") // listed, and named, with the course routes in the API reference
@RolesAllowed(Roles.BUILD)
public class TrackingResource {

    private final TrackingService tracking;
    private final SecurityIdentity identity;

    public TrackingResource(TrackingService tracking, SecurityIdentity identity) {
        this.tracking = tracking;
        this.identity = identity;
    }

    /** Learners' tracking records of the course, oldest first; total in X-Total-Count. */
    @GET
    @Path("/course/{id}/tracking")
    public Uni<RestResponse<List<PlayerViews.Tracking>>> tracking(
            @PathParam("id") String id,
            @QueryParam("identifier") String identifier,
            @QueryParam("clientIdentifier") String clientIdentifier,
            @QueryParam("page") String page,
            @QueryParam("length") String length) {
        return tracking.list(
                        scope(clientIdentifier),
                        QueryParams.id("id", id),
                        TrackingService.identifier(identifier),
                        QueryParams.digits("page", page, 0, 0, Integer.MAX_VALUE),
                        QueryParams.digits("length", length, 100, 0, 1000))
                .map(p -> p.toResponse());
    }

    private CourseScope scope(String clientIdentifier) {
        return CourseScope.of(Callers.workspace(identity), clientIdentifier);
    }
}

package org.courseplatform.courses.analytics;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.QueryParams;

/**
 * A collection's analytics (Build and above), tenancy as collections. A resource of its own path:
 * JAX-RS matches the longest class path first, so under the collections resource's path this
 * method would never be reached.
 */
@Path("/v1/headless/collections/{id}/analytics")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class CollectionAnalyticsResource {

    private final AnalyticsService service;
    private final SecurityIdentity identity;

    public CollectionAnalyticsResource(AnalyticsService service, SecurityIdentity identity) {
        this.service = service;
        this.identity = identity;
    }

    /** Course by course, in the collection's order; {@code ?from=&to=} as for a course. */
    @GET
    public Uni<AnalyticsViews.Collection> collection(
            @PathParam("id") String id,
            @QueryParam("from") String from,
            @QueryParam("to") String to,
            @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.collection(
                CourseScope.of(Callers.workspace(identity), clientIdentifier), QueryParams.id("id", id), from, to);
    }
}

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

/** Course and collection analytics (Build and above), tenancy as courses. Rules in {@link AnalyticsService}. */
@Path("/v1/headless")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class AnalyticsResource {

    private final AnalyticsService service;
    private final SecurityIdentity identity;

    public AnalyticsResource(AnalyticsService service, SecurityIdentity identity) {
        this.service = service;
        this.identity = identity;
    }

    /** {@code ?from=&to=} as YYYY-MM-DD (UTC, both included; default the last 30 days, at most 366). */
    @GET
    @Path("/course/{id}/analytics")
    public Uni<AnalyticsViews.Course> course(
            @PathParam("id") String id,
            @QueryParam("from") String from,
            @QueryParam("to") String to,
            @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.course(
                CourseScope.of(Callers.workspace(identity), clientIdentifier), QueryParams.id("id", id), from, to);
    }
}

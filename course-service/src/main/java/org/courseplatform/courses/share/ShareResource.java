package org.courseplatform.courses.share;

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
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.JsonBodies;
import org.courseplatform.platform.web.QueryParams;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/** Share links of courses (Build and above). Rules in {@link ShareService}. */
@Path("/v1/headless")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class ShareResource {

    private final ShareService service;
    private final SecurityIdentity identity;
    private final JsonBodies bodies;

    public ShareResource(ShareService service, SecurityIdentity identity, JsonBodies bodies) {
        this.service = service;
        this.identity = identity;
        this.bodies = bodies;
    }

    /** Makes a link; the body is optional (a bare POST: 30 days, no limit on learners). */
    @POST
    @Path("/course/{id}/share-links")
    @Consumes(MediaType.WILDCARD)
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(value = ShareViews.Link.class, responseCode = "201", responseDescription = "The new share link")
    public Uni<ShareViews.Link> create(
            @PathParam("id") String id, @QueryParam("clientIdentifier") String clientIdentifier, String body) {
        ShareRequests.Create request = bodies.optional(body, ShareRequests.Create.class, null);
        return service.create(scope(clientIdentifier), QueryParams.id("id", id), request);
    }

    /** The course's links, oldest first, without their URLs; total in X-Total-Count. */
    @GET
    @Path("/course/{id}/share-links")
    public Uni<RestResponse<List<ShareViews.Link>>> list(
            @PathParam("id") String id,
            @QueryParam("clientIdentifier") String clientIdentifier,
            @QueryParam("page") String page,
            @QueryParam("length") String length) {
        return service.list(
                        scope(clientIdentifier),
                        QueryParams.id("id", id),
                        QueryParams.digits("page", page, 0, 0, Integer.MAX_VALUE),
                        QueryParams.digits("length", length, 100, 0, 1000))
                .map(p -> p.toResponse());
    }

    /** Revokes the link: 204. */
    @DELETE
    @Path("/share-links/{id}")
    public Uni<Void> revoke(@PathParam("id") String id, @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.revoke(scope(clientIdentifier), QueryParams.id("id", id));
    }

    private CourseScope scope(String clientIdentifier) {
        return CourseScope.of(Callers.workspace(identity), clientIdentifier);
    }
}

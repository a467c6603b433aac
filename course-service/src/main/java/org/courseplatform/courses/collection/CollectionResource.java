package org.courseplatform.courses.collection;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
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
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.QueryParams;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/** Collections of courses (learning paths), Build and above. Rules live in {@link CollectionService}. */
@Path("/v1/headless/collections")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class CollectionResource {

    private final CollectionService service;
    private final SecurityIdentity identity;

    public CollectionResource(CollectionService service, SecurityIdentity identity) {
        this.service = service;
        this.identity = identity;
    }

    /** Collections, oldest first; total in X-Total-Count. */
    @GET
    public Uni<RestResponse<List<CollectionView>>> list(
            @QueryParam("clientIdentifier") String clientIdentifier,
            @QueryParam("page") String page,
            @QueryParam("length") String length) {
        return service.list(
                        scope(clientIdentifier),
                        QueryParams.digits("page", page, 0, 0, Integer.MAX_VALUE),
                        QueryParams.digits("length", length, 100, 0, 1000))
                .map(p -> p.toResponse());
    }

    @GET
    @Path("/{id}")
    public Uni<CollectionView> get(
            @PathParam("id") String id, @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.get(scope(clientIdentifier), QueryParams.id("id", id));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(value = CollectionView.class, responseCode = "201", responseDescription = "The new collection")
    public Uni<CollectionView> create(@NotNull CollectionRequests.Create body) {
        return service.create(scope(null), body);
    }

    @PATCH
    @Path("/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<CollectionView> update(
            @PathParam("id") String id,
            @QueryParam("clientIdentifier") String clientIdentifier,
            @NotNull CollectionRequests.Update body) {
        return service.update(scope(clientIdentifier), QueryParams.id("id", id), body);
    }

    @DELETE
    @Path("/{id}")
    @ResponseStatus(RestResponse.StatusCode.NO_CONTENT)
    public Uni<Void> delete(@PathParam("id") String id, @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.delete(scope(clientIdentifier), QueryParams.id("id", id));
    }

    /** Adds a course (or moves one it holds) at {@code position}; answers the collection. */
    @POST
    @Path("/{id}/courses")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<CollectionView> addCourse(
            @PathParam("id") String id,
            @QueryParam("clientIdentifier") String clientIdentifier,
            @NotNull CollectionRequests.AddCourse body) {
        return service.addCourse(scope(clientIdentifier), QueryParams.id("id", id), body);
    }

    @DELETE
    @Path("/{id}/courses/{courseId}")
    public Uni<CollectionView> removeCourse(
            @PathParam("id") String id,
            @PathParam("courseId") String courseId,
            @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.removeCourse(
                scope(clientIdentifier), QueryParams.id("id", id), QueryParams.id("courseId", courseId));
    }

    private CourseScope scope(String clientIdentifier) {
        if (clientIdentifier != null && clientIdentifier.length() > 255) {
            throw ApiException.invalid("clientIdentifier", "must be at most 255 characters");
        }
        return CourseScope.of(Callers.workspace(identity), clientIdentifier);
    }
}

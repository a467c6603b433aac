package org.courseplatform.courses.folder;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
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

/** Folders of courses (Build and above), and moving a course into one. Rules live in {@link FolderService}. */
@Path("/v1/headless")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class FolderResource {

    private final FolderService service;
    private final SecurityIdentity identity;

    public FolderResource(FolderService service, SecurityIdentity identity) {
        this.service = service;
        this.identity = identity;
    }

    /**
     * Folders in tree order; {@code parentId} a folder's id (its children) or {@code root} (the
     * top-level folders), else all; total in X-Total-Count.
     */
    @GET
    @Path("/folders")
    public Uni<RestResponse<List<FolderView>>> list(
            @QueryParam("clientIdentifier") String clientIdentifier,
            @QueryParam("parentId") String parentId,
            @QueryParam("page") String page,
            @QueryParam("length") String length) {
        boolean topLevel = "root".equals(parentId);
        Long parent = topLevel ? null : QueryParams.optionalId("parentId", parentId);
        return service.list(
                        scope(tenant(clientIdentifier)),
                        parent,
                        topLevel,
                        QueryParams.digits("page", page, 0, 0, Integer.MAX_VALUE),
                        QueryParams.digits("length", length, 100, 0, 1000))
                .map(p -> p.toResponse());
    }

    @GET
    @Path("/folders/{id}")
    public Uni<FolderView> get(@PathParam("id") String id, @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.get(scope(tenant(clientIdentifier)), QueryParams.id("id", id));
    }

    @POST
    @Path("/folders")
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(value = FolderView.class, responseCode = "201", responseDescription = "The new folder")
    public Uni<FolderView> create(@NotNull FolderRequests.Create body) {
        return service.create(scope(null), body);
    }

    @PATCH
    @Path("/folders/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<FolderView> update(
            @PathParam("id") String id,
            @QueryParam("clientIdentifier") String clientIdentifier,
            @NotNull FolderRequests.Update body) {
        return service.update(scope(tenant(clientIdentifier)), QueryParams.id("id", id), body);
    }

    @DELETE
    @Path("/folders/{id}")
    @ResponseStatus(RestResponse.StatusCode.NO_CONTENT)
    public Uni<Void> delete(@PathParam("id") String id, @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.delete(scope(tenant(clientIdentifier)), QueryParams.id("id", id));
    }

    /** Puts the course in a folder of its tenant ({@code folderId} null: in none): {@code {courseId, folderId}}. */
    @PUT
    @Path("/course/{id}/folder")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<FolderRequests.CourseFolder> moveCourse(
            @PathParam("id") String id,
            @QueryParam("clientIdentifier") String clientIdentifier,
            @NotNull FolderRequests.MoveCourse body) {
        return service.moveCourse(scope(tenant(clientIdentifier)), QueryParams.id("id", id), body);
    }

    static String tenant(String clientIdentifier) {
        if (clientIdentifier != null && clientIdentifier.length() > 255) {
            throw ApiException.invalid("clientIdentifier", "must be at most 255 characters");
        }
        return clientIdentifier;
    }

    private CourseScope scope(String clientIdentifier) {
        return CourseScope.of(Callers.workspace(identity), clientIdentifier);
    }
}

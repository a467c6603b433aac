package org.courseplatform.courses.media;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
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
import org.courseplatform.platform.auth.WorkspaceCaller;
import org.courseplatform.platform.web.Paged;
import org.courseplatform.platform.web.QueryParams;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The workspace's media library (Build and above; scoped keys need {@code courses:write} to change
 * it). Only translates HTTP; the rules live in {@link MediaService}.
 */
@Path("/v1/headless/media")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class MediaResource {

    private final MediaService service;
    private final SecurityIdentity identity;

    public MediaResource(MediaService service, SecurityIdentity identity) {
        this.service = service;
        this.identity = identity;
    }

    /** An upload slot: the pending medium and the presigned PUT the file goes to (valid for an hour). */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(value = MediaViews.Slot.class, responseCode = "201", responseDescription = "The slot")
    @APIResponse(responseCode = "413", description = "Over the size limit of the kind")
    @APIResponse(responseCode = "415", description = "A content type the library does not take")
    public Uni<MediaViews.Slot> create(MediaRequests.Create body) {
        WorkspaceCaller caller = Callers.workspace(identity);
        return service.create(
                CourseScope.of(caller, null),
                new MediaService.Caller(caller.workspaceId(), "key:" + caller.keyId()),
                body);
    }

    /** Checks the uploaded file and makes the medium ready (409 before the upload, 422 for refused content). */
    @POST
    @Path("/{id}/complete")
    @APIResponseSchema(value = MediaViews.Media.class, responseCode = "200", responseDescription = "The medium, ready")
    @APIResponse(responseCode = "409", description = "Nothing was uploaded yet")
    @APIResponse(responseCode = "422", description = "The content was refused; the medium is failed")
    public Uni<MediaViews.Media> complete(@PathParam("id") String id) {
        return service.complete(workspace(), QueryParams.id("id", id));
    }

    /** Media newest first, ready ones unless {@code status} says otherwise; total in X-Total-Count. */
    @GET
    public Uni<RestResponse<List<MediaViews.Media>>> list(
            @QueryParam("search") String search,
            @QueryParam("kind") String kind,
            @QueryParam("status") String status,
            @QueryParam("limit") String limit,
            @QueryParam("length") String length,
            @QueryParam("cursor") String cursor,
            @QueryParam("page") String page) {
        MediaQuery query = MediaQuery.parse(search, kind, status, limit, length, cursor, page);
        return service.list(workspace(), query).map(p -> page(p, query));
    }

    @GET
    @Path("/{id}")
    public Uni<MediaViews.Media> get(@PathParam("id") String id) {
        return service.get(workspace(), QueryParams.id("id", id));
    }

    /** Changes {@code altText} and/or {@code decorative}. */
    @PATCH
    @Path("/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<MediaViews.Media> describe(@PathParam("id") String id, MediaRequests.Patch body) {
        return service.describe(workspace(), QueryParams.id("id", id), body);
    }

    /** Deletes the medium and its files; 409 while a published course uses it. */
    @DELETE
    @Path("/{id}")
    @ResponseStatus(RestResponse.StatusCode.NO_CONTENT)
    @APIResponse(responseCode = "204", description = "Deleted, with its files")
    @APIResponse(responseCode = "409", description = "Published courses use it (named in details)")
    public Uni<Void> delete(@PathParam("id") String id) {
        return service.delete(workspace(), QueryParams.id("id", id));
    }

    /** A list page: the media, {@code X-Total-Count}, and {@code X-Next-Cursor} when a full page may have more. */
    static RestResponse<List<MediaViews.Media>> page(Paged<MediaViews.Media> paged, MediaQuery query) {
        RestResponse.ResponseBuilder<List<MediaViews.Media>> answer =
                RestResponse.ResponseBuilder.ok(paged.items()).header("X-Total-Count", paged.total());
        if (paged.items().size() == query.limit()) {
            answer.header(
                    "X-Next-Cursor", paged.items().get(paged.items().size() - 1).id());
        }
        return answer.build();
    }

    private long workspace() {
        return Callers.workspace(identity).workspaceId();
    }
}

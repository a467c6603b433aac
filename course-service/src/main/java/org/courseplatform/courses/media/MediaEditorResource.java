package org.courseplatform.courses.media;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.courseplatform.courses.player.PlayerSessions;
import org.courseplatform.platform.web.QueryParams;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The media library from the builder and the screen editor: the same calls and shapes as
 * {@link MediaResource}, with the {@code X-Player-Session} of an editing session as the
 * credential. The session's workspace is the library; a slot made here belongs to the session's course.
 */
@Path("/v1/headless/player/editor/media")
@PermitAll
@Produces(MediaType.APPLICATION_JSON)
public class MediaEditorResource {

    private final MediaService service;

    public MediaEditorResource(MediaService service) {
        this.service = service;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(value = MediaViews.Slot.class, responseCode = "201", responseDescription = "The slot")
    public Uni<MediaViews.Slot> create(@HeaderParam(PlayerSessions.HEADER) String session, MediaRequests.Create body) {
        return service.createForSession(session, body);
    }

    @POST
    @Path("/{id}/complete")
    public Uni<MediaViews.Media> complete(
            @HeaderParam(PlayerSessions.HEADER) String session, @PathParam("id") String id) {
        return service.completeForSession(session, QueryParams.id("id", id));
    }

    @GET
    public Uni<RestResponse<List<MediaViews.Media>>> list(
            @HeaderParam(PlayerSessions.HEADER) String session,
            @QueryParam("search") String search,
            @QueryParam("kind") String kind,
            @QueryParam("status") String status,
            @QueryParam("limit") String limit,
            @QueryParam("length") String length,
            @QueryParam("cursor") String cursor,
            @QueryParam("page") String page) {
        MediaQuery query = MediaQuery.parse(search, kind, status, limit, length, cursor, page);
        return service.listForSession(session, query).map(p -> MediaResource.page(p, query));
    }

    @GET
    @Path("/{id}")
    public Uni<MediaViews.Media> get(@HeaderParam(PlayerSessions.HEADER) String session, @PathParam("id") String id) {
        return service.getForSession(session, QueryParams.id("id", id));
    }

    @PATCH
    @Path("/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<MediaViews.Media> describe(
            @HeaderParam(PlayerSessions.HEADER) String session, @PathParam("id") String id, MediaRequests.Patch body) {
        return service.describeForSession(session, QueryParams.id("id", id), body);
    }
}

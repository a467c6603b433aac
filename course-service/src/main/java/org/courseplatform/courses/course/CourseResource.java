package org.courseplatform.courses.course;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.courseplatform.courses.document.CourseContent;
import org.courseplatform.courses.thumbnail.ThumbnailQueue;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.events.Idempotent;
import org.courseplatform.platform.events.IdempotentRequests;
import org.courseplatform.platform.web.JsonBodies;
import org.courseplatform.platform.web.QueryParams;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/** Courses of the caller's workspace (Build and above). Only translates HTTP; rules live in {@link CourseService}. */
@Path("/v1/headless")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class CourseResource {

    private final CourseService service;
    private final SecurityIdentity identity;
    private final JsonBodies bodies;

    public CourseResource(CourseService service, SecurityIdentity identity, JsonBodies bodies) {
        this.service = service;
        this.identity = identity;
        this.bodies = bodies;
    }

    /** Lists courses, oldest first, filtered by owner, tenant, title and folder; total in X-Total-Count. */
    @GET
    @Path("/courses")
    public Uni<RestResponse<List<CourseView>>> list(
            @QueryParam("identifier") String identifier,
            @QueryParam("clientIdentifier") String clientIdentifier,
            @QueryParam("title") String title,
            @QueryParam("deleted") String deleted,
            @QueryParam("folderId") String folderId,
            @QueryParam("page") String page,
            @QueryParam("length") String length) {
        CourseQuery query = CourseQuery.parse(identifier, clientIdentifier, title, deleted, folderId, page, length);
        return service.list(scope(query.clientIdentifier()), query).map(p -> p.toResponse());
    }

    /** Creates a Builder 2 course with one empty screen. */
    @Idempotent
    @Parameter(
            name = IdempotentRequests.HEADER,
            in = ParameterIn.HEADER,
            description = IdempotentRequests.HEADER_DESCRIPTION,
            schema = @Schema(type = SchemaType.STRING, maxLength = 255))
    @POST
    @Path("/courses")
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(value = CourseView.class, responseCode = "201", responseDescription = "The new course")
    public Uni<CourseView> create(@Valid @NotNull CourseRequests.Create body) {
        return service.create(scope(null), body);
    }

    /** Imports a Classic or Builder 2 document as a new course. */
    @Idempotent
    @Parameter(
            name = IdempotentRequests.HEADER,
            in = ParameterIn.HEADER,
            description = IdempotentRequests.HEADER_DESCRIPTION,
            schema = @Schema(type = SchemaType.STRING, maxLength = 255))
    @POST
    @Path("/courses/import")
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(value = CourseView.class, responseCode = "201", responseDescription = "The imported course")
    public Uni<CourseView> importCourse(@Valid @NotNull CourseRequests.Import body) {
        return service.importDocument(scope(null), body);
    }

    @GET
    @Path("/courses/{id}")
    public Uni<CourseView> get(
            @PathParam("id") String id,
            @QueryParam("identifier") String identifier,
            @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.get(scope(clientIdentifier), QueryParams.id("id", id));
    }

    /** Normalised text of every screen and element in every locale, and the asset catalogue. */
    @GET
    @Path("/course/content/{id}")
    public Uni<CourseContent> content(
            @PathParam("id") String id,
            @QueryParam("identifier") String identifier,
            @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.content(scope(clientIdentifier), QueryParams.id("id", id));
    }

    /**
     * The draft document with every id, and its revision, also as the strong {@code ETag} that a
     * save sends back in {@code If-Match}.
     */
    @GET
    @Path("/course/{id}/content")
    public Uni<RestResponse<CourseService.DraftDocument>> draft(
            @PathParam("id") String id, @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.draft(scope(clientIdentifier), QueryParams.id("id", id))
                .map(draft -> RestResponse.ResponseBuilder.ok(draft)
                        .header(HttpHeaders.ETAG, IfMatch.etag(draft.revision()))
                        .build());
    }

    /**
     * Replaces the draft (the builder's save). With {@code If-Match} it applies only if the draft
     * is still at that revision (412 otherwise); the answer's {@code ETag} is the new revision.
     */
    @PUT
    @Path("/course/{id}/content")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<RestResponse<CourseView>> replaceContent(
            @PathParam("id") String id,
            @QueryParam("clientIdentifier") String clientIdentifier,
            @HeaderParam(IfMatch.HEADER) List<String> ifMatch,
            @Valid @NotNull CourseRequests.Content body) {
        IfMatch precondition = IfMatch.parse(ifMatch);
        return service.replaceContent(scope(clientIdentifier), QueryParams.id("id", id), body.document(), precondition)
                .map(saved -> RestResponse.ResponseBuilder.ok(saved.course())
                        .header(HttpHeaders.ETAG, IfMatch.etag(saved.revision()))
                        .build());
    }

    /** Soft delete: hidden from the default list, restorable. */
    @DELETE
    @Path("/course/{id}")
    public Uni<CourseView> delete(@PathParam("id") String id, @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.delete(scope(clientIdentifier), QueryParams.id("id", id));
    }

    @POST
    @Path("/course/{id}/restore")
    public Uni<CourseView> restore(
            @PathParam("id") String id, @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.restore(scope(clientIdentifier), QueryParams.id("id", id));
    }

    @Idempotent
    @Parameter(
            name = IdempotentRequests.HEADER,
            in = ParameterIn.HEADER,
            description = IdempotentRequests.HEADER_DESCRIPTION,
            schema = @Schema(type = SchemaType.STRING, maxLength = 255))
    @POST
    @Path("/course/{id}/publish")
    public Uni<CourseView> publish(
            @PathParam("id") String id, @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.publish(scope(clientIdentifier), QueryParams.id("id", id));
    }

    @POST
    @Path("/course/{id}/revert")
    public Uni<CourseView> revert(@PathParam("id") String id, @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.revert(scope(clientIdentifier), QueryParams.id("id", id));
    }

    /**
     * Copies a course: new id and key, same content, unpublished, title marked as a copy. The body
     * (new owner and tenant) is optional, so a bare POST of any content type is a plain copy.
     */
    @Idempotent
    @Parameter(
            name = IdempotentRequests.HEADER,
            in = ParameterIn.HEADER,
            description = IdempotentRequests.HEADER_DESCRIPTION,
            schema = @Schema(type = SchemaType.STRING, maxLength = 255))
    @POST
    @Path("/course/{id}/duplicate")
    @Consumes(MediaType.WILDCARD)
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(value = CourseView.class, responseCode = "201", responseDescription = "The copy")
    public Uni<CourseView> duplicate(
            @PathParam("id") String id, @QueryParam("clientIdentifier") String clientIdentifier, String body) {
        CourseRequests.Duplicate request = bodies.optional(body, CourseRequests.Duplicate.class, null);
        return service.duplicate(scope(clientIdentifier), QueryParams.id("id", id), request);
    }

    /** Fails any stuck capture and queues a fresh one: {@code {id, thumbnail, thumbnailRevision, queued}}. */
    @POST
    @Path("/course/{id}/thumbnail")
    public Uni<ThumbnailQueue.Regenerated> thumbnail(
            @PathParam("id") String id, @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.regenerateThumbnail(scope(clientIdentifier), QueryParams.id("id", id));
    }

    private CourseScope scope(String clientIdentifier) {
        return CourseScope.of(Callers.workspace(identity), clientIdentifier);
    }
}

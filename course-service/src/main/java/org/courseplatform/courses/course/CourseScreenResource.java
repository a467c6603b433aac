package org.courseplatform.courses.course;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import org.courseplatform.courses.course.ScreenRequests.ElementAdded;
import org.courseplatform.courses.course.ScreenRequests.NewElement;
import org.courseplatform.courses.course.ScreenRequests.NewScreens;
import org.courseplatform.courses.course.ScreenRequests.Revised;
import org.courseplatform.courses.course.ScreenRequests.ScreenChanges;
import org.courseplatform.courses.course.ScreenRequests.ScreenDeleted;
import org.courseplatform.courses.course.ScreenRequests.ScreenUpdated;
import org.courseplatform.courses.course.ScreenRequests.ScreensAdded;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.QueryParams;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * Screens and elements of a course's Builder 2 draft (Build and above), one at a time, for
 * agent tools and the builder. Each answer carries the new revision, also as {@code ETag};
 * {@code If-Match} makes a change conditional on it. Rules in {@link CourseScreens}.
 */
@Path("/v1/headless")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class CourseScreenResource {

    private final CourseScreens screens;
    private final SecurityIdentity identity;

    public CourseScreenResource(CourseScreens screens, SecurityIdentity identity) {
        this.screens = screens;
        this.identity = identity;
    }

    /** Adds the screens of a layout (a quiz layout: cover, question, results) or one blank screen. */
    @POST
    @Path("/course/{id}/screens")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(
            value = ScreensAdded.class,
            responseCode = "201",
            responseDescription = "The added screens and the new revision")
    public Uni<RestResponse<ScreensAdded>> addScreens(
            @PathParam("id") String id,
            @QueryParam("clientIdentifier") String clientIdentifier,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            @Valid @NotNull NewScreens body) {
        IfMatch condition = IfMatch.parse(ifMatch);
        return screens.addScreens(scope(clientIdentifier), QueryParams.id("id", id), condition, body)
                .map(answer -> revised(RestResponse.Status.CREATED, answer));
    }

    /** Adds one element (block) to a screen; the answer has the element with its new id. */
    @POST
    @Path("/course/{id}/screens/{screenId}/elements")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(
            value = ElementAdded.class,
            responseCode = "201",
            responseDescription = "The added element and the new revision")
    public Uni<RestResponse<ElementAdded>> addElement(
            @PathParam("id") String id,
            @PathParam("screenId") String screenId,
            @QueryParam("clientIdentifier") String clientIdentifier,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            @Valid @NotNull NewElement body) {
        IfMatch condition = IfMatch.parse(ifMatch);
        return screens.addElement(scope(clientIdentifier), QueryParams.id("id", id), screenId, condition, body)
                .map(answer -> revised(RestResponse.Status.CREATED, answer));
    }

    /** Changes a screen's title, description or whole element list. */
    @PATCH
    @Path("/course/{id}/screens/{screenId}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<RestResponse<ScreenUpdated>> updateScreen(
            @PathParam("id") String id,
            @PathParam("screenId") String screenId,
            @QueryParam("clientIdentifier") String clientIdentifier,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            @Valid @NotNull ScreenChanges body) {
        IfMatch condition = IfMatch.parse(ifMatch);
        return screens.updateScreen(scope(clientIdentifier), QueryParams.id("id", id), screenId, condition, body)
                .map(answer -> revised(RestResponse.Status.OK, answer));
    }

    /** Deletes a screen with its translations; a course keeps at least one screen. */
    @DELETE
    @Path("/course/{id}/screens/{screenId}")
    public Uni<RestResponse<ScreenDeleted>> deleteScreen(
            @PathParam("id") String id,
            @PathParam("screenId") String screenId,
            @QueryParam("clientIdentifier") String clientIdentifier,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch) {
        IfMatch condition = IfMatch.parse(ifMatch);
        return screens.deleteScreen(scope(clientIdentifier), QueryParams.id("id", id), screenId, condition)
                .map(answer -> revised(RestResponse.Status.OK, answer));
    }

    private static <T extends Revised> RestResponse<T> revised(RestResponse.Status status, T answer) {
        return RestResponse.ResponseBuilder.<T>create(status, answer)
                .header(HttpHeaders.ETAG, IfMatch.etag(answer.revision()))
                .build();
    }

    private CourseScope scope(String clientIdentifier) {
        return CourseScope.of(Callers.workspace(identity), clientIdentifier);
    }
}

package org.courseplatform.courses.player;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.QueryParams;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The spec's deprecated course URL routes ({@code POST /course/url}, {@code GET /course/view} and
 * {@code GET /course/edit}), which answer what {@code POST /v1/headless/embed/course} does. Only
 * translates HTTP; rules live in {@link EmbedService}.
 */
@Path("/v1/headless")
@Tag(name = "Course Resource") // listed, and named, with the course routes in the API reference
@RolesAllowed(Roles.BUILD)
public class CourseUrlResource {

    private final EmbedService embeds;
    private final SecurityIdentity identity;

    public CourseUrlResource(EmbedService embeds, SecurityIdentity identity) {
        this.embeds = embeds;
        this.identity = identity;
    }

    /**
     * Deprecated: the same URL as POST /v1/headless/embed/course, from the spec's body
     * ({@code action, id, identifier, clientIdentifier, themeId, name, avatar, options}).
     */
    @POST
    @Path("/course/url")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.TEXT_PLAIN)
    @Deprecated
    public Uni<String> embedUrl(@NotNull EmbedRequests.CourseUrl body) {
        return embeds.courseUrl(Callers.workspace(identity), body);
    }

    /**
     * Deprecated: {@code GET /course/view} and {@code GET /course/edit} answer the same URL as
     * POST /v1/headless/embed/course with that action. The course is the spec's {@code id}
     * ({@code courseId} is read as the same); an {@code edit} with one opens that course.
     */
    @GET
    @Path("/course/{action: view|edit}")
    @Produces(MediaType.TEXT_PLAIN)
    @Deprecated
    public Uni<String> actionUrl(
            @PathParam("action") String action,
            @QueryParam("id") String id,
            @QueryParam("courseId") String courseId,
            @QueryParam("identifier") String identifier,
            @QueryParam("clientIdentifier") String clientIdentifier,
            @QueryParam("flow") String flow,
            @QueryParam("back") String back,
            @QueryParam("colorPrimary") String colorPrimary,
            @QueryParam("language") String language,
            @QueryParam("translations") String translations,
            @QueryParam("brandVoice") String brandVoice,
            @QueryParam("legacy") String legacy,
            @QueryParam("themeId") String themeId,
            @QueryParam("parentOrigin") String parentOrigin) {
        Long course = QueryParams.optionalId("id", id);
        Long alias = QueryParams.optionalId("courseId", courseId);
        if (course != null && alias != null && !course.equals(alias)) {
            throw ApiException.invalid("id", "names another course than courseId: give only id");
        }
        return embeds.actionUrl(
                Callers.workspace(identity),
                new EmbedRequests.Course(
                        action,
                        course != null ? course : alias,
                        identifier,
                        clientIdentifier,
                        QueryParams.optionalId("themeId", themeId),
                        language,
                        back,
                        colorPrimary,
                        flow,
                        optionalBool("translations", translations),
                        brandVoice,
                        optionalBool("legacy", legacy),
                        parentOrigin,
                        null));
    }

    private static Boolean optionalBool(String name, String raw) {
        return raw == null ? null : QueryParams.bool(name, raw, false);
    }
}

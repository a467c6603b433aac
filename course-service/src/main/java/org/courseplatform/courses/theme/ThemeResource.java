package org.courseplatform.courses.theme;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.course.IfMatch;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.QueryParams;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/** Themes (Build and above) and applying one to a course. Only translates HTTP; rules live in {@link ThemeService}. */
@Path("/v1/headless")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class ThemeResource {

    private static final String PNG = "image/png";

    private final ThemeService service;
    private final ThemePreviews previews;
    private final SecurityIdentity identity;

    public ThemeResource(ThemeService service, ThemePreviews previews, SecurityIdentity identity) {
        this.service = service;
        this.previews = previews;
        this.identity = identity;
    }

    /** Built-in themes, then the scope's workspace themes; total in X-Total-Count. */
    @GET
    @Path("/themes")
    public Uni<RestResponse<List<ThemeView>>> list(
            @QueryParam("clientIdentifier") String clientIdentifier,
            @QueryParam("page") String page,
            @QueryParam("length") String length) {
        int pageNumber = QueryParams.digits("page", page, 0, 0, Integer.MAX_VALUE);
        int pageLength = QueryParams.digits("length", length, 100, 0, 1000);
        return service.list(scope(clientIdentifier), pageNumber, pageLength).map(p -> p.toResponse());
    }

    @GET
    @Path("/themes/{id}")
    public Uni<ThemeView> get(@PathParam("id") String id, @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.get(scope(clientIdentifier), QueryParams.id("id", id));
    }

    @POST
    @Path("/themes")
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(value = ThemeView.class, responseCode = "201", responseDescription = "The new theme")
    public Uni<ThemeView> create(@NotNull ThemeRequests.Create body) {
        return service.create(scope(null), body);
    }

    /** Changes any of name, colors (each colour), fonts (each font), cornerStyle; a built-in is 409. */
    @PATCH
    @Path("/themes/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<ThemeView> patch(
            @PathParam("id") String id,
            @QueryParam("clientIdentifier") String clientIdentifier,
            @NotNull ThemeRequests.Patch body) {
        return service.patch(scope(clientIdentifier), QueryParams.id("id", id), body);
    }

    /** 204; courses that named the theme show the default look. A built-in is 409. */
    @DELETE
    @Path("/themes/{id}")
    @ResponseStatus(RestResponse.StatusCode.NO_CONTENT)
    public Uni<Void> delete(@PathParam("id") String id, @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.delete(scope(clientIdentifier), QueryParams.id("id", id));
    }

    /**
     * The theme drawn as a mock screen (PNG). Its ETag is a hash of what it shows, so a client
     * revalidates cheaply ({@code If-None-Match}: 304); a built-in's never changes.
     */
    @GET
    @Path("/themes/{id}/preview.png")
    @Produces({PNG, MediaType.APPLICATION_JSON})
    public Uni<Response> preview(
            @PathParam("id") String id,
            @QueryParam("clientIdentifier") String clientIdentifier,
            @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch) {
        return service.find(scope(clientIdentifier), QueryParams.id("id", id)).chain(theme -> {
            String cacheControl = theme.builtIn() ? "private, max-age=86400" : "private, no-cache";
            String etag = ThemePreviews.etag(theme);
            if (ifNoneMatch != null
                    && List.of(ifNoneMatch.split(",")).stream()
                            .map(String::strip)
                            .anyMatch(tag -> tag.equals(etag) || tag.equals("*"))) {
                return Uni.createFrom()
                        .item(Response.notModified()
                                .tag(etag.substring(1, etag.length() - 1))
                                .header(HttpHeaders.CACHE_CONTROL, cacheControl)
                                .build());
            }
            return previews.of(theme)
                    .map(preview -> Response.ok(preview.png(), PNG)
                            .header(HttpHeaders.ETAG, preview.etag())
                            .header(HttpHeaders.CACHE_CONTROL, cacheControl)
                            .build());
        });
    }

    /**
     * Applies a theme to the course's draft ({@code themeId} null clears it): {@code {courseId,
     * themeId, revision}}, the new revision also as the ETag. {@code If-Match} is honoured (412).
     */
    @PUT
    @Path("/course/{id}/theme")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<RestResponse<ThemeService.Applied>> apply(
            @PathParam("id") String id,
            @QueryParam("clientIdentifier") String clientIdentifier,
            @HeaderParam(IfMatch.HEADER) List<String> ifMatch,
            @NotNull ThemeRequests.Apply body) {
        IfMatch precondition = IfMatch.parse(ifMatch);
        return service.apply(scope(clientIdentifier), QueryParams.id("id", id), body, precondition)
                .map(applied -> RestResponse.ResponseBuilder.ok(applied)
                        .header(HttpHeaders.ETAG, IfMatch.etag(applied.revision()))
                        .build());
    }

    private CourseScope scope(String clientIdentifier) {
        return CourseScope.of(Callers.workspace(identity), clientIdentifier);
    }
}

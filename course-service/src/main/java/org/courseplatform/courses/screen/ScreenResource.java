package org.courseplatform.courses.screen;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.layout.Layout;
import org.courseplatform.courses.layout.LayoutCatalog;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/** The layout catalogue and library screens (Build and above). */
@Path("/v1/headless")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class ScreenResource {

    private final LayoutCatalog layouts;
    private final ScreenService screens;
    private final SecurityIdentity identity;

    public ScreenResource(LayoutCatalog layouts, ScreenService screens, SecurityIdentity identity) {
        this.layouts = layouts;
        this.screens = screens;
        this.identity = identity;
    }

    /** Every layout as {@code {id, name, category, screenType}} only. */
    @GET
    @Path("/layouts")
    public List<Layout> layouts() {
        return layouts.all();
    }

    /** Creates a library screen from a layout (or blank by type) and answers {@code {id}}. */
    @POST
    @Path("/screen")
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponse(
            responseCode = "201",
            description = "The id of the new screen",
            content = @Content(schema = @Schema(type = SchemaType.OBJECT)))
    public Uni<Map<String, Long>> create(@Valid @NotNull ScreenRequest body) {
        return screens.create(CourseScope.of(Callers.workspace(identity), null), body)
                .map(id -> Map.of("id", id));
    }
}

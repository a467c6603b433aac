package org.courseplatform.courses.media;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.auth.WorkspaceCaller;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/** A medium fetched from a URL into the library (docs/media.md); the rules are in {@link MediaImports}. */
@Path("/v1/headless/media/from-url")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class MediaImportResource {

    private final MediaImports imports;
    private final SecurityIdentity identity;

    public MediaImportResource(MediaImports imports, SecurityIdentity identity) {
        this.imports = imports;
        this.identity = identity;
    }

    /** A medium fetched from a public URL by the service, checked and made ready as an upload. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(value = MediaViews.Media.class, responseCode = "201", responseDescription = "The medium, ready")
    @APIResponse(responseCode = "413", description = "Over the size limit of the kind")
    @APIResponse(responseCode = "415", description = "Not a file the library takes")
    @APIResponse(responseCode = "422", description = "The URL could not be fetched, or its content was refused")
    public Uni<MediaViews.Media> fromUrl(MediaImports.FromUrl body) {
        WorkspaceCaller caller = Callers.workspace(identity);
        return imports.fromUrl(
                CourseScope.of(caller, null),
                new MediaService.Caller(caller.workspaceId(), "key:" + caller.keyId()),
                body);
    }
}

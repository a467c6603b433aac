package org.courseplatform.scorm.pkg;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.ApiException;

/** Hosted SCORM packages (the scorm_hosting add-on). */
@Path("/v1/headless/scorm-package")
@RolesAllowed(Roles.SCORM_HOSTING)
@Produces(MediaType.APPLICATION_JSON)
public class ScormPackageResource {

    private final ScormPackageService service;
    private final SecurityIdentity identity;

    public ScormPackageResource(ScormPackageService service, SecurityIdentity identity) {
        this.service = service;
        this.identity = identity;
    }

    /** Where a package's processing stands: uploaded, processing, ready (with launch) or failed (with error). */
    @GET
    @Path("/{courseId}")
    public Uni<PackageStatus> status(@PathParam("courseId") String courseId) {
        if (!courseId.matches("[1-9][0-9]{0,17}")) {
            throw ApiException.notFound("No SCORM package for course " + courseId);
        }
        return service.status(Callers.workspace(identity).workspaceId(), Long.parseLong(courseId));
    }
}

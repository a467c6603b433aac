package org.courseplatform.scorm.pkg;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
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
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/** Hosted SCORM packages (the scorm_hosting add-on). Rules live in {@link ScormPackageService}. */
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

    /** Announces a zip: answers a presigned PUT URL (1 h) and the upload hash. */
    @POST
    @Path("/upload")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<PackageRequests.UploadTicket> upload(@Valid @NotNull PackageRequests.Upload body) {
        return service.announce(Callers.workspace(identity), body);
    }

    /** Makes the course of an uploaded zip and queues it for processing: 201 {courseId, status: uploaded}. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(
            value = PackageRequests.Created.class,
            responseCode = "201",
            responseDescription = "The course of the package, status uploaded")
    public Uni<PackageRequests.Created> create(@Valid @NotNull PackageRequests.Create body) {
        return service.create(Callers.workspace(identity), body);
    }

    /** Where a package's processing stands: uploaded, processing, ready (with launch) or failed (with error). */
    @GET
    @Path("/{courseId}")
    public Uni<PackageRequests.Status> status(
            @PathParam("courseId") String courseId, @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.status(Callers.workspace(identity).workspaceId(), id(courseId), clientIdentifier);
    }

    /** A short-lived URL of the original zip, byte for byte. */
    @GET
    @Path("/{courseId}/download")
    public Uni<PackageRequests.Download> download(
            @PathParam("courseId") String courseId, @QueryParam("clientIdentifier") String clientIdentifier) {
        return service.download(Callers.workspace(identity).workspaceId(), id(courseId), clientIdentifier);
    }

    static long id(String courseId) {
        if (!courseId.matches("[1-9][0-9]{0,17}")) {
            throw ApiException.notFound("No SCORM package for course " + courseId);
        }
        return Long.parseLong(courseId);
    }
}

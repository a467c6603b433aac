package org.courseplatform.courses.export;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.QueryParams;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponses;
import org.jboss.resteasy.reactive.RestMulti;

/**
 * SCORM export (Partner: the {@code scorm_export} feature). Only translates HTTP; rules in
 * {@link ScormExportService}. Refusals come before the first byte as the usual error answer; the
 * zip then streams (chunked) as it is written.
 */
@Path("/v1/headless/course/scorm")
@RolesAllowed(Roles.SCORM_EXPORT)
public class ScormExportResource {

    static final String ZIP = "application/zip";

    /** The export id of a dynamic package, on its download: what revoking it names. */
    static final String EXPORT_ID = "X-Scorm-Export-Id";

    /** The media a static package leaves remote (docs/scorm-export.md, "Media"). */
    static final String EXTERNAL_MEDIA = "X-Course-External-Media";

    private final ScormExportService service;
    private final SecurityIdentity identity;

    public ScormExportResource(ScormExportService service, SecurityIdentity identity) {
        this.service = service;
        this.identity = identity;
    }

    @GET
    @Path("/{id}")
    @Produces(ZIP)
    @Operation(
            summary = "Export a course as a SCORM package",
            description = "static: the published version and the player inside the package, reporting to the LMS; "
                    + "dynamic: a launcher that opens the live course for the LMS learner through a signed token. "
                    + "Classic and Builder 2 courses; see docs/scorm-export.md.")
    @APIResponses({
        @APIResponse(
                responseCode = "200",
                description = "The package, streamed; Content-Disposition names it "
                        + "<course key>-scorm<version>-<type>.zip; a dynamic package's export id is in "
                        + EXPORT_ID,
                content = @Content(mediaType = ZIP, schema = @Schema(type = SchemaType.STRING, format = "binary"))),
        @APIResponse(responseCode = "400", description = "type or version missing or not one of the values (details)"),
        @APIResponse(responseCode = "403", description = "The workspace lacks the scorm_export feature"),
        @APIResponse(responseCode = "404", description = "No such course visible to this key (or tenant)"),
        @APIResponse(responseCode = "409", description = "The course is deleted, or has never been published"),
        @APIResponse(
                responseCode = "422",
                description = "A hosted SCORM course (never re-exportable), or a Classic "
                        + "course with slides the player cannot show")
    })
    public Multi<byte[]> export(
            @PathParam("id") String id,
            @Parameter(description = "static or dynamic", required = true) @QueryParam("type") String type,
            @Parameter(description = "1.2 or 2004 (3rd Edition)", required = true) @QueryParam("version")
                    String version,
            @QueryParam("clientIdentifier") String clientIdentifier) {
        ExportOptions options = ExportOptions.parse(type, version);
        long courseId = QueryParams.id("id", id);
        CourseScope scope = CourseScope.of(Callers.workspace(identity), clientIdentifier);
        return RestMulti.fromUniResponse(
                service.export(scope, courseId, options),
                ScormExportService.Package::bytes,
                ScormExportResource::headers);
    }

    private static Map<String, List<String>> headers(ScormExportService.Package p) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        headers.put(HttpHeaders.CONTENT_TYPE, List.of(ZIP));
        headers.put("Content-Disposition", List.of("attachment; filename=\"" + p.fileName() + "\""));
        headers.put(HttpHeaders.CACHE_CONTROL, List.of("no-store"));
        if (p.exportId() != null) {
            headers.put(EXPORT_ID, List.of(p.exportId()));
        }
        if (!p.external().isEmpty()) {
            headers.put(EXTERNAL_MEDIA, List.of(PackageMedia.header(p.external())));
        }
        return headers;
    }

    @DELETE
    @Path("/{id}/exports/{exportId}")
    @Operation(
            summary = "Revoke a dynamic SCORM package",
            description = "Every later launch of the package (the exportId of its token, given in " + EXPORT_ID
                    + " on its download) is refused with 401 reason revoked; learners' records stay. "
                    + "For good: download and upload a new package to launch the course again. "
                    + "See docs/scorm-export.md.")
    @APIResponses({
        @APIResponse(responseCode = "204", description = "Revoked (again: no change)"),
        @APIResponse(responseCode = "400", description = "An id that is not a number"),
        @APIResponse(responseCode = "403", description = "The workspace lacks the scorm_export feature"),
        @APIResponse(
                responseCode = "404",
                description = "No such course visible to this key (or tenant), or no such package of it")
    })
    public Uni<Void> revoke(
            @PathParam("id") String id,
            @Parameter(description = "The export id of the package (24 hex digits)") @PathParam("exportId")
                    String exportId,
            @QueryParam("clientIdentifier") String clientIdentifier) {
        long courseId = QueryParams.id("id", id);
        return service.revoke(CourseScope.of(Callers.workspace(identity), clientIdentifier), courseId, exportId);
    }
}

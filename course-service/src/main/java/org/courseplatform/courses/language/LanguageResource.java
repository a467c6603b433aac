package org.courseplatform.courses.language;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.net.URI;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.QueryParams;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * Translation and narration jobs of a course (Build and above). Asking answers 202 with the
 * queued job and its {@code Location}; GET /v1/headless/jobs/{id} follows it. Rules in
 * {@link JobService} and {@link NarrationService}.
 */
@Path("/v1/headless")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class LanguageResource {

    private final JobService jobs;
    private final NarrationService narration;
    private final SecurityIdentity identity;

    public LanguageResource(JobService jobs, NarrationService narration, SecurityIdentity identity) {
        this.jobs = jobs;
        this.narration = narration;
        this.identity = identity;
    }

    @GET
    @Path("/jobs/{id}")
    public Uni<Job> job(@PathParam("id") String id, @QueryParam("clientIdentifier") String clientIdentifier) {
        return jobs.get(scope(clientIdentifier), QueryParams.id("id", id));
    }

    /** Queues a translation of the draft into {@code locale}. */
    @POST
    @Path("/course/{id}/translations")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(
            value = Job.class,
            responseCode = "202",
            responseDescription = "The queued job; Location is GET /v1/headless/jobs/{id}")
    @APIResponse(
            responseCode = "429",
            description = "The workspace already has language.worker.max-queued-per-workspace queued jobs; Retry-After")
    public Uni<RestResponse<Job>> translate(
            @PathParam("id") String id,
            @QueryParam("clientIdentifier") String clientIdentifier,
            LanguageRequests.Translate body) {
        return jobs.translate(scope(clientIdentifier), QueryParams.id("id", id), body)
                .map(LanguageResource::accepted);
    }

    /** Queues narration: scripts for the screens (default: all) and, unless {@code audio} is false, their audio. */
    @POST
    @Path("/course/{id}/narration")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(
            value = Job.class,
            responseCode = "202",
            responseDescription = "The queued job; Location is GET /v1/headless/jobs/{id}")
    @APIResponse(
            responseCode = "429",
            description = "The workspace already has language.worker.max-queued-per-workspace queued jobs; Retry-After")
    public Uni<RestResponse<Job>> narrate(
            @PathParam("id") String id,
            @QueryParam("clientIdentifier") String clientIdentifier,
            LanguageRequests.Narrate body) {
        return narration
                .narrate(scope(clientIdentifier), QueryParams.id("id", id), body)
                .map(LanguageResource::accepted);
    }

    /** Every screen's script, in document order, with its audio URL once it has audio. */
    @GET
    @Path("/course/{id}/narration")
    public Uni<NarrationService.Narration> narration(
            @PathParam("id") String id, @QueryParam("clientIdentifier") String clientIdentifier) {
        return narration.get(scope(clientIdentifier), QueryParams.id("id", id));
    }

    /** A person's script for one screen: kept by every later narration job; its audio is made again. */
    @PUT
    @Path("/course/{id}/narration/{screenId}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<NarrationService.Screen> script(
            @PathParam("id") String id,
            @PathParam("screenId") String screenId,
            @QueryParam("clientIdentifier") String clientIdentifier,
            LanguageRequests.Script body) {
        return narration.put(scope(clientIdentifier), QueryParams.id("id", id), screenId, body);
    }

    static RestResponse<Job> accepted(Job job) {
        return RestResponse.ResponseBuilder.<Job>create(RestResponse.Status.ACCEPTED, job)
                .location(URI.create("/v1/headless/jobs/" + job.id()))
                .build();
    }

    private CourseScope scope(String clientIdentifier) {
        return CourseScope.of(Callers.workspace(identity), clientIdentifier);
    }
}

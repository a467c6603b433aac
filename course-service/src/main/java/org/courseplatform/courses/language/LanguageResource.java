package org.courseplatform.courses.language;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
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
    private final SecurityIdentity identity;

    public LanguageResource(JobService jobs, SecurityIdentity identity) {
        this.jobs = jobs;
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
    public Uni<RestResponse<Job>> translate(@PathParam("id") String id,
            @QueryParam("clientIdentifier") String clientIdentifier, LanguageRequests.Translate body) {
        return jobs.translate(scope(clientIdentifier), QueryParams.id("id", id), body).map(LanguageResource::accepted);
    }

    static RestResponse<Job> accepted(Job job) {
        return RestResponse.ResponseBuilder.<Job>create(RestResponse.Status.ACCEPTED, job)
                .location(URI.create("/v1/headless/jobs/" + job.id())).build();
    }

    private CourseScope scope(String clientIdentifier) {
        return CourseScope.of(Callers.workspace(identity), clientIdentifier);
    }
}

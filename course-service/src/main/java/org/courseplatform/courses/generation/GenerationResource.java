package org.courseplatform.courses.generation;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.net.URI;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.course.CourseView;
import org.courseplatform.courses.language.Job;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * AI course generation (Build and above; docs/generation.md). 201 with the course when the job
 * finished within {@code generation.sync-wait}, else 202 with the job and its {@code Location}.
 * The deprecated route answers exactly as the current one: both call {@link #answer}.
 */
@Path("/v1/headless")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class GenerationResource {

    private final GenerationService service;
    private final SecurityIdentity identity;

    public GenerationResource(GenerationService service, SecurityIdentity identity) {
        this.service = service;
        this.identity = identity;
    }

    /** Generates a Builder 2 course (a draft) from a prompt. */
    @POST
    @Path("/generate/course")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(
            responseCode = "201",
            description = "The course, made within generation.sync-wait",
            content = @Content(schema = @Schema(implementation = CourseView.class)))
    @APIResponse(
            responseCode = "202",
            description = "The job still making it; follow Location (GET /v1/headless/jobs/{id})",
            content = @Content(schema = @Schema(implementation = Job.class)))
    @APIResponse(responseCode = "400", description = "A field is missing or invalid (details name each)")
    @APIResponse(
            responseCode = "429",
            description = "The workspace already has language.worker.max-queued-per-workspace queued jobs; Retry-After")
    @APIResponse(
            responseCode = "503",
            description = "The job failed within the wait; error.reason is its code, Location the job")
    public Uni<RestResponse<Object>> generate(@NotNull GenerationRequests.Generate body) {
        return answer(body);
    }

    /** Deprecated: the same as POST /v1/headless/generate/course. */
    @POST
    @Path("/course/generate")
    @Consumes(MediaType.APPLICATION_JSON)
    @Deprecated
    @Operation(
            deprecated = true,
            summary = "Deprecated: use POST /v1/headless/generate/course (same body, same answers)")
    @APIResponse(
            responseCode = "201",
            description = "The course, made within generation.sync-wait",
            content = @Content(schema = @Schema(implementation = CourseView.class)))
    @APIResponse(
            responseCode = "202",
            description = "The job still making it; follow Location (GET /v1/headless/jobs/{id})",
            content = @Content(schema = @Schema(implementation = Job.class)))
    @APIResponse(responseCode = "400", description = "A field is missing or invalid (details name each)")
    @APIResponse(
            responseCode = "429",
            description = "The workspace already has language.worker.max-queued-per-workspace queued jobs; Retry-After")
    @APIResponse(
            responseCode = "503",
            description = "The job failed within the wait; error.reason is its code, Location the job")
    public Uni<RestResponse<Object>> generateDeprecated(@NotNull GenerationRequests.Generate body) {
        return answer(body);
    }

    private Uni<RestResponse<Object>> answer(GenerationRequests.Generate body) {
        CourseScope scope = CourseScope.of(Callers.workspace(identity), null);
        return service.generate(scope, body).map(GenerationResource::response);
    }

    static RestResponse<Object> response(GenerationService.Outcome outcome) {
        if (outcome instanceof GenerationService.Created created) {
            return RestResponse.ResponseBuilder.<Object>create(RestResponse.Status.CREATED, created.course())
                    .location(URI.create(
                            "/v1/headless/courses/" + created.course().id()))
                    .build();
        }
        return RestResponse.ResponseBuilder.<Object>create(RestResponse.Status.ACCEPTED, outcome.job())
                .location(URI.create(GenerationService.location(outcome.job())))
                .build();
    }
}

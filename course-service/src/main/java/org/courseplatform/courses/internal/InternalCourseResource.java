package org.courseplatform.courses.internal;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Set;
import java.util.UUID;
import org.courseplatform.courses.course.CourseInternals;
import org.courseplatform.courses.course.CourseMigrations;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.course.CourseView;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.auth.ServiceCaller;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.QueryParams;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * Course records for scorm-service and migration-service, called with a service token. Never
 * routed by the ingress. Every call names the workspace; a course of another workspace is 404.
 */
@Path("/internal/v1/courses")
@RolesAllowed(Roles.SERVICE)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class InternalCourseResource {

    /**
     * The services this API is for. agent-gateway may also send service tokens to course-service,
     * but only to act for agents on the public API; a plain service token of it is refused here.
     */
    static final Set<String> CALLERS = Set.of("scorm-service", "migration-service");

    private final CourseInternals internals;
    private final CourseMigrations migrations;
    private final SecurityIdentity identity;

    public InternalCourseResource(CourseInternals internals, CourseMigrations migrations, SecurityIdentity identity) {
        this.internals = internals;
        this.migrations = migrations;
        this.identity = identity;
    }

    /**
     * What migration-service sends to migrate one course; {@code requestId} makes a repeat answer
     * the first result. {@code restricted} (an agent's call) limits it to the tenant
     * {@code clientIdentifier}, the workspace-default tenant when that is null; a
     * {@code clientIdentifier} alone limits it to that tenant; neither: any tenant of the workspace.
     */
    public record Migrate(
            @NotNull @Positive Long workspaceId,
            UUID requestId,
            Boolean testMode,
            Boolean restricted,
            @Size(min = 1, max = 255) String clientIdentifier) {

        CourseScope scope() {
            boolean anyTenant = !Boolean.TRUE.equals(restricted) && clientIdentifier == null;
            return new CourseScope(workspaceId, clientIdentifier, anyTenant, Boolean.TRUE.equals(testMode));
        }
    }

    /** Creates the course of a hosted SCORM package ({@code type: scorm}, no document). */
    @POST
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(
            value = CourseView.class,
            responseCode = "201",
            responseDescription = "The course of the package")
    public Uni<CourseView> create(@Valid @NotNull CourseInternals.CreateScorm body) {
        checkCaller();
        return internals.createScorm(body);
    }

    @PUT
    @Path("/{id}/title")
    public Uni<CourseView> title(@PathParam("id") String id, @Valid @NotNull CourseInternals.Title body) {
        checkCaller();
        return internals.setTitle(QueryParams.id("id", id), body);
    }

    /** The course with its draft document and revision. */
    @GET
    @Path("/{id}")
    public Uni<CourseInternals.Draft> get(@PathParam("id") String id, @QueryParam("workspaceId") String workspaceId) {
        checkCaller();
        return internals.draft(QueryParams.id("workspaceId", workspaceId), QueryParams.id("id", id));
    }

    /**
     * Migrates the course's draft to Builder 2 in one transaction (SPEC.md course migration
     * rules 1–4): 200 with the result; 404 for a course of another workspace (or outside the
     * tenant the call is restricted to), 409 when deleted,
     * 422 for a hosted SCORM course.
     */
    @POST
    @Path("/{id}/migrate")
    public Uni<CourseMigrations.Outcome> migrate(@PathParam("id") String id, @Valid @NotNull Migrate body) {
        checkCaller();
        return migrations.migrate(body.scope(), QueryParams.id("id", id), body.requestId());
    }

    /** Replaces the draft atomically if {@code revision} is still current (409 otherwise); the format may change. */
    @PUT
    @Path("/{id}/draft")
    public Uni<CourseInternals.Draft> replace(
            @PathParam("id") String id, @Valid @NotNull CourseInternals.Replace body) {
        checkCaller();
        return internals.replaceDraft(QueryParams.id("id", id), body);
    }

    private void checkCaller() {
        if (!(identity.getPrincipal() instanceof ServiceCaller caller) || !CALLERS.contains(caller.service())) {
            throw ApiException.forbidden("The internal course API is for "
                    + String.join(" and ", CALLERS.stream().sorted().toList()));
        }
    }
}

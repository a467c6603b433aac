package org.courseplatform.migrations.migration;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;
import org.courseplatform.migrations.batch.BatchService;
import org.courseplatform.migrations.batch.BatchView;
import org.courseplatform.migrations.course.CourseScope;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.events.Idempotent;
import org.courseplatform.platform.events.IdempotentRequests;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.QueryParams;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * Classic to Builder 2 migration of the caller's workspace's courses (API authoring access:
 * Build and above). Only translates HTTP; the rules are in {@link MigrationService}.
 */
@Path("/v1/headless")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class MigrationResource {

    private final MigrationService migrations;
    private final BatchService batches;
    private final SecurityIdentity identity;

    public MigrationResource(MigrationService migrations, BatchService batches, SecurityIdentity identity) {
        this.migrations = migrations;
        this.batches = batches;
        this.identity = identity;
    }

    /** One unique course: 200 with its result. Two or more: 202 with the new batch. */
    @Idempotent
    @POST
    @Path("/course-migrations")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(
            responseCode = "200",
            description = "One unique course: its result",
            content = @Content(schema = @Schema(implementation = MigrationResult.class)))
    @APIResponse(
            responseCode = "202",
            description = "Two or more: the new batch",
            content = @Content(schema = @Schema(implementation = BatchView.class)))
    public Uni<RestResponse<Object>> migrate(
            @NotNull MigrationRequest body,
            @Parameter(
                            in = ParameterIn.HEADER,
                            description = IdempotentRequests.HEADER_DESCRIPTION,
                            schema = @Schema(type = SchemaType.STRING, maxLength = 255))
                    @RestHeader(IdempotentRequests.HEADER)
                    String idempotencyKey) {
        var caller = Callers.workspace(identity);
        return migrations
                .migrate(caller, CourseIds.parse(body.courseIds()), idempotencyKey)
                .map(answer -> answer.single() != null
                        ? RestResponse.ok(answer.single())
                        : RestResponse.status(RestResponse.Status.ACCEPTED, answer.batch()));
    }

    /** The same operation and result for one course; any body (a legacy {@code notifyEmail}) is ignored. */
    @POST
    @Path("/course/{id}/migrate")
    @Consumes(MediaType.WILDCARD)
    public Uni<MigrationResult> migrateOne(@PathParam("id") String id) {
        return migrations.migrateOne(Callers.workspace(identity), QueryParams.id("id", id));
    }

    /** A batch from a 202 answer; any other id, well-formed or not, is 404. */
    @GET
    @Path("/course-migrations/{id}")
    public Uni<BatchView> get(@PathParam("id") String id) {
        UUID batchId;
        try {
            batchId = UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw ApiException.notFound("Migration batch " + id + " not found");
        }
        return batches.get(CourseScope.of(Callers.workspace(identity)), batchId);
    }
}

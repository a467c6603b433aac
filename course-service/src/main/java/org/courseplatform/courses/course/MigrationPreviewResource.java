package org.courseplatform.courses.course;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.QueryParams;

/**
 * Migration preview (API.md): try a Classic course as Builder 2 and go back if it does not look
 * right. Migrating the course (migration-service) commits the preview. Rules in {@link CourseMigrations}.
 */
@Path("/v1/headless/course/{id}/migration-preview")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class MigrationPreviewResource {

    private final CourseMigrations migrations;
    private final SecurityIdentity identity;

    public MigrationPreviewResource(CourseMigrations migrations, SecurityIdentity identity) {
        this.migrations = migrations;
        this.identity = identity;
    }

    /** Converts the draft and keeps the Classic document aside; answers the migration result and {@code preview}. */
    @POST
    public Uni<CourseMigrations.Preview> start(
            @PathParam("id") String id, @QueryParam("clientIdentifier") String clientIdentifier) {
        return migrations.startPreview(
                CourseScope.of(Callers.workspace(identity), clientIdentifier), QueryParams.id("id", id));
    }

    /** Restores the Classic draft; 409 when the course is not in preview. Answers the course. */
    @DELETE
    public Uni<CourseView> discard(
            @PathParam("id") String id, @QueryParam("clientIdentifier") String clientIdentifier) {
        return migrations.discardPreview(
                CourseScope.of(Callers.workspace(identity), clientIdentifier), QueryParams.id("id", id));
    }
}

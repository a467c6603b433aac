package org.courseplatform.migrations.batch;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.ApiException;

/** Migration batches of the caller's workspace (API authoring access: Build and above). */
@Path("/v1/headless/course-migrations")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class BatchResource {

    private final BatchService service;
    private final SecurityIdentity identity;

    public BatchResource(BatchService service, SecurityIdentity identity) {
        this.service = service;
        this.identity = identity;
    }

    /** A batch from a 202 answer; any other id, well-formed or not, is 404. */
    @GET
    @Path("/{id}")
    public Uni<BatchView> get(@PathParam("id") String id) {
        UUID batchId;
        try {
            batchId = UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw ApiException.notFound("Migration batch " + id + " not found");
        }
        return service.get(Callers.workspace(identity).workspaceId(), batchId);
    }
}

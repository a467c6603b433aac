package org.courseplatform.agent.courses;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.jboss.resteasy.reactive.RestResponse;

/** migration-service's one-course migration, called for an agent with a delegated service token. */
@RegisterRestClient(configKey = "migrations")
@Path("/v1/headless")
@Produces(MediaType.APPLICATION_JSON)
public interface MigrationApi {

    @POST
    @Path("/course/{id}/migrate")
    Uni<RestResponse<JsonNode>> migrate(@HeaderParam("Authorization") String auth, @PathParam("id") long id);
}

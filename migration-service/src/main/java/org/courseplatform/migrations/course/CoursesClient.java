package org.courseplatform.migrations.course;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.rest.client.reactive.ClientExceptionMapper;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import java.util.UUID;
import org.courseplatform.platform.auth.ServiceTokenHeaders;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** course-service's internal course API, called with a service token. */
@RegisterRestClient(configKey = "courses")
@Path("/internal/v1/courses")
@RegisterClientHeaders(ServiceTokenHeaders.CourseService.class)
public interface CoursesClient {

    /** Migrates one course in one course-service transaction; a repeated {@code requestId} answers the first result. */
    @POST
    @Path("/{id}/migrate")
    Uni<CourseOutcome> migrate(@PathParam("id") long id, MigrateRequest request);

    /**
     * {@code restricted} and {@code clientIdentifier} are sent only for an agent's call (null
     * fields are left out), limiting it to the agent's tenant.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record MigrateRequest(
            long workspaceId, UUID requestId, boolean testMode, Boolean restricted, String clientIdentifier) {

        static MigrateRequest of(CourseScope scope, UUID requestId) {
            return new MigrateRequest(
                    scope.workspaceId(),
                    requestId,
                    scope.testMode(),
                    scope.restricted() ? true : null,
                    scope.clientIdentifier());
        }
    }

    /** An error answer of course-service, with its status and the message of its error body. */
    @ClientExceptionMapper
    static RuntimeException toException(Response response) {
        String message = "course-service answered " + response.getStatus();
        try {
            JsonNode body = new ObjectMapper().readTree(response.readEntity(String.class));
            if (body != null && body.path("message").isTextual()) {
                message = body.path("message").asText();
            }
        } catch (Exception e) {
            // keep the status-only message
        }
        return new CourseCallException(response.getStatus(), message);
    }
}

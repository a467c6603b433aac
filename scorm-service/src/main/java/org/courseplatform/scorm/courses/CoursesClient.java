package org.courseplatform.scorm.courses;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.courseplatform.platform.auth.ServiceTokenHeaders;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** course-service's internal course API, called with a service token. */
@RegisterRestClient(configKey = "courses")
@Path("/internal/v1/courses")
@RegisterClientHeaders(ServiceTokenHeaders.CourseService.class)
public interface CoursesClient {

    @POST
    Uni<Course> create(CreateScorm request);

    @PUT
    @Path("/{id}/title")
    Uni<Course> title(@PathParam("id") long id, Title request);

    /** {@code uploadHash}: course-service makes one course per upload, however often it is asked. */
    record CreateScorm(
            long workspaceId,
            String clientIdentifier,
            String identifier,
            String title,
            boolean testMode,
            String uploadHash) {}

    record Title(long workspaceId, String title) {}

    /** The fields of course-service's course answer this service uses; the rest is ignored. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Course(long id, String type, String title, String key, String identifier, String clientIdentifier) {}
}

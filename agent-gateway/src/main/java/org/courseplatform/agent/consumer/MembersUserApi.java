package org.courseplatform.agent.consumer;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import java.util.List;
import org.courseplatform.platform.auth.ServiceTokenHeaders;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** members-service's internal user API, called with agent-gateway's service token. */
@RegisterRestClient(configKey = "members")
@Path("/internal/v1/users/{userId}")
@RegisterClientHeaders(ServiceTokenHeaders.MembersService.class)
public interface MembersUserApi {

    @GET
    @Path("/memberships")
    Uni<List<Membership>> memberships(@PathParam("userId") long userId);

    @GET
    @Path("/courses")
    Uni<List<EnrolledCourse>> courses(@PathParam("userId") long userId, @QueryParam("workspaceId") long workspaceId);

    /** Has Keycloak mail the user a link to set a password of their own. */
    @POST
    @Path("/password-link")
    Uni<PasswordLink> passwordLink(@PathParam("userId") long userId);

    /** {@code outcome}: {@code sent}, {@code recently_sent} or {@code unavailable}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record PasswordLink(String outcome) {}

    /** One membership of the user (members-service's answer). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Membership(
            long workspaceId,
            long memberId,
            String email,
            String userType,
            String status,
            String plan,
            List<String> addons,
            List<String> features,
            Long passwordWorkspaceId) {

        boolean active() {
            return "active".equals(status);
        }
    }

    /** A course the member is enrolled in, directly ({@code groupId} null) or through a group. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record EnrolledCourse(long courseId, String title, String clientIdentifier, Long groupId, String role) {}
}

package org.courseplatform.agent.courses;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * course-service's public course API, called for an agent with a delegated service token
 * ({@code Authorization}): course-service applies its own tenancy rules to the agent's tenant.
 */
@RegisterRestClient(configKey = "courses")
@Path("/v1/headless")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface CourseApi {

    @GET
    @Path("/courses")
    Uni<RestResponse<JsonNode>> list(
            @HeaderParam("Authorization") String auth,
            @QueryParam("identifier") String owner,
            @QueryParam("title") String title,
            @QueryParam("deleted") Boolean deleted,
            @QueryParam("page") Integer page,
            @QueryParam("length") Integer length);

    @GET
    @Path("/courses/{id}")
    Uni<RestResponse<JsonNode>> get(@HeaderParam("Authorization") String auth, @PathParam("id") long id);

    @POST
    @Path("/courses")
    Uni<RestResponse<JsonNode>> create(@HeaderParam("Authorization") String auth, JsonNode body);

    @GET
    @Path("/course/content/{id}")
    Uni<RestResponse<JsonNode>> content(@HeaderParam("Authorization") String auth, @PathParam("id") long id);

    @GET
    @Path("/course/{id}/content")
    Uni<RestResponse<JsonNode>> document(@HeaderParam("Authorization") String auth, @PathParam("id") long id);

    @POST
    @Path("/course/{id}/{action}")
    Uni<RestResponse<JsonNode>> act(
            @HeaderParam("Authorization") String auth,
            @PathParam("id") long id,
            @PathParam("action") String action,
            JsonNode body);

    @DELETE
    @Path("/course/{id}")
    Uni<RestResponse<JsonNode>> delete(@HeaderParam("Authorization") String auth, @PathParam("id") long id);

    @GET
    @Path("/layouts")
    Uni<RestResponse<JsonNode>> layouts(@HeaderParam("Authorization") String auth);

    @POST
    @Path("/course/{id}/screens")
    Uni<RestResponse<JsonNode>> createScreens(
            @HeaderParam("Authorization") String auth,
            @HeaderParam("If-Match") String ifMatch,
            @PathParam("id") long id,
            JsonNode body);

    @POST
    @Path("/course/{id}/screens/{screenId}/elements")
    Uni<RestResponse<JsonNode>> addElement(
            @HeaderParam("Authorization") String auth,
            @HeaderParam("If-Match") String ifMatch,
            @PathParam("id") long id,
            @PathParam("screenId") String screenId,
            JsonNode body);

    @PATCH
    @Path("/course/{id}/screens/{screenId}")
    Uni<RestResponse<JsonNode>> updateScreen(
            @HeaderParam("Authorization") String auth,
            @HeaderParam("If-Match") String ifMatch,
            @PathParam("id") long id,
            @PathParam("screenId") String screenId,
            JsonNode body);

    @DELETE
    @Path("/course/{id}/screens/{screenId}")
    Uni<RestResponse<JsonNode>> deleteScreen(
            @HeaderParam("Authorization") String auth,
            @HeaderParam("If-Match") String ifMatch,
            @PathParam("id") long id,
            @PathParam("screenId") String screenId);

    /** The learners' tracking records of a course, those of one learner when {@code identifier} is given. */
    @GET
    @Path("/course/{id}/tracking")
    Uni<RestResponse<JsonNode>> tracking(
            @HeaderParam("Authorization") String auth,
            @PathParam("id") long id,
            @QueryParam("identifier") String identifier,
            @QueryParam("page") Integer page,
            @QueryParam("length") Integer length);
}

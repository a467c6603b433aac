package org.courseplatform.agent.courses;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * course-service's public API for the enrich, share, organise and measure features (themes, brand
 * voice, share links, collections, folders, analytics, the media library), called for an agent with a delegated
 * service token: course-service applies its tenancy rules to the agent's tenant.
 */
@RegisterRestClient(configKey = "courses")
@Path("/v1/headless")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface FeatureApi {

    @GET
    @Path("/themes")
    Uni<RestResponse<JsonNode>> themes(
            @HeaderParam("Authorization") String auth,
            @QueryParam("page") Integer page,
            @QueryParam("length") Integer length);

    @PUT
    @Path("/course/{id}/theme")
    Uni<RestResponse<JsonNode>> applyTheme(
            @HeaderParam("Authorization") String auth,
            @HeaderParam("If-Match") String ifMatch,
            @PathParam("id") long id,
            JsonNode body);

    @GET
    @Path("/brand-voice")
    Uni<RestResponse<JsonNode>> brandVoice(@HeaderParam("Authorization") String auth);

    @PUT
    @Path("/brand-voice")
    Uni<RestResponse<JsonNode>> setBrandVoice(@HeaderParam("Authorization") String auth, JsonNode body);

    @POST
    @Path("/course/{id}/share-links")
    Uni<RestResponse<JsonNode>> createShareLink(
            @HeaderParam("Authorization") String auth, @PathParam("id") long id, JsonNode body);

    @GET
    @Path("/collections")
    Uni<RestResponse<JsonNode>> collections(
            @HeaderParam("Authorization") String auth,
            @QueryParam("page") Integer page,
            @QueryParam("length") Integer length);

    @GET
    @Path("/collections/{id}")
    Uni<RestResponse<JsonNode>> collection(@HeaderParam("Authorization") String auth, @PathParam("id") long id);

    @POST
    @Path("/collections")
    Uni<RestResponse<JsonNode>> createCollection(@HeaderParam("Authorization") String auth, JsonNode body);

    @POST
    @Path("/collections/{id}/courses")
    Uni<RestResponse<JsonNode>> addToCollection(
            @HeaderParam("Authorization") String auth, @PathParam("id") long id, JsonNode body);

    @GET
    @Path("/folders")
    Uni<RestResponse<JsonNode>> folders(
            @HeaderParam("Authorization") String auth,
            @QueryParam("parentId") Long parentId,
            @QueryParam("page") Integer page,
            @QueryParam("length") Integer length);

    @GET
    @Path("/folders/{id}")
    Uni<RestResponse<JsonNode>> folder(@HeaderParam("Authorization") String auth, @PathParam("id") long id);

    @POST
    @Path("/folders")
    Uni<RestResponse<JsonNode>> createFolder(@HeaderParam("Authorization") String auth, JsonNode body);

    @PUT
    @Path("/course/{id}/folder")
    Uni<RestResponse<JsonNode>> moveToFolder(
            @HeaderParam("Authorization") String auth, @PathParam("id") long id, JsonNode body);

    @GET
    @Path("/course/{id}/analytics")
    Uni<RestResponse<JsonNode>> analytics(
            @HeaderParam("Authorization") String auth,
            @PathParam("id") long id,
            @QueryParam("from") String from,
            @QueryParam("to") String to);

    @POST
    @Path("/course/{id}/translations")
    Uni<RestResponse<JsonNode>> translate(
            @HeaderParam("Authorization") String auth, @PathParam("id") long id, JsonNode body);

    @POST
    @Path("/course/{id}/narration")
    Uni<RestResponse<JsonNode>> narrate(
            @HeaderParam("Authorization") String auth, @PathParam("id") long id, JsonNode body);

    @GET
    @Path("/jobs/{id}")
    Uni<RestResponse<JsonNode>> job(@HeaderParam("Authorization") String auth, @PathParam("id") long id);

    @GET
    @Path("/media")
    Uni<RestResponse<JsonNode>> media(
            @HeaderParam("Authorization") String auth,
            @QueryParam("search") String search,
            @QueryParam("kind") String kind,
            @QueryParam("page") Integer page,
            @QueryParam("length") Integer length);

    @POST
    @Path("/media/from-url")
    Uni<RestResponse<JsonNode>> addMediaFromUrl(@HeaderParam("Authorization") String auth, JsonNode body);
}

package org.courseplatform.members.keycloak;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;

/** The few calls of Keycloak's token endpoint and admin REST API that provisioning needs. */
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public interface KeycloakApi {

    @POST
    @Path("realms/{realm}/protocol/openid-connect/token")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    Uni<Token> token(
            @PathParam("realm") String realm,
            @FormParam("grant_type") String grantType,
            @FormParam("client_id") String clientId,
            @FormParam("client_secret") String clientSecret);

    @GET
    @Path("admin/realms/{realm}/users")
    Uni<List<User>> byUsername(
            @HeaderParam("Authorization") String auth,
            @PathParam("realm") String realm,
            @QueryParam("username") String username,
            @QueryParam("exact") boolean exact);

    @POST
    @Path("admin/realms/{realm}/users")
    @Consumes(MediaType.APPLICATION_JSON)
    Uni<Void> create(@HeaderParam("Authorization") String auth, @PathParam("realm") String realm, User user);

    @PUT
    @Path("admin/realms/{realm}/users/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    Uni<Void> update(
            @HeaderParam("Authorization") String auth,
            @PathParam("realm") String realm,
            @PathParam("id") String id,
            User user);

    /**
     * Mails the user a link that runs these required actions; following it also marks the email
     * verified (the link proved the mailbox).
     */
    @PUT
    @Path("admin/realms/{realm}/users/{id}/execute-actions-email")
    @Consumes(MediaType.APPLICATION_JSON)
    Uni<Void> executeActionsEmail(
            @HeaderParam("Authorization") String auth,
            @PathParam("realm") String realm,
            @PathParam("id") String id,
            @QueryParam("lifespan") int lifespanSeconds,
            List<String> actions);

    /** Ends the user's sessions (and so their refresh tokens). */
    @POST
    @Path("admin/realms/{realm}/users/{id}/logout")
    Uni<Void> logout(
            @HeaderParam("Authorization") String auth, @PathParam("realm") String realm, @PathParam("id") String id);

    @DELETE
    @Path("admin/realms/{realm}/users/{id}")
    Uni<Void> delete(
            @HeaderParam("Authorization") String auth, @PathParam("realm") String realm, @PathParam("id") String id);

    @GET
    @Path("admin/realms/{realm}/clients")
    Uni<List<Client>> clients(
            @HeaderParam("Authorization") String auth,
            @PathParam("realm") String realm,
            @QueryParam("first") int first,
            @QueryParam("max") int max);

    @GET
    @Path("admin/realms/{realm}/clients/{id}/session-count")
    Uni<Count> sessionCount(
            @HeaderParam("Authorization") String auth, @PathParam("realm") String realm, @PathParam("id") String id);

    @GET
    @Path("admin/realms/{realm}/clients/{id}/offline-session-count")
    Uni<Count> offlineSessionCount(
            @HeaderParam("Authorization") String auth, @PathParam("realm") String realm, @PathParam("id") String id);

    @DELETE
    @Path("admin/realms/{realm}/clients/{id}")
    Uni<Void> deleteClient(
            @HeaderParam("Authorization") String auth, @PathParam("realm") String realm, @PathParam("id") String id);

    /** A ClientRepresentation: its internal id and its client id. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Client(String id, String clientId) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Count(long count) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Token(
            @JsonProperty("access_token") String accessToken,
            @JsonProperty("expires_in") long expiresIn) {}

    /** A Keycloak UserRepresentation (the fields provisioning sets). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record User(
            String id,
            String username,
            String email,
            Boolean emailVerified,
            Boolean enabled,
            String firstName,
            String lastName,
            Map<String, List<String>> attributes,
            List<Credential> credentials) {}

    /** A CredentialRepresentation of an imported hash: {@code credentialData}, {@code secretData} are JSON strings. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Credential(String type, String credentialData, String secretData, Boolean temporary) {}
}

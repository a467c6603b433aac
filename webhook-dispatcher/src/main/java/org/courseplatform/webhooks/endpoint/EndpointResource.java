package org.courseplatform.webhooks.endpoint;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.JsonBodies;
import org.courseplatform.platform.web.QueryParams;
import org.courseplatform.webhooks.delivery.DeliveryService;
import org.courseplatform.webhooks.delivery.DeliveryView;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/** Webhook endpoints of the caller's workspace and their deliveries (Build and above). Rules live in the services. */
@Path("/v1/headless/webhooks")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class EndpointResource {

    private static final Set<String> STATUSES = Set.of("pending", "succeeded", "failed");

    private final EndpointService service;
    private final DeliveryService deliveries;
    private final SecurityIdentity identity;
    private final JsonBodies bodies;

    public EndpointResource(
            EndpointService service, DeliveryService deliveries, SecurityIdentity identity, JsonBodies bodies) {
        this.service = service;
        this.deliveries = deliveries;
        this.identity = identity;
        this.bodies = bodies;
    }

    /** Lists the endpoints, oldest first, without their secrets. */
    @GET
    public Uni<RestResponse<List<EndpointView>>> list() {
        return service.list(workspace()).map(p -> p.toResponse());
    }

    /** Creates an endpoint; the answer carries the signing secret, which is never shown again. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(
            value = EndpointView.Created.class,
            responseCode = "201",
            responseDescription = "The new endpoint with its signing secret, shown only here")
    public Uni<EndpointView.Created> create(@Valid @NotNull EndpointRequests.Create body) {
        return service.create(workspace(), body);
    }

    @GET
    @Path("/{id}")
    public Uni<EndpointView> get(@PathParam("id") String id) {
        return service.get(workspace(), QueryParams.id("id", id));
    }

    /** Changes any of url, events, enabled, description. Disabling holds pending deliveries until enabled again. */
    @PATCH
    @Path("/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<EndpointView> update(@PathParam("id") String id, @Valid @NotNull EndpointRequests.Update body) {
        return service.update(workspace(), QueryParams.id("id", id), body);
    }

    @DELETE
    @Path("/{id}")
    @ResponseStatus(RestResponse.StatusCode.NO_CONTENT)
    public Uni<Void> delete(@PathParam("id") String id) {
        return service.delete(workspace(), QueryParams.id("id", id));
    }

    /** Queues a test delivery ({@code testMode: true}, {@code data.test: true}); the body {@code {event?}} is optional. */
    @POST
    @Path("/{id}/test")
    @Consumes(MediaType.WILDCARD)
    @ResponseStatus(RestResponse.StatusCode.ACCEPTED)
    @APIResponseSchema(value = Queued.class, responseCode = "202", responseDescription = "The queued test delivery")
    public Uni<Queued> test(@PathParam("id") String id, String body) {
        long endpointId = QueryParams.id("id", id);
        EndpointRequests.Test request =
                bodies.optional(body, EndpointRequests.Test.class, new EndpointRequests.Test(null));
        long workspace = workspace();
        return service.test(workspace, endpointId, request.event()).map(Queued::new);
    }

    /** The endpoint's deliveries, newest first; {@code status}, {@code page} (from 0), {@code length} (default 100, at most 1000). */
    @GET
    @Path("/{id}/deliveries")
    public Uni<RestResponse<List<DeliveryView>>> deliveries(
            @PathParam("id") String id,
            @QueryParam("status") String status,
            @QueryParam("page") String page,
            @QueryParam("length") String length) {
        long endpointId = QueryParams.id("id", id);
        String wanted = QueryParams.oneOf("status", status, null, STATUSES);
        int pageNumber = QueryParams.digits("page", page, 0, 0, Integer.MAX_VALUE);
        int pageLength = QueryParams.digits("length", length, 100, 0, 1000);
        long workspace = workspace();
        return service.find(workspace, endpointId)
                .chain(endpoint -> deliveries.log(endpoint.id, wanted, pageNumber, pageLength))
                .map(p -> p.toResponse());
    }

    /** Sends a delivery again now: same delivery id, same body. */
    @POST
    @Path("/deliveries/{deliveryId}/replay")
    @Consumes(MediaType.WILDCARD)
    @ResponseStatus(RestResponse.StatusCode.ACCEPTED)
    @APIResponseSchema(value = Queued.class, responseCode = "202", responseDescription = "The delivery, queued again")
    public Uni<Queued> replay(@PathParam("deliveryId") String deliveryId) {
        return deliveries.replay(workspace(), deliveryId).map(Queued::new);
    }

    private long workspace() {
        return Callers.workspace(identity).workspaceId();
    }

    /** The answer of a queued test delivery or replay. */
    public record Queued(UUID deliveryId) {}
}

package org.courseplatform.courses.share;

import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import org.courseplatform.platform.auth.ClientAddresses;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The share page's exchange: no API key, the link's code is the credential. Bounded per client
 * address and per instance ({@link ShareLimiter}); rules in {@link ShareService}.
 */
@Path("/v1/headless/player/share-sessions")
@PermitAll
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ShareSessionResource {

    private final ShareService service;
    private final ShareLimiter limiter;
    private final ClientAddresses addresses;

    public ShareSessionResource(ShareService service, ShareLimiter limiter, ClientAddresses addresses) {
        this.service = service;
        this.limiter = limiter;
        this.addresses = addresses;
    }

    @POST
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(
            value = ShareViews.Opened.class,
            responseCode = "201",
            responseDescription = "The learner session the link opens")
    public Uni<ShareViews.Opened> exchange(@Context RoutingContext request, ShareRequests.Exchange body) {
        limiter.acquire(addresses.of(request));
        return service.exchange(body);
    }
}

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
 * The share page's exchange: no API key, the link's code is the credential. Refused codes are
 * bounded per client address, good ones per instance ({@link ShareLimiter}); rules in
 * {@link ShareService}.
 */
@Path("/v1/headless/player/share-sessions")
@PermitAll
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ShareSessionResource {

    private final ShareService service;
    private final ClientAddresses addresses;

    public ShareSessionResource(ShareService service, ClientAddresses addresses) {
        this.service = service;
        this.addresses = addresses;
    }

    @POST
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(
            value = ShareViews.Opened.class,
            responseCode = "201",
            responseDescription = "The learner session the link opens")
    public Uni<ShareViews.Opened> exchange(@Context RoutingContext request, ShareRequests.Exchange body) {
        return service.exchange(body, addresses.of(request));
    }
}

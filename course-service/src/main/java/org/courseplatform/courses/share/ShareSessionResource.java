package org.courseplatform.courses.share;

import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
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

    public ShareSessionResource(ShareService service, ShareLimiter limiter) {
        this.service = service;
        this.limiter = limiter;
    }

    @POST
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    public Uni<ShareViews.Opened> exchange(@Context HttpServerRequest request, ShareRequests.Exchange body) {
        limiter.acquire(clientAddress(request));
        return service.exchange(body);
    }

    /**
     * The address the ingress saw: the last entry of {@code X-Forwarded-For} (the ingress appends
     * it; entries before it come from the client and are not trusted), else the peer's address.
     */
    static String clientAddress(HttpServerRequest request) {
        String forwarded = request.getHeader("X-Forwarded-For");
        if (forwarded != null && !forwarded.isBlank()) {
            String last = forwarded.substring(forwarded.lastIndexOf(',') + 1).strip();
            if (!last.isEmpty() && last.length() <= 64) {
                return last;
            }
        }
        return request.remoteAddress() == null ? "" : request.remoteAddress().hostAddress();
    }
}

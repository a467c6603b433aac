package org.courseplatform.platform.events;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ResourceInfo;
import java.util.Set;
import org.courseplatform.platform.web.ApiException;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * An {@code Idempotency-Key} is honoured or refused, never ignored: a POST or PATCH that carries
 * one to an operation without {@link Idempotent} is refused with 400 before it runs, so a client
 * (or the ingress, which resends keyed requests to another replica) can never take a key as a
 * promise the operation does not keep. PUT, DELETE and reads are idempotent by themselves and
 * ignore it.
 */
public class IdempotencyFilters {

    private static final Set<String> UNSAFE = Set.of(HttpMethod.POST, HttpMethod.PATCH);

    @ServerRequestFilter
    public void refuseUnhonouredKeys(ContainerRequestContext request, ResourceInfo resource) {
        String key = request.getHeaderString(IdempotentRequests.HEADER);
        if (key == null || !UNSAFE.contains(request.getMethod()) || resource.getResourceMethod() == null) {
            return;
        }
        if (!resource.getResourceMethod().isAnnotationPresent(Idempotent.class)
                && !resource.getResourceClass().isAnnotationPresent(Idempotent.class)) {
            throw ApiException.invalid(
                    IdempotentRequests.HEADER, "is not taken by this operation; send the request without it");
        }
        IdempotentRequests.validKey(key);
    }

    @ServerResponseFilter
    public void markReplays(ContainerRequestContext request, ContainerResponseContext response) {
        if (Boolean.TRUE.equals(request.getProperty(IdempotencyInterceptor.REPLAYED))) {
            response.getHeaders().putSingle(IdempotentRequests.REPLAYED_HEADER, "true");
        }
    }
}

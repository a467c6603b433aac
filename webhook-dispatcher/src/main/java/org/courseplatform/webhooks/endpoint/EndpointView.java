package org.courseplatform.webhooks.endpoint;

import java.time.OffsetDateTime;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** An endpoint as listed: never its secret. */
public record EndpointView(
        long id,
        String url,
        List<String> events,
        boolean enabled,
        @Schema(nullable = true) String description,
        OffsetDateTime created) {

    static EndpointView of(WebhookEndpoint e) {
        return new EndpointView(e.id, e.url, e.eventList(), e.enabled, e.description, e.createdAt);
    }

    /** The answer of creation, the only one that carries the signing secret. */
    public record Created(
            long id,
            String url,
            List<String> events,
            boolean enabled,
            @Schema(nullable = true) String description,
            OffsetDateTime created,
            String secret) {

        static Created of(WebhookEndpoint e, String secret) {
            return new Created(e.id, e.url, e.eventList(), e.enabled, e.description, e.createdAt, secret);
        }
    }
}

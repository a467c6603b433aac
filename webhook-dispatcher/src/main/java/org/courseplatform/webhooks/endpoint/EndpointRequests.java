package org.courseplatform.webhooks.endpoint;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;

/** Bodies of the webhook endpoint calls (API.md, Webhooks). */
public final class EndpointRequests {

    private EndpointRequests() {}

    /** POST /v1/headless/webhooks. */
    public record Create(
            @NotNull String url,
            @NotNull @Size(min = 1, max = 50) List<String> events,
            @Size(max = 1000) String description) {}

    /** PATCH /v1/headless/webhooks/{id}: absent or null fields stay as they are; description "" clears it. */
    public record Update(
            String url,
            @Size(min = 1, max = 50) List<String> events,
            Boolean enabled,
            @Size(max = 1000) String description) {}

    /** POST /v1/headless/webhooks/{id}/test: optional event name (default: the endpoint's first). */
    public record Test(String event) {}
}

package org.courseplatform.webhooks.endpoint;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.platform.web.Paged;

/** A workspace's webhook endpoints. */
@ApplicationScoped
public class EndpointService {

    private final EndpointRepository endpoints;

    public EndpointService(EndpointRepository endpoints) {
        this.endpoints = endpoints;
    }

    @WithSession
    public Uni<Paged<EndpointView>> list(long workspaceId) {
        return endpoints.list("workspaceId", Sort.by("id"), workspaceId)
                .map(all -> new Paged<>(all.stream().map(EndpointView::of).toList(), all.size()));
    }
}

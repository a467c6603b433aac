package org.courseplatform.webhooks.endpoint;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class EndpointRepository implements PanacheRepositoryBase<WebhookEndpoint, Long> {}

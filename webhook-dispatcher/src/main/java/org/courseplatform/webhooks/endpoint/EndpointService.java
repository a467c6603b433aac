package org.courseplatform.webhooks.endpoint;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.logging.Log;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Paged;
import org.courseplatform.webhooks.WebhooksConfig;
import org.courseplatform.webhooks.delivery.DeliverySender;
import org.courseplatform.webhooks.delivery.DeliveryService;
import org.courseplatform.webhooks.event.SubscribableEvents;
import org.courseplatform.webhooks.security.AddressPolicy;
import org.courseplatform.webhooks.security.SecretCipher;

/**
 * A workspace's webhook endpoints: https:// URLs whose host is public (checked when saved, and
 * again at every send), subscribable event names only, a signing secret generated here, returned
 * once and stored encrypted. Another workspace's endpoint is 404.
 */
@ApplicationScoped
public class EndpointService {

    private final EndpointRepository endpoints;
    private final SecretCipher cipher;
    private final AddressPolicy policy;
    private final EndpointHosts hosts;
    private final DeliverySender sender;
    private final DeliveryService deliveries;
    private final ObjectMapper mapper;
    private final int maxEndpoints;

    public EndpointService(
            EndpointRepository endpoints,
            SecretCipher cipher,
            AddressPolicy policy,
            EndpointHosts hosts,
            DeliverySender sender,
            DeliveryService deliveries,
            ObjectMapper mapper,
            WebhooksConfig config) {
        this.endpoints = endpoints;
        this.cipher = cipher;
        this.policy = policy;
        this.hosts = hosts;
        this.sender = sender;
        this.deliveries = deliveries;
        this.mapper = mapper;
        this.maxEndpoints = config.maxEndpointsPerWorkspace();
    }

    @WithSession
    public Uni<Paged<EndpointView>> list(long workspaceId) {
        return endpoints
                .list("workspaceId", Sort.by("id"), workspaceId)
                .map(all -> new Paged<>(all.stream().map(EndpointView::of).toList(), all.size()));
    }

    @WithSession
    public Uni<EndpointView> get(long workspaceId, long id) {
        return find(workspaceId, id).map(EndpointView::of);
    }

    /**
     * Checks the URL (syntax, then the addresses its host resolves to, before any transaction is
     * open) and stores the endpoint with a new secret.
     */
    public Uni<EndpointView.Created> create(long workspaceId, EndpointRequests.Create request) {
        String url = EndpointUrls.normalise(request.url(), policy);
        List<String> events = events(request.events());
        return hosts.requirePublic(url)
                .chain(() -> Panache.withTransaction(() -> insert(workspaceId, url, events, request)));
    }

    private Uni<EndpointView.Created> insert(
            long workspaceId, String url, List<String> events, EndpointRequests.Create request) {
        return endpoints.count("workspaceId", workspaceId).chain(count -> {
            if (count >= maxEndpoints) {
                throw ApiException.unprocessable(
                        "This workspace already has " + count + " webhook endpoints, the most it may have");
            }
            String secret = SecretCipher.newSecret();
            WebhookEndpoint endpoint = new WebhookEndpoint();
            endpoint.workspaceId = workspaceId;
            endpoint.url = url;
            endpoint.events = String.join(",", events);
            endpoint.enabled = true;
            endpoint.description = blankToNull(request.description());
            endpoint.secretEncrypted = cipher.encrypt(secret, workspaceId);
            endpoint.createdAt = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
            endpoint.updatedAt = endpoint.createdAt;
            return endpoints.persistAndFlush(endpoint).map(saved -> {
                Log.debugf("Webhook endpoint %s created for workspace %s", saved.id, String.valueOf(workspaceId));
                return EndpointView.Created.of(saved, secret);
            });
        });
    }

    public Uni<EndpointView> update(long workspaceId, long id, EndpointRequests.Update request) {
        String url = request.url() == null ? null : EndpointUrls.normalise(request.url(), policy);
        List<String> events = request.events() == null ? null : events(request.events());
        Uni<Void> checked = url == null ? Uni.createFrom().voidItem() : hosts.requirePublic(url);
        return checked.chain(
                        () -> Panache.withTransaction(() -> updateInTransaction(workspaceId, id, url, events, request)))
                .invoke(result -> {
                    if (result.resumed()) {
                        sender.wake();
                    }
                })
                .map(UpdateResult::view);
    }

    private record UpdateResult(EndpointView view, boolean resumed) {}

    private Uni<UpdateResult> updateInTransaction(
            long workspaceId, long id, String url, List<String> events, EndpointRequests.Update request) {
        return find(workspaceId, id).chain(endpoint -> {
            if (url != null) {
                endpoint.url = url;
            }
            if (events != null) {
                endpoint.events = String.join(",", events);
            }
            if (request.description() != null) {
                endpoint.description = blankToNull(request.description());
            }
            boolean wasEnabled = endpoint.enabled;
            if (request.enabled() != null) {
                endpoint.enabled = request.enabled();
            }
            endpoint.updatedAt = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
            Uni<Integer> deliveries = Uni.createFrom().item(0);
            if (wasEnabled != endpoint.enabled) {
                deliveries = endpoint.enabled
                        ? endpoints.resumeDeliveries(endpoint.id)
                        : endpoints.holdDeliveries(endpoint.id);
            }
            boolean resumed = !wasEnabled && endpoint.enabled;
            return deliveries
                    .chain(() -> endpoints.flush())
                    .replaceWith(new UpdateResult(EndpointView.of(endpoint), resumed));
        });
    }

    /** Deletes the endpoint and its delivery log; deliveries still pending are not sent. */
    @WithTransaction
    public Uni<Void> delete(long workspaceId, long id) {
        return find(workspaceId, id).chain(endpoint -> endpoints.delete(endpoint));
    }

    /** The endpoint when it belongs to the workspace; 404 otherwise, whoever owns it. */
    @WithSession
    public Uni<WebhookEndpoint> find(long workspaceId, long id) {
        return endpoints
                .find("id = ?1 and workspaceId = ?2", id, workspaceId)
                .firstResult()
                .map(found -> {
                    if (found == null) {
                        throw ApiException.notFound("Webhook endpoint " + id + " not found");
                    }
                    return found;
                });
    }

    /**
     * Queues a test delivery to the endpoint of {@code event} (default: its first event) with
     * placeholder data: 400 for an event that is not subscribable, 409 while the endpoint is
     * disabled (SPEC, Test mode rule 5).
     */
    public Uni<UUID> test(long workspaceId, long id, String event) {
        return find(workspaceId, id).chain(endpoint -> {
            String type = event == null ? endpoint.eventList().get(0) : event;
            if (!SubscribableEvents.isSubscribable(type)) {
                throw ApiException.invalid(
                        "event",
                        "is not a subscribable event (one of " + String.join(", ", SubscribableEvents.NAMES) + ")");
            }
            if (!endpoint.enabled) {
                throw ApiException.conflict(
                        "Webhook endpoint " + endpoint.id + " is disabled; enable it to send a test delivery");
            }
            return deliveries.test(
                    endpoint.id, endpoint.workspaceId, type, SubscribableEvents.sampleData(mapper, type));
        });
    }

    /** Subscribable names, each once, in the order given; 400 naming every unknown one. */
    static List<String> events(List<String> requested) {
        if (requested == null || requested.isEmpty()) {
            throw ApiException.invalid("events", "must name at least one event");
        }
        List<ApiError.Detail> problems = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (int i = 0; i < requested.size(); i++) {
            String name = requested.get(i);
            if (!SubscribableEvents.isSubscribable(name)) {
                problems.add(new ApiError.Detail(
                        "events[" + i + "]",
                        "is not a subscribable event (one of " + String.join(", ", SubscribableEvents.NAMES) + ")"));
            } else {
                names.add(name);
            }
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        return List.copyOf(names);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}

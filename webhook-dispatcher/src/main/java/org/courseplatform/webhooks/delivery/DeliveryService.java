package org.courseplatform.webhooks.delivery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Paged;
import org.courseplatform.webhooks.WebhooksConfig;

/** Manual test deliveries, the delivery log and manual replay of the workspace's endpoints. */
@ApplicationScoped
public class DeliveryService {

    private final DeliveryRepository deliveries;
    private final DeliverySender sender;
    private final ObjectMapper mapper;
    private final int maxAttempts;

    public DeliveryService(
            DeliveryRepository deliveries, DeliverySender sender, ObjectMapper mapper, WebhooksConfig config) {
        this.deliveries = deliveries;
        this.sender = sender;
        this.mapper = mapper;
        this.maxAttempts = config.retry().maxAttempts();
    }

    /**
     * Queues a test delivery of {@code type} with {@code data} to the endpoint: a new event id and
     * {@code testMode: true} (SPEC, Test mode rule 5), sent and retried like any other delivery.
     * Which event, and whether the endpoint may have one, the endpoint feature decides.
     */
    public Uni<UUID> test(long endpointId, long workspaceId, String type, JsonNode data) {
        UUID eventId = UUID.randomUUID();
        String body = DeliveryBodies.build(
                mapper, eventId.toString(), type, OffsetDateTime.now(ZoneOffset.UTC), workspaceId, true, data);
        return deliveries
                .insert(deliveries.pool(), endpointId, workspaceId, eventId, type, body, true, maxAttempts)
                .invoke(sender::wake);
    }

    /** The endpoint's deliveries, newest first, optionally of one status; total in X-Total-Count. */
    public Uni<Paged<DeliveryView>> log(long endpointId, String status, int page, int length) {
        int offset = Paged.offset(page, length);
        return deliveries
                .count(endpointId, status)
                .chain(total -> total == 0 || length == 0
                        ? Uni.createFrom().item(new Paged<DeliveryView>(List.of(), total))
                        : deliveries.list(endpointId, status, length, offset).map(items -> new Paged<>(items, total)));
    }

    /**
     * Sends the delivery again: same delivery id, same body, one more attempt now. A failed
     * delivery becomes pending; if that attempt fails too it is failed again. 404 for a delivery
     * of another workspace or one purged (retention), 409 while its endpoint is disabled.
     */
    public Uni<UUID> replay(long workspaceId, String rawId) {
        UUID id = parse(rawId);
        return deliveries
                .pool()
                .withTransaction(connection -> deliveries
                        .find(connection, id, workspaceId)
                        .chain(row -> {
                            if (row == null) {
                                throw ApiException.notFound("Webhook delivery " + id + " not found");
                            }
                            if (!row.getBoolean("enabled")) {
                                throw ApiException.conflict(
                                        "The delivery's webhook endpoint is disabled; enable it to replay");
                            }
                            return deliveries.replay(connection, id).invoke(replayed -> {
                                if (!replayed) {
                                    throw ApiException.notFound("Webhook delivery " + id + " not found");
                                }
                            });
                        }))
                .invoke(sender::wake)
                .replaceWith(id);
    }

    /** A delivery id that is not a UUID cannot exist: 404, like an unknown one. */
    private static UUID parse(String raw) {
        try {
            if (raw != null && raw.length() == 36) {
                return UUID.fromString(raw);
            }
        } catch (IllegalArgumentException e) {
            // falls through
        }
        throw ApiException.notFound("Webhook delivery not found");
    }
}

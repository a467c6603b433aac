package org.courseplatform.webhooks.delivery;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * The request body of a delivery, built once when it is queued and stored as text, so every
 * attempt and replay sends the same bytes: {@code {id, type, occurredAt, workspaceId, testMode, data}}.
 */
public final class DeliveryBodies {

    private DeliveryBodies() {}

    /**
     * @param testMode null only for bodies of the older format, which have no {@code testMode}
     */
    public static String build(
            ObjectMapper mapper,
            String eventId,
            String type,
            OffsetDateTime occurredAt,
            long workspaceId,
            Boolean testMode,
            JsonNode data) {
        ObjectNode body = mapper.createObjectNode();
        body.put("id", eventId);
        body.put("type", type);
        body.put(
                "occurredAt",
                (occurredAt == null ? OffsetDateTime.now(ZoneOffset.UTC) : occurredAt)
                        .withOffsetSameInstant(ZoneOffset.UTC)
                        .toInstant()
                        .toString());
        body.put("workspaceId", workspaceId);
        if (testMode != null) {
            body.put("testMode", testMode.booleanValue());
        }
        body.set("data", data == null || data.isNull() ? mapper.createObjectNode() : data);
        try {
            return mapper.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}

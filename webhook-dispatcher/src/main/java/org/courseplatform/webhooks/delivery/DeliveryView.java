package org.courseplatform.webhooks.delivery;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One line of an endpoint's delivery log (API.md), plus the last error, when the last attempt
 * was made, and the delivery's test mode (null: queued before the field existed).
 */
public record DeliveryView(
        UUID id,
        UUID eventId,
        String type,
        String status,
        int attempts,
        int maxAttempts,
        OffsetDateTime nextAttemptAt,
        Integer lastStatusCode,
        String lastError,
        OffsetDateTime lastAttemptAt,
        Boolean testMode,
        OffsetDateTime created) {}

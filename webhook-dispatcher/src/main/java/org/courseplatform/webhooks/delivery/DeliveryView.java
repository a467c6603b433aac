package org.courseplatform.webhooks.delivery;

import java.time.OffsetDateTime;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

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
        @Schema(nullable = true) OffsetDateTime nextAttemptAt,
        @Schema(nullable = true) Integer lastStatusCode,
        @Schema(nullable = true) String lastError,
        @Schema(nullable = true) OffsetDateTime lastAttemptAt,
        @Schema(nullable = true) Boolean testMode,
        OffsetDateTime created) {}

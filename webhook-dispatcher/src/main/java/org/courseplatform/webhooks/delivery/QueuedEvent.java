package org.courseplatform.webhooks.delivery;

import java.util.UUID;

/** An event ready to be fanned out to its subscribers' endpoints: its body is final. */
public record QueuedEvent(
        UUID eventId, long workspaceId, String type, String body, Boolean testMode, String traceparent) {}

package org.courseplatform.courses.player;

/**
 * An open session as stored. {@code courseId} / {@code screenId} are null for an edit session
 * opened without one; {@code testMode} is the mode of the key that issued its URL.
 */
public record PlayerSession(
        String id,
        long workspaceId,
        String kind,
        Long courseId,
        Long screenId,
        Long trackingId,
        String mode,
        String clientIdentifier,
        String identifier,
        String options,
        String parentOrigin,
        String outline,
        boolean testMode) {}

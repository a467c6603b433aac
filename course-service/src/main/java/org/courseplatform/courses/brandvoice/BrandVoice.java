package org.courseplatform.courses.brandvoice;

import java.time.OffsetDateTime;

/**
 * A stored brand voice: the workspace's ({@code clientIdentifier} null) or a tenant's override.
 * {@code doList} and {@code dontList} are JSON arrays of strings, {@code vocabulary} one of
 * {@code {term, note}}. A row, not an entity: the reactive JSON mapping reads only JSON objects.
 */
record BrandVoice(
        String clientIdentifier,
        String name,
        String tone,
        String audience,
        String doList,
        String dontList,
        String vocabulary,
        OffsetDateTime updatedAt) {}

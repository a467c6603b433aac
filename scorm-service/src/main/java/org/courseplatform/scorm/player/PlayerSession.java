package org.courseplatform.scorm.player;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * An open player session with its package (and, for {@code view}, the learner's tracking record).
 * {@code contentHost} is the host name it is served on (its own origin when the content origin has
 * a {@code {session}} label); {@code parentOrigin} is the embedding page's origin the player posts
 * its events to, or null (it posts none). Its package's files are read by {@link ContentService}.
 */
public record PlayerSession(
        String id,
        long workspaceId,
        long courseId,
        String action,
        Long trackingId,
        String identifier,
        String status,
        String title,
        String version,
        JsonNode launch,
        String lastSco,
        String name,
        long sizeBytes,
        Integer fileCount,
        Long expandedBytes,
        String error,
        String contentHost,
        String parentOrigin) {

    public boolean scorm12() {
        return "1.2".equals(version);
    }

    public boolean view() {
        return "view".equals(action);
    }
}

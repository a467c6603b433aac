package org.courseplatform.courses.share;

import org.courseplatform.courses.player.PlayerViews;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Answers of the share link API. */
public final class ShareViews {

    private ShareViews() {}

    /**
     * A share link. {@code url} (with the secret code) is answered only when the link is created:
     * only a hash of the code is stored, so later answers carry {@code url: null} and
     * {@code codeHint}, the code's first characters, to tell links apart.
     */
    public record Link(
            long id,
            long courseId,
            @Schema(nullable = true) String url,
            @Schema(nullable = true) String codeHint,
            @Schema(nullable = true) String expiresAt,
            @Schema(nullable = true) Integer maxUses,
            int uses,
            boolean revoked,
            String createdAt) {}

    /**
     * 201 of the public exchange: the {@code learner} id the page keeps (localStorage) and sends
     * again to resume, and the player session, as POST /v1/headless/player/sessions answers it.
     */
    public record Opened(String learner, PlayerViews.Session session) {}
}

package org.courseplatform.courses.player;

import com.fasterxml.jackson.databind.JsonNode;

/** Bodies of the embed URL endpoints; {@link EmbedService} validates them and names bad fields (400). */
public final class EmbedRequests {

    private EmbedRequests() {}

    /**
     * POST /v1/headless/embed/course (and the deprecated POST /v1/headless/course/url): {@code action}
     * {@code view} (default) or {@code edit}; {@code courseId} required. {@code back} is
     * {@code event}, {@code hidden}, {@code native} or an http(s) URL; {@code colorPrimary} is
     * {@code #rrggbb}; {@code parentOrigin} the origin of the framing page, the only target of the
     * player's browser events; {@code collection} {@code {id, key}}, a collection holding the course, owns the
     * learner's tracking and is carried into the course events.
     */
    public record Course(
            String action,
            Long courseId,
            String identifier,
            String clientIdentifier,
            String themeId,
            String language,
            String back,
            String colorPrimary,
            String flow,
            Boolean translations,
            String brandVoice,
            Boolean legacy,
            String parentOrigin,
            Collection collection) {}

    /** A collection the course is played in: {@code id} its integer id, {@code key} its key. */
    public record Collection(JsonNode id, String key) {}

    /** POST /embed/screen and /v1/headless/embed/screen: {@code id} is a library screen id. */
    public record Screen(String action, Long id, String identifier, String clientIdentifier, String parentOrigin) {}
}

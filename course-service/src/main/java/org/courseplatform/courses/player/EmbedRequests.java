package org.courseplatform.courses.player;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import org.courseplatform.platform.web.DigitId;

/**
 * Bodies of the embed URL endpoints; {@link EmbedService} validates them and names bad fields (400).
 * Ids are numbers or strings of digits ({@link DigitId}).
 */
public final class EmbedRequests {

    private EmbedRequests() {}

    /**
     * POST /v1/headless/embed/course: {@code action} {@code view} (default) or {@code edit};
     * {@code courseId} required for {@code view}. {@code back} is {@code event}, {@code hidden},
     * {@code native} or an http(s) URL; {@code colorPrimary} is {@code #rrggbb}; {@code parentOrigin}
     * the origin of the framing page, the only target of the player's browser events;
     * {@code collection} {@code {id, key}}, a collection holding the course, owns the learner's
     * tracking and is carried into the course events.
     */
    public record Course(
            String action,
            @JsonDeserialize(using = DigitId.class) Long courseId,
            String identifier,
            String clientIdentifier,
            @JsonDeserialize(using = DigitId.class) Long themeId,
            String language,
            String back,
            String colorPrimary,
            String flow,
            Boolean translations,
            String brandVoice,
            Boolean legacy,
            String parentOrigin,
            Collection collection) {}

    /**
     * The deprecated POST /v1/headless/course/url, in the spec's words: {@code action} (required),
     * {@code id} the course (required for {@code view}; {@code courseId} is read as the same),
     * {@code themeId}, {@code name} and {@code avatar} (the author the builder shows), and
     * {@code options}, an object whose keys of {@link Course} ({@link EmbedService#OPTION_KEYS}) apply.
     * The other fields of {@link Course}, which this route took before, stay accepted.
     */
    public record CourseUrl(
            String action,
            @JsonDeserialize(using = DigitId.class) Long id,
            @JsonDeserialize(using = DigitId.class) Long courseId,
            String identifier,
            String clientIdentifier,
            @JsonDeserialize(using = DigitId.class) Long themeId,
            String name,
            String avatar,
            JsonNode options,
            String language,
            String back,
            String colorPrimary,
            String flow,
            Boolean translations,
            String brandVoice,
            Boolean legacy,
            String parentOrigin,
            Collection collection) {}

    /** A collection the course is played in: {@code id} its id, {@code key} its key. */
    public record Collection(
            @JsonDeserialize(using = DigitId.class) Long id, String key) {}

    /** POST /embed/screen and /v1/headless/embed/screen: {@code id} is a library screen id. */
    public record Screen(
            String action,
            @JsonDeserialize(using = DigitId.class) Long id,
            String identifier,
            String clientIdentifier,
            String parentOrigin) {}
}

package org.courseplatform.courses.generation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A checked generation request: what a generator works from. Stored as the job's {@code params}
 * (with the locale in the job's {@code locale}), so a job taken over after a restart works from the
 * same brief.
 *
 * @param screenCount the screens after the cover (1 to {@link GenerationService#MAX_SCREEN_COUNT})
 * @param language    the course's locale tag ({@code en} when the request named none)
 */
public record Brief(String prompt, String audience, String familiarity, String tone, int screenCount, String language) {

    ObjectNode toParams(ObjectMapper mapper) {
        return mapper.createObjectNode()
                .put("prompt", prompt)
                .put("audience", audience)
                .put("familiarity", familiarity)
                .put("tone", tone)
                .put("screenCount", screenCount);
    }

    static Brief fromParams(JsonNode params, String language) {
        return new Brief(
                params.path("prompt").asText(),
                params.path("audience").asText(),
                params.path("familiarity").asText(),
                params.path("tone").asText(),
                params.path("screenCount").asInt(1),
                language == null || language.isBlank() ? "en" : language);
    }
}

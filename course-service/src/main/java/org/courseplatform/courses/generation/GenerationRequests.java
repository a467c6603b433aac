package org.courseplatform.courses.generation;

/**
 * The body of POST /v1/headless/generate/course (and of the deprecated POST
 * /v1/headless/course/generate, and of the builder's POST /v1/headless/player/editor/generate,
 * which takes its owner and tenant from the session). Checked by {@link GenerationService} so that
 * every problem is answered at once, each naming its field.
 */
public final class GenerationRequests {

    private GenerationRequests() {}

    /** What to generate and for whom; {@code identifier} is the owner, {@code language} a locale tag. */
    public record Generate(
            String prompt,
            String audience,
            String familiarity,
            String tone,
            Integer screenCount,
            String identifier,
            String clientIdentifier,
            String language) {}

    /** The builder's body: the same without owner and tenant (the session's). */
    public record EditorGenerate(
            String prompt, String audience, String familiarity, String tone, Integer screenCount, String language) {}
}

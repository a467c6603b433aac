package org.courseplatform.courses.language;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Optional;

/**
 * Used when no provider is configured: translates nothing, so the job only adds the locale and
 * every string is left for a person in the builder's translation view (an empty box shows the
 * source text), rather than guessing a translation.
 */
@ApplicationScoped
public class BuiltInTranslationProvider implements TranslationProvider {

    @Override
    public String name() {
        return "built-in";
    }

    @Override
    public Map<String, String> translate(
            String source, String target, Map<String, String> strings, Optional<WritingVoice> voice) {
        return Map.of();
    }
}

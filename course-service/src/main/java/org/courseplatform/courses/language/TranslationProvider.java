package org.courseplatform.courses.language;

import java.util.Map;
import java.util.Optional;

/** Translates a batch of a course's strings. Blocking: called on a worker thread. */
public interface TranslationProvider {

    /** {@code openai-compatible} or {@code built-in}: shown in the job's result. */
    String name();

    /**
     * The translations of {@code strings} (id to source text) into {@code target}: id to text, for
     * the ids it translated. Text may hold HTML, whose tags must come back unchanged.
     *
     * @throws JobFailure when the provider cannot give a usable answer
     */
    Map<String, String> translate(
            String source, String target, Map<String, String> strings, Optional<WritingVoice> voice);
}

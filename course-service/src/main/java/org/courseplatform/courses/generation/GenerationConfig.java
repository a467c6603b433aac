package org.courseplatform.courses.generation;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/**
 * {@code generation.*} (docs/generation.md). The OpenAI-compatible provider is the chat provider
 * of {@code language.provider.*} (base URL, key; model unless overridden here): with one configured,
 * courses are written by it, else (or with {@code generation.provider.offline=true}) by the
 * built-in offline generator.
 */
@ConfigMapping(prefix = "generation")
public interface GenerationConfig {

    /**
     * How long a generate request waits for its job: a course made by then is answered 201, else
     * the job 202 (the offline generator always finishes well within it).
     */
    @WithDefault("5S")
    Duration syncWait();

    Provider provider();

    interface Provider {
        /** Use the built-in offline generator even when a chat provider is configured. */
        @WithDefault("false")
        boolean offline();

        /** The model that writes courses; absent: {@code language.provider.model}. */
        Optional<String> model();

        /** How long one chat-completions request may take (a whole course is asked at once). */
        @WithDefault("120S")
        Duration timeout();

        /** Retries after the first attempt: timeouts, 429, 5xx, and answers that are not a usable course. */
        @WithDefault("2")
        int maxRetries();

        /**
         * {@code json_schema} (structured output: the course's JSON Schema, strict) or
         * {@code json_object} (JSON mode, for servers without structured output).
         */
        @WithDefault("json_schema")
        String responseFormat();
    }
}

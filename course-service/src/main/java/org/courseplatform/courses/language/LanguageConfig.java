package org.courseplatform.courses.language;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/**
 * {@code language.*}: the translation and narration providers and the job worker. Without a
 * provider base URL the built-in providers are used (no network): translation adds the locale for
 * a person to fill in, scripts come from the screen's text and audio from espeak-ng.
 */
@ConfigMapping(prefix = "language")
public interface LanguageConfig {

    /** The OpenAI-compatible chat-completions provider (translation, narration scripts). */
    Provider provider();

    /** The OpenAI-compatible speech provider ({@code POST <base-url>/audio/speech}). */
    Speech speech();

    /** The offline speech synthesiser used when no speech provider is configured. */
    Espeak espeak();

    /** The job worker. */
    Worker worker();

    /** The purge of narration of deleted courses. */
    Purge purge();

    interface Provider {
        /** e.g. {@code https://api.openai.com/v1}; absent: the built-in providers. */
        Optional<String> baseUrl();

        @WithDefault("gpt-4o-mini")
        String model();

        /** Sent as {@code Authorization: Bearer}; a local server may need none. */
        Optional<String> apiKey();

        /** How long one request may take before it is abandoned and retried. */
        @WithDefault("60S")
        Duration timeout();

        /** Retries after the first attempt (timeouts, 429, 5xx, malformed answers). */
        @WithDefault("3")
        int maxRetries();

        /** Pause before a retry when the provider names none (grows with each retry). */
        @WithDefault("1S")
        Duration retryDelay();

        /** The longest Retry-After honoured; a longer one is cut to this. */
        @WithDefault("60S")
        Duration maxRetryAfter();

        /** Strings per chat-completions request. */
        @WithDefault("40")
        int batchSize();
    }

    interface Speech {
        /** e.g. {@code https://api.openai.com/v1}; absent: espeak-ng. */
        Optional<String> baseUrl();

        @WithDefault("tts-1")
        String model();

        @WithDefault("alloy")
        String voice();

        /** Absent: the chat provider's key. */
        Optional<String> apiKey();

        @WithDefault("120S")
        Duration timeout();
    }

    interface Espeak {
        /** The espeak-ng executable. */
        @WithDefault("espeak-ng")
        String path();

        /** How long one screen's synthesis may run before the process is killed. */
        @WithDefault("60S")
        Duration timeout();
    }

    interface Worker {
        /** Whether this instance runs jobs. */
        @WithDefault("true")
        boolean enabled();

        /** How often an idle worker looks for queued jobs (read by the scheduler). */
        @WithDefault("1s")
        String pollInterval();

        /** Jobs this instance runs at once. */
        @WithDefault("2")
        int concurrency();

        /** How long a claimed job may go without progress before another instance takes it over. */
        @WithDefault("120S")
        Duration lease();

        /** Claims of one job before it is failed (a job that keeps killing its instance ends). */
        @WithDefault("3")
        int maxAttempts();

        /**
         * Jobs of one workspace running at once, over all instances. Below {@link #concurrency()},
         * so that one workspace's long jobs (a narration of a thousand screens) never hold every
         * slot of an instance and another workspace's job starts at once.
         */
        @WithDefault("1")
        int maxRunningPerWorkspace();

        /**
         * Queued jobs one workspace may have; a request beyond it is refused with 429 and
         * {@link #queueFullRetryAfter()}, so a workspace cannot fill the table nor slow the claim.
         */
        @WithDefault("100")
        int maxQueuedPerWorkspace();

        /** The {@code Retry-After} of a request refused because its workspace's queue is full. */
        @WithDefault("60S")
        Duration queueFullRetryAfter();
    }

    interface Purge {
        /** How often the purge runs (read by the scheduler). */
        @WithDefault("10m")
        String interval();

        /**
         * How long a deleted course stays restorable with its narration; the same span as
         * {@code courses.media.purge.deleted-course-retention}, so a course comes back whole or not.
         */
        @WithDefault("30D")
        Duration deletedCourseRetention();

        /** Courses whose narration goes per round. */
        @WithDefault("20")
        int batchSize();
    }
}

package org.courseplatform.courses.generation;

import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.courses.language.OpenAiCompatibleClient;

/**
 * Which generator writes courses: the OpenAI-compatible one when a chat provider is configured
 * ({@code language.provider.base-url}) and {@code generation.provider.offline} is not set, else the
 * built-in offline one.
 */
@ApplicationScoped
public class Generators {

    private final OpenAiCompatibleClient client;
    private final GenerationConfig config;
    private final OpenAiCourseGenerator openAi;
    private final OfflineCourseGenerator offline;

    public Generators(
            OpenAiCompatibleClient client,
            GenerationConfig config,
            OpenAiCourseGenerator openAi,
            OfflineCourseGenerator offline) {
        this.client = client;
        this.config = config;
        this.openAi = openAi;
        this.offline = offline;
    }

    public CourseGenerator current() {
        return isOffline() ? offline : openAi;
    }

    public boolean isOffline() {
        return config.provider().offline() || !client.chatConfigured();
    }
}

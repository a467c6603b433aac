package org.courseplatform.courses.generation;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;

/** The service with an OpenAI-compatible provider configured: {@link FakeCourseModel}. */
public class GenerationProviderProfile implements QuarkusTestProfile {

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(FakeCourseModel.class));
    }
}

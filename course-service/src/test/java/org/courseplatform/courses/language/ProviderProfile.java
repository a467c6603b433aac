package org.courseplatform.courses.language;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;

/** The service with an OpenAI-compatible provider configured: {@link FakeOpenAi}. */
public class ProviderProfile implements QuarkusTestProfile {

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(FakeOpenAi.class));
    }
}

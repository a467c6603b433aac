package org.courseplatform.courses.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import org.courseplatform.platform.events.CloudEvent;
import org.junit.jupiter.api.Test;

/** The analytics consumers open a transaction only for the events the projection counts. */
class AnalyticsConsumersTest {

    @Test
    void onlyCommencedAndCompletedReachTheInbox() {
        assertThat(AnalyticsConsumers.tracksProgress(event("course.commenced"))).isTrue();
        assertThat(AnalyticsConsumers.tracksProgress(event("course.completed"))).isTrue();
        for (String other : new String[] {"course.created", "course.copied", "course.updated", "quiz.completed"}) {
            assertThat(AnalyticsConsumers.tracksProgress(event(other)))
                    .as(other)
                    .isFalse();
        }
    }

    private static CloudEvent event(String type) {
        return new CloudEvent("1.0", "id", "/courses", type, "1", null, "application/json", 1L, false, null, null);
    }
}

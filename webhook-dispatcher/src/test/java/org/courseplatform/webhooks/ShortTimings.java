package org.courseplatform.webhooks;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The dispatcher's clocks shortened for the tests that wait on them: the retry schedule the way
 * {@code WEBHOOKS_RETRY_DELAYS=1s,2s,3s,4s,5s} shortens it, a 4 s timeout, the sender polling
 * every 0.1 s ({@link RetryTest}); the retention at 1 hour, purged every second in batches of
 * two ({@link ScheduledPurgeTest}). One profile for both, since each profile costs the module a
 * build and a start of its own; neither test's rows fall under the other's settings.
 */
public class ShortTimings implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "webhooks.retry.delays", "1s,2s,3s,4s,5s",
                "webhooks.timeout", "4s",
                "webhooks.sender.poll-interval", "0.1s",
                "webhooks.retention", "1h",
                "webhooks.purge.interval", "1s",
                "webhooks.purge.batch-size", "2");
    }
}

package org.courseplatform.courses.language;

import static org.assertj.core.api.Assertions.assertThat;
import static org.courseplatform.courses.language.LanguageTests.as;
import static org.courseplatform.courses.language.LanguageTests.importCourse;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/**
 * The narration of a course deleted past the retention goes, every recording under its prefix
 * (an earlier script's too) and its scripts; a course deleted recently keeps its narration.
 */
@QuarkusTest
class NarrationHousekeepingTest {

    private static final byte[] WAV = "RIFF....WAVEfmt ".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    @Inject
    NarrationHousekeeping housekeeping;

    @Inject
    NarrationStore store;

    @Inject
    Pool pool;

    @Test
    void narrationOfACourseDeletedPastTheRetentionGoesWithEveryRecording() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long gone = importCourse(key, null, LanguageTests.BUILDER2);
        long recent = importCourse(key, null, LanguageTests.BUILDER2);
        String current = narrate(gone, "s1");
        String earlier = store.put(gone, "earlier" + gone, WAV, "audio/wav");
        String kept = narrate(recent, "s1");
        for (long course : new long[] {gone, recent}) {
            as(key).delete("/v1/headless/course/" + course).then().statusCode(200);
        }
        sql("update course set updated_at = now() - interval '31 days' where id = $1", gone);

        int purged = housekeeping.purge(0, 0).await().atMost(Duration.ofSeconds(20));

        assertThat(purged).isGreaterThanOrEqualTo(1);
        assertThat(store.get(current)).as("the recording the script had").isEmpty();
        assertThat(store.get(earlier)).as("a recording an earlier script left").isEmpty();
        assertThat(scripts(gone)).isZero();
        assertThat(store.get(kept))
                .as("a course deleted recently can still be restored whole")
                .isPresent();
        assertThat(scripts(recent)).isEqualTo(1);
    }

    /** A script with its recording, as a narration job leaves them. */
    private String narrate(long course, String screen) {
        String token = "t" + course + screen;
        String audio = store.put(course, token, WAV, "audio/wav");
        pool.preparedQuery(
                        "insert into narration_script (course_id, screen_id, script, audio_key, audio_mime, audio_token)"
                                + " values ($1, $2, 'Welcome.', $3, 'audio/wav', $4)")
                .execute(Tuple.of(course, screen, audio, token))
                .await()
                .atMost(Duration.ofSeconds(5));
        return audio;
    }

    private void sql(String statement, long id) {
        pool.preparedQuery(statement).execute(Tuple.of(id)).await().atMost(Duration.ofSeconds(5));
    }

    private long scripts(long course) {
        return pool.preparedQuery("select count(*) from narration_script where course_id = $1")
                .execute(Tuple.of(course))
                .await()
                .atMost(Duration.ofSeconds(5))
                .iterator()
                .next()
                .getLong(0);
    }
}

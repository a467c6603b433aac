package org.courseplatform.courses.media;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/** Upload slots never completed go, with what was uploaded to them, an hour after they expire; others stay. */
@QuarkusTest
class MediaHousekeepingTest {

    @Inject
    MediaHousekeeping housekeeping;

    @Inject
    MediaStore store;

    @Inject
    Pool pool;

    @Test
    void expiredSlotsArePurgedWithTheirUploadAfterTheGraceOnly() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long old = slot(key, true);
        long recent = slot(key, false);
        long live = slot(key, false);
        expire(old, -3 * 3600);
        expire(recent, -600);
        String oldUpload = objectKey(old);
        assertThat(store.size(oldUpload)).isPresent();

        int purged = housekeeping.purge(0, 0).await().atMost(Duration.ofSeconds(20));

        assertThat(purged).isGreaterThanOrEqualTo(1);
        assertThat(exists(old)).isFalse();
        assertThat(store.size(oldUpload)).as("the upload went with its slot").isEmpty();
        assertThat(exists(recent)).as("expired within the grace: kept").isTrue();
        assertThat(exists(live)).isTrue();
    }

    private static long slot(String key, boolean upload) throws Exception {
        Response slot = given().header("Authorization", key)
                .contentType(ContentType.JSON)
                .body(Map.of("filename", "a.png", "contentType", "image/png", "size", 4))
                .post("/v1/headless/media");
        assertThat(slot.statusCode()).isEqualTo(201);
        if (upload) {
            try (HttpClient http = HttpClient.newHttpClient()) {
                int status = http.send(
                                HttpRequest.newBuilder(
                                                URI.create(slot.jsonPath().getString("upload.url")))
                                        .header("Content-Type", "image/png")
                                        .PUT(HttpRequest.BodyPublishers.ofByteArray(new byte[] {1, 2, 3, 4}))
                                        .build(),
                                HttpResponse.BodyHandlers.discarding())
                        .statusCode();
                assertThat(status).isEqualTo(200);
            }
        }
        return slot.jsonPath().getLong("media.id");
    }

    private void expire(long id, long seconds) {
        pool.preparedQuery("update media set expires_at = now() + make_interval(secs => $2) where id = $1")
                .execute(Tuple.of(id, seconds))
                .await()
                .atMost(Duration.ofSeconds(5));
    }

    private String objectKey(long id) {
        return pool.preparedQuery("select object_key from media where id = $1")
                .execute(Tuple.of(id))
                .await()
                .atMost(Duration.ofSeconds(5))
                .iterator()
                .next()
                .getString(0);
    }

    private boolean exists(long id) {
        return pool.preparedQuery("select 1 from media where id = $1")
                        .execute(Tuple.of(id))
                        .await()
                        .atMost(Duration.ofSeconds(5))
                        .size()
                > 0;
    }
}

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
import java.util.List;
import java.util.Map;
import org.courseplatform.courses.course.CourseLifecycleTest;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/**
 * Upload slots never completed go, with what was uploaded to them, an hour after they expire; the
 * media of a course deleted past the retention go unless a live course or library screen of the
 * same workspace uses them; others stay.
 */
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

    @Test
    void mediaOfACourseDeletedPastTheRetentionGoUnlessSomethingLiveUsesThem() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        String other = TestKeys.enterprise(TestKeys.newWorkspace());
        long gone = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2);
        long recent = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2);
        long unused = picture(key, gone);
        long reused = picture(key, gone);
        long kept = picture(key, recent);
        // A live course of the workspace uses one; another workspace's course names the other's URL.
        CourseLifecycleTest.importCourse(key, "author", null, documentShowing(url(key, reused)));
        CourseLifecycleTest.importCourse(other, "author", null, documentShowing(url(key, unused)));
        List<String> files = files(key, unused);
        assertThat(files)
                .isNotEmpty()
                .allSatisfy(f -> assertThat(given().get(f).statusCode()).isEqualTo(200));
        for (long course : List.of(gone, recent)) {
            given().header("Authorization", key)
                    .delete("/v1/headless/course/" + course)
                    .then()
                    .statusCode(200);
        }
        pool.preparedQuery("update course set updated_at = now() - interval '31 days' where id = $1")
                .execute(Tuple.of(gone))
                .await()
                .atMost(Duration.ofSeconds(5));

        int purged = housekeeping.purgeDeletedCourses(0, 0).await().atMost(Duration.ofSeconds(20));

        assertThat(purged).isGreaterThanOrEqualTo(1);
        assertThat(exists(unused))
                .as("deleted past the retention and used by nothing of its workspace")
                .isFalse();
        assertThat(files)
                .allSatisfy(f -> assertThat(given().get(f).statusCode())
                        .as("its files are gone: %s", f)
                        .isEqualTo(404));
        assertThat(exists(reused)).as("a live course uses it").isTrue();
        assertThat(exists(kept)).as("its course is still restorable").isTrue();
        assertThat(given().get(url(key, reused)).statusCode()).isEqualTo(200);
    }

    /** A ready picture in the library, uploaded for {@code course} (as the builder does). */
    private long picture(String key, long course) throws Exception {
        Response done =
                MediaLibraryTest.upload(key, "p.png", "image/png", MediaLibraryTest.picture(700, 400, false, "png"));
        done.then().statusCode(200);
        long id = done.jsonPath().getLong("id");
        pool.preparedQuery("update media set course_id = $2 where id = $1")
                .execute(Tuple.of(id, course))
                .await()
                .atMost(Duration.ofSeconds(5));
        return id;
    }

    private static String url(String key, long id) {
        return MediaLibraryTest.path(MediaLibraryTest.as(key)
                .get("/v1/headless/media/" + id)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("url"));
    }

    private static List<String> files(String key, long id) {
        List<String> urls = MediaLibraryTest.as(key)
                .get("/v1/headless/media/" + id)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("variants.url", String.class);
        return urls.stream().map(MediaLibraryTest::path).toList();
    }

    /** A document with the picture at {@code path}, under the https origin a deployment serves it from. */
    private static String documentShowing(String path) {
        return """
                {"format":"builder2","title":"Uses it","screens":[{"id":"s1","type":"blocks","typeId":1,
                 "title":"Picture","elements":[{"id":"e1","type":"image","altText":"A map",
                 "asset":{"url":"https://courses.example.com%s","mime":"image/jpeg"}}]}]}""".formatted(path);
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

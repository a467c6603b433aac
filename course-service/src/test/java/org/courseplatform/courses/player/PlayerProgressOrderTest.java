package org.courseplatform.courses.player;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.courseplatform.courses.course.CourseLifecycleTest;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/**
 * Progress writes that arrive out of order: a write numbered ({@code sequence}) at or below the
 * session's last one never moves the stored screen back, so a resume and the LMS see the screen the
 * learner reached last; writes without a number (pages from before) store their screen as before.
 */
@QuarkusTest
class PlayerProgressOrderTest {

    static final int SCREENS = 12;

    /** A published course of {@link #SCREENS} screens, one text element each. */
    static long course(String key) {
        String screens = IntStream.range(0, SCREENS)
                .mapToObj(i -> "{\"id\":\"s" + i + "\",\"type\":\"blocks\",\"typeId\":1,\"title\":\"Screen " + i
                        + "\",\"elements\":[{\"id\":\"e" + i + "\",\"type\":\"text\",\"title\":\"Part " + i
                        + "\",\"description\":\"<p>Hole " + i + "</p>\"}]}")
                .collect(Collectors.joining(","));
        String document = "{\"format\":\"builder2\",\"title\":\"Twelve holes\",\"description\":\"\",\"locale\":\"en\","
                + "\"screens\":[" + screens + "]}";
        long id = CourseLifecycleTest.importCourse(key, "author", "t1", document);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/publish")
                .then()
                .statusCode(200);
        return id;
    }

    static String write(int screenIndex, int visibleSeconds, Long sequence) {
        return "{\"screenIndex\":" + screenIndex + ",\"visibleSeconds\":" + visibleSeconds
                + (sequence == null ? "" : ",\"sequence\":" + sequence) + "}";
    }

    /** The learner's tracking record as the tracking list shows it. */
    static JsonPath tracking(String key, long courseId, String learner) {
        return given().header("Authorization", key)
                .queryParam("identifier", learner)
                .get("/v1/headless/course/" + courseId + "/tracking")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "1")
                .extract()
                .jsonPath();
    }

    @Test
    void aLateWriteLeavesTheStoredScreenWhereTheNewerWritePutIt() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long id = course(key);
        String embed = "{\"courseId\":" + id + ",\"identifier\":\"learner-1\"}";
        String session = CoursePlayerTest.session(CoursePlayerTest.embed(key, embed));

        CoursePlayerTest.progress(session, write(0, 1, 1L))
                .then()
                .statusCode(200)
                .body("progress.screenIndex", equalTo(0));
        CoursePlayerTest.progress(session, write(3, 4, 3L))
                .then()
                .statusCode(200)
                .body("progress.screenIndex", equalTo(3));
        // Write 2 (Next from screen 2) arrives after write 3: the answer is the stored place, screen 3.
        CoursePlayerTest.progress(session, write(2, 6, 2L))
                .then()
                .statusCode(200)
                .body("progress.screenIndex", equalTo(3))
                .body("progress.percent", equalTo((int) Math.floor(100.0 * 4 / SCREENS)));
        // The same number again is late too.
        CoursePlayerTest.progress(session, write(1, 0, 3L))
                .then()
                .statusCode(200)
                .body("progress.screenIndex", equalTo(3));
        JsonPath stored = tracking(key, id, "learner-1");
        assertThat(stored.getInt("[0].screenIndex")).isEqualTo(3);
        // The late writes' visible time still counts: 1 + 4 + 6 + 0.
        assertThat(stored.getLong("[0].totalTime")).isEqualTo(11);

        // A new session resumes on screen 3.
        String second = CoursePlayerTest.exchange(CoursePlayerTest.token(CoursePlayerTest.embed(key, embed)))
                .then()
                .statusCode(201)
                .body("progress.screenIndex", equalTo(3))
                .extract()
                .jsonPath()
                .getString("session");
        // Each session numbers its own writes.
        CoursePlayerTest.progress(second, write(5, 1, 1L))
                .then()
                .statusCode(200)
                .body("progress.screenIndex", equalTo(5));
        // A page that sends no number stores its screen as before.
        CoursePlayerTest.progress(session, write(4, 1, null))
                .then()
                .statusCode(200)
                .body("progress.screenIndex", equalTo(4));
        assertThat(tracking(key, id, "learner-1").getInt("[0].screenIndex")).isEqualTo(4);
        CoursePlayerTest.progress(session, write(6, 1, 4L))
                .then()
                .statusCode(200)
                .body("progress.screenIndex", equalTo(6));
        assertThat(tracking(key, id, "learner-1").getInt("[0].screenIndex")).isEqualTo(6);

        CoursePlayerTest.progress(session, write(6, 1, -1L))
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("details[0].field", equalTo("sequence"));
        CoursePlayerTest.progress(session, "{\"screenIndex\":6,\"visibleSeconds\":1,\"sequence\":\"soon\"}")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"));
        assertThat(tracking(key, id, "learner-1").getInt("[0].screenIndex")).isEqualTo(6);
    }

    @Test
    void ofManyWritesAtOnceTheHighestNumberedOneStoresItsScreen() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long id = course(key);
        String session = CoursePlayerTest.session(
                CoursePlayerTest.embed(key, "{\"courseId\":" + id + ",\"identifier\":\"learner-1\"}"));
        CoursePlayerTest.progress(session, write(0, 0, null)).then().statusCode(200);

        // Write n shows screen n - 1; they are sent all at once, in a shuffled order.
        List<Integer> order =
                new ArrayList<>(IntStream.rangeClosed(1, SCREENS).boxed().toList());
        Collections.shuffle(order, new Random(7));
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(SCREENS);
        try {
            List<Future<JsonPath>> answers = new ArrayList<>();
            for (int n : order) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return CoursePlayerTest.progress(session, write(n - 1, n, (long) n))
                            .then()
                            .statusCode(200)
                            .extract()
                            .jsonPath();
                }));
            }
            start.countDown();
            for (int i = 0; i < order.size(); i++) {
                // No answer names a screen before its own write's: a late write answers the newer place.
                assertThat(answers.get(i).get().getInt("progress.screenIndex"))
                        .isGreaterThanOrEqualTo(order.get(i) - 1);
            }
        } finally {
            pool.shutdownNow();
        }
        JsonPath stored = tracking(key, id, "learner-1");
        assertThat(stored.getInt("[0].screenIndex")).isEqualTo(SCREENS - 1);
        assertThat(stored.getLong("[0].totalTime")).isEqualTo((long) SCREENS * (SCREENS + 1) / 2);
        CoursePlayerTest.progress(session, write(2, 0, (long) SCREENS))
                .then()
                .statusCode(200)
                .body("progress.screenIndex", equalTo(SCREENS - 1));
    }
}

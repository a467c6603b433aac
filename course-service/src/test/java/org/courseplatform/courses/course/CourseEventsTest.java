package org.courseplatform.courses.course;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.courseplatform.platform.testing.TestKafka;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/** Every lifecycle change reaches course-events in order; a stuck capture is failed by a new request. */
@QuarkusTest
class CourseEventsTest {

    @Test
    void eachLifecycleChangeEmitsItsEventInOrder() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = CourseLifecycleTest.importCourse(key, "a", null, CourseLifecycleTest.BUILDER2);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/publish")
                .then()
                .statusCode(200);
        given().header("Authorization", key)
                .contentType("application/json")
                .body("{\"document\":" + CourseLifecycleTest.BUILDER2 + "}")
                .put("/v1/headless/course/" + id + "/content")
                .then()
                .statusCode(200);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/revert")
                .then()
                .statusCode(200);
        given().header("Authorization", key)
                .delete("/v1/headless/course/" + id)
                .then()
                .statusCode(200);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/restore")
                .then()
                .statusCode(200);
        List<String> types = eventTypes(id, 6);
        assertThat(types)
                .containsExactly(
                        "course.created",
                        "course.published",
                        "course.updated",
                        "course.reverted",
                        "course.deleted",
                        "course.restored");
    }

    @Test
    void regeneratingFailsAStuckCapture() throws Throwable {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = CourseLifecycleTest.importCourse(key, "a", null, CourseLifecycleTest.BUILDER2);
        // A capture whose worker died: running, with a lease far in the future.
        VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(() -> Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "insert into thumbnail_job (course_id, revision, status, attempts, locked_until)"
                                        + " values (?1, 1, 'running', 1, now() + interval '1 hour')")
                        .setParameter(1, id)
                        .executeUpdate())));
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/thumbnail")
                .then()
                .statusCode(200);
        List<Object[]> rows = VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(() -> Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "select status, error from thumbnail_job where course_id = ?1 and locked_until > now() + interval '30 minutes'",
                                Object[].class)
                        .setParameter(1, id)
                        .getResultList())));
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0)[0]).isEqualTo("failed");
        assertThat((String) rows.get(0)[1]).contains("superseded");
    }

    private static List<String> eventTypes(long courseId, int expected) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        String subject = "\"subject\":\"" + courseId + "\"";
        List<ConsumerRecord<String, String>> records = TestKafka.readUntil(
                "course-events",
                all -> all.stream().filter(r -> r.value().contains(subject)).count() >= expected,
                Duration.ofSeconds(30));
        List<String> types = new ArrayList<>();
        for (ConsumerRecord<String, String> r : records) {
            if (r.value().contains(subject)) {
                JsonNode event = mapper.readTree(r.value());
                types.add(event.get("type").asText());
            }
        }
        return types;
    }
}

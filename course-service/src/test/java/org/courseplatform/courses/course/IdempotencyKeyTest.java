package org.courseplatform.courses.course;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/**
 * A write sent again with its Idempotency-Key (a retry after a lost answer or a killed replica)
 * answers the first result and writes nothing more; a key is never silently ignored.
 */
@QuarkusTest
class IdempotencyKeyTest {

    @Test
    void aRepeatedCreateAnswersTheFirstCourseAndMakesNoSecond() throws Throwable {
        String apiKey = TestKeys.enterprise(TestKeys.newWorkspace());
        String key = UUID.randomUUID().toString();
        String title = "Keyed " + key;

        Response first = create(apiKey, key, title);
        Response again = create(apiKey, key, title);

        assertThat(first.statusCode()).isEqualTo(201);
        assertThat(first.header("Idempotent-Replayed")).isNull();
        assertThat(again.statusCode()).isEqualTo(201);
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.jsonPath().getLong("id")).isEqualTo(first.jsonPath().getLong("id"));
        assertThat(again.asString()).isEqualTo(first.asString());
        assertThat(count("select count(*) from course where title = ?1", title)).isEqualTo(1);
        assertThat(count(
                        "select count(*) from outbox where type = 'course.created' and payload::text like ?1",
                        "%\"subject\":\"" + first.jsonPath().getLong("id") + "\"%"))
                .isEqualTo(1);
    }

    @Test
    void theSameKeyWithAnotherRequestIsRefusedAndChangesNothing() throws Throwable {
        String apiKey = TestKeys.enterprise(TestKeys.newWorkspace());
        String key = UUID.randomUUID().toString();
        create(apiKey, key, "First " + key).then().statusCode(201);

        create(apiKey, key, "Second " + key)
                .then()
                .statusCode(422)
                .body("error.status", org.hamcrest.Matchers.is(422))
                .body("message", org.hamcrest.Matchers.containsString("another request"));

        assertThat(count("select count(*) from course where title = ?1", "Second " + key))
                .isZero();
    }

    @Test
    void keysBelongToTheirCaller() {
        String key = UUID.randomUUID().toString();
        Response a = create(TestKeys.enterprise(TestKeys.newWorkspace()), key, "A " + key);
        Response b = create(TestKeys.enterprise(TestKeys.newWorkspace()), key, "A " + key);
        assertThat(a.statusCode()).isEqualTo(201);
        assertThat(b.statusCode()).isEqualTo(201);
        assertThat(b.header("Idempotent-Replayed")).isNull();
        assertThat(b.jsonPath().getLong("id")).isNotEqualTo(a.jsonPath().getLong("id"));
    }

    @Test
    void aFailedWriteLeavesItsKeyFree() {
        String apiKey = TestKeys.enterprise(TestKeys.newWorkspace());
        String key = UUID.randomUUID().toString();
        given().header("Authorization", apiKey)
                .header("Idempotency-Key", key)
                .contentType("application/json")
                .body("{\"title\":\"\",\"identifier\":\"author\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(400);
        create(apiKey, key, "After " + key).then().statusCode(201).header("Idempotent-Replayed", (String) null);
    }

    @Test
    void concurrentRequestsWithOneKeyWriteOnce() throws Throwable {
        String apiKey = TestKeys.enterprise(TestKeys.newWorkspace());
        String key = UUID.randomUUID().toString();
        String title = "Raced " + key;
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<Response>> answers = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                answers.add(pool.submit((Callable<Response>) () -> create(apiKey, key, title)));
            }
            List<Long> ids = new ArrayList<>();
            for (Future<Response> answer : answers) {
                Response response = answer.get();
                assertThat(response.statusCode()).as(response.asString()).isEqualTo(201);
                ids.add(response.jsonPath().getLong("id"));
            }
            assertThat(ids).containsOnly(ids.get(0));
        } finally {
            pool.shutdownNow();
        }
        assertThat(count("select count(*) from course where title = ?1", title)).isEqualTo(1);
    }

    @Test
    void aPublishRepeatedWithItsKeyPublishesOnce() throws Throwable {
        String apiKey = TestKeys.enterprise(TestKeys.newWorkspace());
        long id =
                create(apiKey, null, "Publish " + UUID.randomUUID()).jsonPath().getLong("id");
        String key = UUID.randomUUID().toString();
        for (int i = 0; i < 3; i++) {
            given().header("Authorization", apiKey)
                    .header("Idempotency-Key", key)
                    .post("/v1/headless/course/" + id + "/publish")
                    .then()
                    .statusCode(200)
                    .body("id", org.hamcrest.Matchers.is((int) id));
        }
        assertThat(count(
                        "select count(*) from outbox where type = 'course.published' and payload::text like ?1",
                        "%\"subject\":\"" + id + "\"%"))
                .isEqualTo(1);
    }

    @Test
    void aKeyIsRefusedWhereItIsNotHonouredAndTheWriteDoesNotHappen() throws Throwable {
        String apiKey = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = create(apiKey, null, "Revert " + UUID.randomUUID()).jsonPath().getLong("id");
        given().header("Authorization", apiKey)
                .header("Idempotency-Key", UUID.randomUUID().toString())
                .delete("/v1/headless/course/" + id)
                .then()
                .statusCode(200);
        given().header("Authorization", apiKey)
                .header("Idempotency-Key", UUID.randomUUID().toString())
                .post("/v1/headless/course/" + id + "/restore")
                .then()
                .statusCode(400)
                .body("details[0].field", org.hamcrest.Matchers.is("Idempotency-Key"));
        assertThat(count("select count(*) from course where id = ?1 and deleted", id))
                .isEqualTo(1);
    }

    @Test
    void malformedKeysAreRefused() {
        String apiKey = TestKeys.enterprise(TestKeys.newWorkspace());
        for (String key : List.of("x".repeat(256), "two words", "")) {
            given().header("Authorization", apiKey)
                    .header("Idempotency-Key", key)
                    .contentType("application/json")
                    .body("{\"title\":\"Bad key\"}")
                    .post("/v1/headless/courses")
                    .then()
                    .statusCode(400)
                    .body("details[0].field", org.hamcrest.Matchers.is("Idempotency-Key"));
        }
    }

    private static Response create(String apiKey, String idempotencyKey, String title) {
        var request = given().header("Authorization", apiKey).contentType("application/json");
        if (idempotencyKey != null) {
            request = request.header("Idempotency-Key", idempotencyKey);
        }
        return request.body("{\"title\":\"" + title + "\",\"identifier\":\"author\"}")
                .post("/v1/headless/courses");
    }

    private static long count(String sql, Object parameter) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(() -> Panache.getSession()
                .chain(s -> s.createNativeQuery(sql, Long.class)
                        .setParameter(1, parameter)
                        .getSingleResult())));
    }
}

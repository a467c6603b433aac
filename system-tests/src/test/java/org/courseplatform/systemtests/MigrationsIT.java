package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.courseplatform.platform.testing.HttpsReceiver;
import org.junit.jupiter.api.Test;

/**
 * Classic to Builder 2 migration through the ingress: migration-service and the real
 * course-service together, a mixed batch polled to its end, the retry of the blocked course as
 * a new batch.
 */
class MigrationsIT {

    static final String CONVERTIBLE = """
            {"format":"classic","title":"Sys convertible","slides":[
             {"id":101,"kind":"content","heading":"Intro","body":"<p>Hello</p>","image":{"url":"https://cdn.example.com/a.png","alt":"A"}},
             {"id":102,"kind":"flashcards","heading":"Terms","cards":[{"id":1,"front":"Par","back":"Expected"}]},
             {"id":103,"kind":"quiz","heading":"Check","questions":[{"id":7,"prompt":"Why?","choices":[{"id":1,"text":"Because","correct":true},{"id":2,"text":"No"}]}]},
             {"id":104,"kind":"video","heading":"Swing","video":{"url":"https://cdn.example.com/swing.mp4"}}]}""";
    static final String WITH_FLASH = """
            {"format":"classic","title":"Sys flash","slides":[
             {"id":201,"kind":"content","heading":"Intro","body":"Hi"},
             {"id":205,"kind":"flash","heading":"Legacy animation","swf":"anim.swf"}]}""";
    static final String FLASH_FIXED = WITH_FLASH.replace(
            "\"kind\":\"flash\",\"heading\":\"Legacy animation\",\"swf\":\"anim.swf\"",
            "\"kind\":\"video\",\"heading\":\"Legacy animation\",\"video\":{\"url\":\"https://cdn.example.com/anim.mp4\"}");
    static final String BUILDER2 = """
            {"format":"builder2","title":"Sys modern","screens":[{"id":"s1","type":"blocks","title":"One"}]}""";

    private static RequestSpecification as(String key) {
        return Suite.ingress().header("Authorization", key).contentType(ContentType.JSON);
    }

    private static long importCourse(String key, String document) {
        return as(key).body("{\"identifier\":\"author\",\"document\":" + document + "}")
                .post("/v1/headless/courses/import")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    private static JsonPath awaitBatch(String key, String id) {
        JsonPath[] last = new JsonPath[1];
        Awaitility.await()
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> {
                    last[0] = as(key).get("/v1/headless/course-migrations/" + id)
                            .then()
                            .statusCode(200)
                            .extract()
                            .jsonPath();
                    return last[0].getString("status").startsWith("completed");
                });
        return last[0];
    }

    private static Map<String, Object> item(JsonPath batch, long courseId) {
        List<Map<String, Object>> items = batch.getList("items");
        return items.stream()
                .filter(i -> ((Number) i.get("courseId")).longValue() == courseId)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aMixedBatchIsMigratedThenTheFixedBlockerAsANewBatch() throws Exception {
        long ws = Suite.workspace("build");
        String key = Suite.key(ws, "live")[1];
        try (HttpsReceiver receiver = Suite.receiver()) {
            String path = "/migrations/" + ws;
            String secret = as(key).body("{\"url\":\"" + receiver.url(path)
                            + "\",\"events\":[\"migration.progress\",\"migration.completed\"]}")
                    .post("/v1/headless/webhooks")
                    .then()
                    .statusCode(201)
                    .extract()
                    .jsonPath()
                    .getString("secret");
            mixedBatch(ws, key, receiver, path, secret);
        }
    }

    private void mixedBatch(long ws, String key, HttpsReceiver receiver, String path, String secret) throws Exception {
        long convertible = importCourse(key, CONVERTIBLE);
        long flash = importCourse(key, WITH_FLASH);
        long modern = importCourse(key, BUILDER2);
        long unknown = 987_654_321_000L;
        String flashContentBefore = as(key).get("/v1/headless/course/content/" + flash)
                .then()
                .statusCode(200)
                .extract()
                .asString();
        String flashCourseBefore = as(key).get("/v1/headless/courses/" + flash).asString();

        String body = "{\"courseIds\":[" + convertible + ",\"" + flash + "\"," + modern + "," + unknown + ","
                + convertible + "],\"notifyEmail\":\"ops@example.com\"}";
        String batchId = as(key).body(body)
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(202)
                .body("status", equalTo("pending"))
                .body("counts.total", equalTo(4))
                .body("counts.pending", equalTo(4))
                .extract()
                .jsonPath()
                .getString("id");

        JsonPath done = awaitBatch(key, batchId);
        assertThat(done.getString("status")).isEqualTo("completed_with_errors");
        assertThat(done.getMap("counts"))
                .containsEntry("total", 4)
                .containsEntry("pending", 0)
                .containsEntry("processing", 0)
                .containsEntry("succeeded", 2)
                .containsEntry("failed", 2);
        assertThat(item(done, convertible))
                .containsEntry("status", "migrated")
                .containsEntry("total", 4)
                .containsEntry("changed", 4)
                .containsEntry("title", "Sys convertible");
        assertThat(item(done, flash)).containsEntry("status", "blocked").containsEntry("changed", 0);
        assertThat(done.getList("items.find { it.courseId == " + flash + " }.blocked.screenId"))
                .containsExactly("205");
        assertThat(item(done, modern)).containsEntry("status", "already_modern");
        assertThat(item(done, unknown))
                .containsEntry("status", "failed")
                .containsEntry("error", "Course " + unknown + " not found");

        // The converted course keeps its screen, question and answer ids and is still unpublished.
        as(key).get("/v1/headless/courses/" + convertible)
                .then()
                .statusCode(200)
                .body("format", equalTo("builder2"))
                .body("published", equalTo(false))
                .body("screenCount", equalTo(4));
        JsonPath content = as(key).get("/v1/headless/course/content/" + convertible)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(content.getString("screens[2].elements[0].question")).isEqualTo("Why?");
        // The blocked course is exactly as it was.
        assertThat(as(key).get("/v1/headless/courses/" + flash).asString()).isEqualTo(flashCourseBefore);
        assertThat(as(key).get("/v1/headless/course/content/" + flash).asString())
                .isEqualTo(flashContentBefore);

        // The dispatcher delivers a signed migration.progress per course, then migration.completed once.
        List<HttpsReceiver.Request> hooks = receiver.await(path, 5, Duration.ofSeconds(60));
        assertThat(hooks)
                .extracting(r -> r.header("X-Service-Event"))
                .containsExactlyInAnyOrder(
                        "migration.progress",
                        "migration.progress",
                        "migration.progress",
                        "migration.progress",
                        "migration.completed");
        for (HttpsReceiver.Request hook : hooks) {
            assertThat(hook.signedWith(secret)).isTrue();
            assertThat(hook.json().at("/data/id").asText()).isEqualTo(batchId);
            assertThat(hook.json().get("testMode").asBoolean()).isFalse();
        }
        assertThat(hooks)
                .filteredOn(r -> r.header("X-Service-Event").equals("migration.progress"))
                .extracting(r -> r.json().at("/data/item/courseId").asLong())
                .containsExactlyInAnyOrder(convertible, flash, modern, unknown);
        HttpsReceiver.Request completed = hooks.stream()
                .filter(r -> r.header("X-Service-Event").equals("migration.completed"))
                .findFirst()
                .orElseThrow();
        assertThat(completed.json().at("/data/status").asText()).isEqualTo("completed_with_errors");
        assertThat(completed.json().at("/data/counts/total").asInt()).isEqualTo(4);

        // Fix the blocker and migrate only that course (with one already done) as a new batch.
        as(key).body("{\"document\":" + FLASH_FIXED + "}")
                .put("/v1/headless/course/" + flash + "/content")
                .then()
                .statusCode(200);
        String retryId = as(key).body("{\"courseIds\":[" + flash + "," + convertible + "]}")
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(202)
                .extract()
                .jsonPath()
                .getString("id");
        JsonPath retried = awaitBatch(key, retryId);
        assertThat(retried.getString("status")).isEqualTo("completed");
        assertThat(item(retried, flash)).containsEntry("status", "migrated").containsEntry("changed", 2);
        assertThat(item(retried, convertible)).containsEntry("status", "already_modern");
        as(key).get("/v1/headless/courses/" + flash).then().body("format", equalTo("builder2"));

        // Nobody else sees the batch; one course is answered at once, without a batch.
        String other = Suite.key(Suite.workspace("build"), "live")[1];
        as(other).get("/v1/headless/course-migrations/" + batchId).then().statusCode(404);
        as(other).post("/v1/headless/course/" + convertible + "/migrate").then().statusCode(404);
        as(key).post("/v1/headless/course/" + convertible + "/migrate")
                .then()
                .statusCode(200)
                .body("status", equalTo("already_modern"))
                .body("courseId", equalTo((int) convertible));
    }

    @Test
    void aPreviewIsCommittedByMigration() {
        long ws = Suite.workspace("build");
        String key = Suite.key(ws, "live")[1];
        long id = importCourse(key, CONVERTIBLE);
        as(key).post("/v1/headless/course/" + id + "/migration-preview")
                .then()
                .statusCode(200)
                .body("preview", equalTo(true))
                .body("status", equalTo("migrated"));
        as(key).body("{\"courseIds\":[" + id + "]}")
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(200)
                .body("status", equalTo("migrated"))
                .body("total", equalTo(4))
                .body("changed", equalTo(4));
        as(key).delete("/v1/headless/course/" + id + "/migration-preview")
                .then()
                .statusCode(409);
        as(key).get("/v1/headless/courses/" + id).then().body("format", equalTo("builder2"));
    }

    @Test
    void tooManyCourseIdsAreRefusedWithTheDocumentedMessage() {
        StringBuilder ids = new StringBuilder();
        for (int i = 1; i <= 51; i++) {
            ids.append(i == 1 ? "" : ",").append(i);
        }
        Suite.demo()
                .contentType(ContentType.JSON)
                .body("{\"courseIds\":[" + ids + "]}")
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(400)
                .body("message", equalTo("courseIds max=50, asked for 51"));
    }
}

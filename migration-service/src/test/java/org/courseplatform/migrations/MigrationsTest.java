package org.courseplatform.migrations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.awaitility.Awaitility;
import org.courseplatform.platform.auth.Tokens;
import org.courseplatform.platform.testing.TestKafka;
import org.courseplatform.platform.testing.TestKeys;
import org.eclipse.microprofile.config.ConfigProvider;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/**
 * Migration requests, batches, their states and counts and their events, against the real
 * course-service, PostgreSQL and Kafka.
 */
@QuarkusTest
class MigrationsTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Inject
    Tokens tokens;

    static RequestSpecification as(String key) {
        return given().header("Authorization", key).contentType(ContentType.JSON);
    }

    static String ids(Object... ids) {
        return "{\"courseIds\":["
                + Arrays.stream(ids)
                        .map(id -> id instanceof String s ? "\"" + s + "\"" : id.toString())
                        .collect(Collectors.joining(","))
                + "]}";
    }

    /** Polls the batch until it is no longer pending or processing. */
    static JsonPath awaitBatch(String key, String batchId) {
        JsonPath[] last = new JsonPath[1];
        Awaitility.await()
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    last[0] = given().header("Authorization", key)
                            .get("/v1/headless/course-migrations/" + batchId)
                            .then()
                            .statusCode(200)
                            .extract()
                            .jsonPath();
                    String status = last[0].getString("status");
                    return status.startsWith("completed");
                });
        return last[0];
    }

    static Map<String, Object> item(JsonPath batch, long courseId) {
        List<Map<String, Object>> items = batch.getList("items");
        return items.stream()
                .filter(i -> ((Number) i.get("courseId")).longValue() == courseId)
                .findFirst()
                .orElseThrow();
    }

    /** Events of one batch on migration-events, in order, once the completed event arrived. */
    static List<JsonNode> batchEvents(String batchId) {
        List<ConsumerRecord<String, String>> records = TestKafka.readUntil(
                "migration-events",
                rs -> rs.stream()
                        .anyMatch(r -> r.value().contains("\"subject\":\"" + batchId + "\"")
                                && r.value().contains("\"type\":\"migration.completed\"")),
                Duration.ofSeconds(30));
        List<JsonNode> events = new ArrayList<>();
        for (ConsumerRecord<String, String> r : records) {
            JsonNode event = json(r.value());
            if (batchId.equals(event.path("subject").asText())) {
                events.add(event);
            }
        }
        return events;
    }

    static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void oneUniqueCourseIsMigratedAtOnceWithoutABatch() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = Courses.importCourse(key, Courses.CONVERTIBLE);
        as(key).body("{\"courseIds\":[" + id + ",\"" + id + "\"],\"notifyEmail\":\"ops@example.com\"}")
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(200)
                .body("courseId", equalTo((int) id))
                .body("status", equalTo("migrated"))
                .body("total", equalTo(4))
                .body("changed", equalTo(4))
                .body("blocked", empty())
                .body("id", nullValue())
                .body("items", nullValue());
        JsonPath draft = Courses.draft(tokens.serviceToken("course-service"), ws, id);
        assertThat(draft.getString("format")).isEqualTo("builder2");
        assertThat(draft.getList("draft.screens.id")).containsExactly("101", "102", "103", "104");
        assertThat(draft.getString("draft.screens[2].elements[0].id")).isEqualTo("7");
        assertThat(draft.getList("draft.screens[2].elements[0].answers.id")).containsExactly("1", "2");
        assertThat(Courses.course(key, id).getBoolean("published")).isFalse();

        // The same operation on the course path; the course is Builder 2 now.
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/migrate")
                .then()
                .statusCode(200)
                .body("courseId", equalTo((int) id))
                .body("status", equalTo("already_modern"))
                .body("total", equalTo(4))
                .body("changed", equalTo(0))
                .body("blocked", empty());
        // A legacy body is accepted and ignored there too.
        as(key).body("{\"notifyEmail\":\"ops@example.com\"}")
                .post("/v1/headless/course/" + id + "/migrate")
                .then()
                .statusCode(200)
                .body("status", equalTo("already_modern"));
        assertThat(batchesOf(ws)).isZero();
    }

    @Test
    void aBlockedCourseIsAResultAndStaysUnchanged() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = Courses.importCourse(key, Courses.WITH_FLASH);
        String service = tokens.serviceToken("course-service");
        JsonPath before = Courses.draft(service, ws, id);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/migrate")
                .then()
                .statusCode(200)
                .body("status", equalTo("blocked"))
                .body("total", equalTo(2))
                .body("changed", equalTo(0))
                .body("blocked", hasSize(1))
                .body("blocked[0].screenId", equalTo("205"))
                .body("blocked[0].reason", Matchers.startsWith("Flash slides cannot be converted"));
        JsonPath after = Courses.draft(service, ws, id);
        assertThat(after.getLong("revision")).isEqualTo(before.getLong("revision"));
        assertThat(after.getMap("draft")).isEqualTo(before.getMap("draft"));
    }

    @Test
    void aSingleCourseOfAnotherWorkspaceOrUnknownIsNotFoundAndUntouched() {
        long ws = TestKeys.newWorkspace();
        String owner = TestKeys.enterprise(ws);
        long id = Courses.importCourse(owner, Courses.CONVERTIBLE);
        String other = TestKeys.enterprise(TestKeys.newWorkspace());
        as(other)
                .body(ids(id))
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"))
                .body("message", equalTo("Course " + id + " not found"));
        given().header("Authorization", other)
                .post("/v1/headless/course/" + id + "/migrate")
                .then()
                .statusCode(404);
        given().header("Authorization", owner)
                .post("/v1/headless/course/987654321/migrate")
                .then()
                .statusCode(404);
        assertThat(Courses.course(owner, id).getString("format")).isEqualTo("classic");
        // A deleted course must be restored first.
        given().baseUri(Courses.url())
                .header("Authorization", owner)
                .delete("/v1/headless/course/" + id)
                .then()
                .statusCode(200);
        given().header("Authorization", owner)
                .post("/v1/headless/course/" + id + "/migrate")
                .then()
                .statusCode(409)
                .body("error.code", equalTo("CONFLICT"));
    }

    @Test
    void aMigrationRepeatedWithItsIdempotencyKeyAnswersTheFirstResult() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long a = Courses.importCourse(key, Courses.CONVERTIBLE);
        long b = Courses.importCourse(key, Courses.CONVERTIBLE);
        String batchKey = UUID.randomUUID().toString();
        JsonPath first = as(key).header("Idempotency-Key", batchKey)
                .body(ids(a, b))
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(202)
                .extract()
                .jsonPath();
        as(key).header("Idempotency-Key", batchKey)
                .body(ids(a, b))
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(202)
                .header("Idempotent-Replayed", "true")
                .body("id", equalTo(first.getString("id")));
        assertThat(awaitBatch(key, first.getString("id")).getString("status")).isEqualTo("completed");

        long single = Courses.importCourse(key, Courses.CONVERTIBLE);
        String singleKey = UUID.randomUUID().toString();
        for (int i = 0; i < 2; i++) {
            // Migrated once: the repeat answers "migrated" again, not "already_modern".
            as(key).header("Idempotency-Key", singleKey)
                    .body(ids(single))
                    .post("/v1/headless/course-migrations")
                    .then()
                    .statusCode(200)
                    .body("courseId", equalTo((int) single))
                    .body("status", equalTo("migrated"));
        }
    }

    @Test
    void courseIdsAreValidated() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        as(key).body("{}")
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("courseIds"));
        as(key).body("{\"courseIds\":[]}")
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("courseIds"));
        as(key).body("{\"courseIds\":5}")
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("courseIds"));
        as(key).body("{\"courseIds\":[1,\"abc\",1.5,-3,0,\"\",null,{},\"12a\",\"0\",\"1234567890123456789\","
                        + "1234567890123456789]}")
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(400)
                .body(
                        "details.field",
                        equalTo(List.of(
                                "courseIds[1]",
                                "courseIds[2]",
                                "courseIds[3]",
                                "courseIds[4]",
                                "courseIds[5]",
                                "courseIds[6]",
                                "courseIds[7]",
                                "courseIds[8]",
                                "courseIds[9]",
                                "courseIds[10]",
                                "courseIds[11]")));
        String fiftyOne =
                IntStream.rangeClosed(1, 51).mapToObj(Integer::toString).collect(Collectors.joining(","));
        as(key).body("{\"courseIds\":[" + fiftyOne + "]}")
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(400)
                .body("message", equalTo("courseIds max=50, asked for 51"))
                .body("error.code", equalTo("BAD_REQUEST"));
        as(key).body("{\"courseIds\":[1],\"colour\":\"red\"}")
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(400);
        as(key).body("{\"courseIds\":[1")
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(400);
        given().header("Authorization", key)
                .post("/v1/headless/course/abc/migrate")
                .then()
                .statusCode(400);
        assertThat(batchesOf(Long.parseLong(key.split(":")[1]))).isZero();
    }

    @Test
    void repeatedIdsCountOnceTowardsTheLimit() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        // 50 unique ids (none of them courses of this workspace), asked 100 times in all.
        String ids = IntStream.rangeClosed(1, 100)
                .mapToObj(i -> Integer.toString(900_000_000 + (i % 50)))
                .collect(Collectors.joining(","));
        JsonPath batch = as(key).body("{\"courseIds\":[" + ids + "]}")
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(202)
                .body("counts.total", equalTo(50))
                .extract()
                .jsonPath();
        JsonPath done = awaitBatch(key, batch.getString("id"));
        assertThat(done.getString("status")).isEqualTo("completed_with_errors");
        assertThat(done.getInt("counts.failed")).isEqualTo(50);
        assertThat(done.getList("items.reason")).containsOnly("not_found");
    }

    @Test
    void migrationNeedsAnApiKeyOfTheBuildPlan() {
        long ws = TestKeys.newWorkspace();
        given().contentType(ContentType.JSON)
                .body(ids(1, 2))
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(401);
        as(TestKeys.header(ws, "starter", "", "", "live"))
                .body(ids(1, 2))
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"));
        given().header("Authorization", TestKeys.header(ws, "starter", "", "", "live"))
                .post("/v1/headless/course/1/migrate")
                .then()
                .statusCode(403);
    }

    @Test
    void aMixedBatchRunsEveryItemToItsEndWithEventsInTheKeysMode() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "test");
        long convertible = Courses.importCourse(key, Courses.CONVERTIBLE);
        long flash = Courses.importCourse(key, Courses.WITH_FLASH);
        long modern = Courses.importCourse(key, Courses.BUILDER2);
        String otherKey = TestKeys.enterprise(TestKeys.newWorkspace());
        long foreign = Courses.importCourse(otherKey, Courses.CONVERTIBLE);
        long unknown = 987_654_321L;
        String service = tokens.serviceToken("course-service");
        JsonPath flashBefore = Courses.draft(service, ws, flash);

        JsonPath created = as(key).body(ids(convertible, String.valueOf(flash), modern, unknown, convertible, foreign))
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(202)
                .body("id", notNullValue())
                .body("status", equalTo("pending"))
                .body("created", notNullValue())
                .body("completed", nullValue())
                .body("counts.total", equalTo(5))
                .body("counts.pending", equalTo(5))
                .body("counts.processing", equalTo(0))
                .body("counts.succeeded", equalTo(0))
                .body("counts.failed", equalTo(0))
                .body(
                        "items.courseId",
                        equalTo(List.of((int) convertible, (int) flash, (int) modern, (int) unknown, (int) foreign)))
                .body("items.status", equalTo(List.of("pending", "pending", "pending", "pending", "pending")))
                .body("notifyEmail", nullValue())
                .extract()
                .jsonPath();
        String batchId = created.getString("id");
        assertThat(created.getList("items.jobId")).doesNotContainNull().doesNotHaveDuplicates();

        JsonPath done = awaitBatch(key, batchId);
        assertThat(done.getString("status")).isEqualTo("completed_with_errors");
        assertThat(done.getString("completed")).isNotNull();
        assertThat(done.getInt("counts.total")).isEqualTo(5);
        assertThat(done.getInt("counts.pending")).isZero();
        assertThat(done.getInt("counts.processing")).isZero();
        assertThat(done.getInt("counts.succeeded")).isEqualTo(2);
        assertThat(done.getInt("counts.failed")).isEqualTo(3);

        Map<String, Object> migrated = item(done, convertible);
        assertThat(migrated)
                .containsEntry("status", "migrated")
                .containsEntry("title", "Convertible")
                .containsEntry("total", 4)
                .containsEntry("changed", 4)
                .containsEntry("error", null)
                .containsEntry("reason", null)
                .containsEntry("blocked", List.of())
                .containsEntry("screens", List.of("101", "102", "103", "104"));
        Map<String, Object> blocked = item(done, flash);
        assertThat(blocked)
                .containsEntry("status", "blocked")
                .containsEntry("title", "Has flash")
                .containsEntry("total", 2)
                .containsEntry("changed", 0)
                .containsEntry("reason", "blocked_screens")
                .containsEntry("error", null)
                .containsEntry("screens", List.of());
        assertThat((List<?>) blocked.get("blocked")).hasSize(1);
        assertThat(((Map<?, ?>) ((List<?>) blocked.get("blocked")).get(0)).get("screenId"))
                .isEqualTo("205");
        assertThat(item(done, modern))
                .containsEntry("status", "already_modern")
                .containsEntry("title", "Modern")
                .containsEntry("total", 2)
                .containsEntry("changed", 0);
        assertThat(item(done, unknown))
                .containsEntry("status", "failed")
                .containsEntry("reason", "not_found")
                .containsEntry("error", "Course " + unknown + " not found")
                .containsEntry("title", null);
        assertThat(item(done, foreign))
                .containsEntry("status", "failed")
                .containsEntry("reason", "not_found")
                .containsEntry("error", "Course " + foreign + " not found");

        // Rule 1: identities survive; rule 3: the blocked course is byte-for-byte as it was; the other workspace's is
        // untouched.
        JsonPath converted = Courses.draft(service, ws, convertible);
        assertThat(converted.getList("draft.screens.id")).containsExactly("101", "102", "103", "104");
        assertThat(converted.getString("draft.screens[2].elements[0].id")).isEqualTo("7");
        JsonPath flashAfter = Courses.draft(service, ws, flash);
        assertThat(flashAfter.getLong("revision")).isEqualTo(flashBefore.getLong("revision"));
        assertThat(flashAfter.getMap("draft")).isEqualTo(flashBefore.getMap("draft"));
        assertThat(Courses.course(otherKey, foreign).getString("format")).isEqualTo("classic");

        // Events: one progress per item, then completed once, in the key's mode, data = the batch status.
        List<JsonNode> events = batchEvents(batchId);
        assertThat(events)
                .extracting(e -> e.path("type").asText())
                .containsExactly(
                        "migration.progress",
                        "migration.progress",
                        "migration.progress",
                        "migration.progress",
                        "migration.progress",
                        "migration.completed");
        for (JsonNode event : events) {
            assertThat(event.path("testmode").asBoolean()).isTrue();
            assertThat(event.path("workspaceid").asLong()).isEqualTo(ws);
            JsonNode counts = event.path("data").path("counts");
            assertThat(counts.path("pending").asInt()
                            + counts.path("processing").asInt()
                            + counts.path("succeeded").asInt()
                            + counts.path("failed").asInt())
                    .isEqualTo(counts.path("total").asInt())
                    .isEqualTo(5);
            assertThat(event.path("data").path("id").asText()).isEqualTo(batchId);
        }
        List<Long> finished = events.subList(0, 5).stream()
                .map(e -> e.path("data").path("item").path("courseId").asLong())
                .toList();
        assertThat(finished).containsExactlyInAnyOrder(convertible, flash, modern, unknown, foreign);
        for (int i = 0; i < 5; i++) {
            JsonNode data = events.get(i).path("data");
            int finishedSoFar = data.path("counts").path("succeeded").asInt()
                    + data.path("counts").path("failed").asInt();
            assertThat(finishedSoFar).isEqualTo(i + 1);
            assertThat(data.path("item").path("status").asText())
                    .isIn("migrated", "already_modern", "blocked", "failed");
        }
        JsonNode completed = events.get(5).path("data");
        assertThat(completed.has("item")).isFalse();
        assertThat(completed.path("status").asText()).isEqualTo("completed_with_errors");
        assertThat(completed)
                .isEqualTo(json(given().header("Authorization", key)
                        .get("/v1/headless/course-migrations/" + batchId)
                        .asString()));

        // Rule 6: fix the blocker, submit only those ids again.
        Courses.replaceContent(key, flash, Courses.FLASH_FIXED);
        JsonPath retry = as(key).body(ids(flash, convertible))
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(202)
                .extract()
                .jsonPath();
        JsonPath retried = awaitBatch(key, retry.getString("id"));
        assertThat(retried.getString("status")).isEqualTo("completed");
        assertThat(item(retried, flash)).containsEntry("status", "migrated").containsEntry("changed", 2);
        assertThat(item(retried, convertible)).containsEntry("status", "already_modern");
        assertThat(Courses.draft(service, ws, flash).getList("draft.screens.id"))
                .containsExactly("201", "205");

        // Other workspaces never see the batch.
        given().header("Authorization", otherKey)
                .get("/v1/headless/course-migrations/" + batchId)
                .then()
                .statusCode(404);
    }

    @Test
    void theSingleCoursePathEmitsNoEvents() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long a = Courses.importCourse(key, Courses.CONVERTIBLE);
        long b = Courses.importCourse(key, Courses.CONVERTIBLE);
        long c = Courses.importCourse(key, Courses.BUILDER2);
        as(key).body(ids(a)).post("/v1/headless/course-migrations").then().statusCode(200);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + b + "/migrate")
                .then()
                .statusCode(200);
        // A batch afterwards in the same workspace: its events come after anything the single calls wrote.
        String batchId = as(key).body(ids(b, c))
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(202)
                .extract()
                .jsonPath()
                .getString("id");
        awaitBatch(key, batchId);
        batchEvents(batchId);
        List<ConsumerRecord<String, String>> all =
                TestKafka.readUntil("migration-events", rs -> false, Duration.ofSeconds(2));
        List<JsonNode> ofWorkspace = all.stream()
                .map(r -> json(r.value()))
                .filter(e -> e.path("workspaceid").asLong() == ws)
                .toList();
        assertThat(ofWorkspace)
                .hasSize(3)
                .allSatisfy(e -> assertThat(e.path("subject").asText()).isEqualTo(batchId));
        assertThat(ofWorkspace)
                .allSatisfy(e -> assertThat(e.path("testmode").asBoolean()).isFalse());
    }

    @Test
    void aBatchLeftMidWayByAWorkerThatDiedIsFinished() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long first = Courses.importCourse(key, Courses.CONVERTIBLE);
        long second = Courses.importCourse(key, Courses.CONVERTIBLE);
        long third = Courses.importCourse(key, Courses.CONVERTIBLE);
        UUID batchId = UUID.randomUUID();
        // What a replica that died mid-batch leaves: one item done, one claimed with an expired lease,
        // one claimed over and over by workers that all died, one not started.
        try (Connection db = database();
                Statement st = db.createStatement()) {
            db.setAutoCommit(false);
            st.execute("insert into migration_batch (id, workspace_id, status, test_mode) values ('" + batchId + "', "
                    + ws + ", 'processing', false)");
            st.execute(
                    "insert into migration_item (batch_id, course_id, title, status, total, changed, attempts) values ('"
                            + batchId + "', 1, 'Done before', 'migrated', 3, 3, 1)");
            st.execute("insert into migration_item (batch_id, course_id, status, attempts, locked_until) values ('"
                    + batchId + "', " + first + ", 'processing', 1, now() - interval '1 second')");
            st.execute("insert into migration_item (batch_id, course_id, status, attempts, locked_until) values ('"
                    + batchId + "', " + second + ", 'processing', 5, now() - interval '1 second')");
            st.execute("insert into migration_item (batch_id, course_id, status) values ('" + batchId + "', " + third
                    + ", 'pending')");
            db.commit();
        }
        JsonPath done = awaitBatch(key, batchId.toString());
        assertThat(done.getString("status")).isEqualTo("completed_with_errors");
        assertThat(item(done, first)).containsEntry("status", "migrated");
        assertThat(item(done, second))
                .containsEntry("status", "failed")
                .containsEntry("reason", "unavailable")
                .containsEntry("error", "Gave up after 5 attempts that did not finish");
        assertThat(item(done, third)).containsEntry("status", "migrated");
        assertThat(done.getInt("counts.succeeded")).isEqualTo(3);
        assertThat(done.getInt("counts.failed")).isEqualTo(1);
        assertThat(batchEvents(batchId.toString()))
                .extracting(e -> e.path("type").asText())
                .containsExactly(
                        "migration.progress", "migration.progress", "migration.progress", "migration.completed");
    }

    @Test
    void aBatchOfAnotherWorkspaceOrAnUnknownIdIsNotFound() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        String batchId = as(key).body(ids(1, 2))
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(202)
                .extract()
                .jsonPath()
                .getString("id");
        given().header("Authorization", TestKeys.enterprise(TestKeys.newWorkspace()))
                .get("/v1/headless/course-migrations/" + batchId)
                .then()
                .statusCode(404);
        given().header("Authorization", key)
                .get("/v1/headless/course-migrations/" + UUID.randomUUID())
                .then()
                .statusCode(404);
        given().header("Authorization", key)
                .get("/v1/headless/course-migrations/not-a-batch")
                .then()
                .statusCode(404);
        awaitBatch(key, batchId);
    }

    static Connection database() throws Exception {
        var config = ConfigProvider.getConfig();
        String user = config.getValue("quarkus.datasource.username", String.class);
        return DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class), user, user);
    }

    static long batchesOf(long workspaceId) {
        try (Connection db = database();
                Statement st = db.createStatement();
                ResultSet rs =
                        st.executeQuery("select count(*) from migration_batch where workspace_id = " + workspaceId)) {
            rs.next();
            return rs.getLong(1);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

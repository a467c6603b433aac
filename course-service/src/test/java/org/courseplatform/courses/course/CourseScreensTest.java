package org.courseplatform.courses.course;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.platform.testing.TestTokens;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/**
 * Screen- and element-level edits of a Builder 2 draft: what agent tools (create_screen,
 * add_block, update_screen, delete_screen) and the builder rely on.
 */
@QuarkusTest
class CourseScreensTest {

    private static RequestSpecification as(String key) {
        return given().header("Authorization", key).contentType(ContentType.JSON);
    }

    private static String screens(long id) {
        return "/v1/headless/course/" + id + "/screens";
    }

    private static String screen(long id, String screenId) {
        return screens(id) + "/" + screenId;
    }

    private static String elements(long id, String screenId) {
        return screen(id, screenId) + "/elements";
    }

    private static JsonPath course(String key, long id) {
        return given().header("Authorization", key)
                .get("/v1/headless/courses/" + id)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    /** The stored draft, as the converters read it. */
    private static JsonPath draft(long ws, long id) {
        return given().auth()
                .oauth2(TestTokens.serviceToken("migration-service", "course-service"))
                .queryParam("workspaceId", ws)
                .get("/internal/v1/courses/" + id)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    private static long revision(long ws, long id) {
        return draft(ws, id).getLong("revision");
    }

    private static String quoted(long revision) {
        return "\"" + revision + "\"";
    }

    @Test
    void screensAreAddedFromALayoutOrBlankAtAPositionAndTheCourseFollows() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2);
        long before = revision(ws, id);

        Response quiz = as(key).body(Map.of("layoutId", "quiz-single-choice", "title", "Check your swing"))
                .post(screens(id));
        quiz.then()
                .statusCode(201)
                .body("courseId", equalTo((int) id))
                .body("screens.size()", equalTo(3))
                .body("screens[0].title", equalTo("Check your swing"))
                .body("screens[0].group.role", equalTo("cover"))
                .body("screens[1].type", equalTo("blocksQuiz"))
                .body("screens[1].typeId", equalTo(2))
                .body("screens[2].group.role", equalTo("results"));
        long afterQuiz = quiz.jsonPath().getLong("revision");
        assertThat(afterQuiz).isGreaterThan(before);
        assertThat(quiz.header("ETag")).isEqualTo(quoted(afterQuiz));
        List<String> quizIds = quiz.jsonPath().getList("screens.id");
        JsonPath course = course(key, id);
        assertThat(course.getInt("screenCount")).isEqualTo(5);
        assertThat(course.getInt("timeEstimateMinutes")).isEqualTo(12);
        assertThat(course.getString("title")).isEqualTo("Golf basics");
        JsonPath stored = draft(ws, id);
        assertThat(stored.getList("draft.screens.id"))
                .containsExactly("s1", "s2", quizIds.get(0), quizIds.get(1), quizIds.get(2));
        assertThat(stored.getLong("revision")).isEqualTo(afterQuiz);

        // A blank quiz screen becomes the first: the time estimate (read from the first screen) goes.
        Response blank = as(key).body(Map.of("type", "blocksQuiz", "title", "Before we start", "position", 0))
                .post(screens(id));
        blank.then()
                .statusCode(201)
                .body("screens.size()", equalTo(1))
                .body("screens[0].type", equalTo("blocksQuiz"))
                .body("screens[0].typeId", equalTo(2))
                .body("screens[0].title", equalTo("Before we start"))
                .body("screens[0].elements.size()", equalTo(0));
        assertThat(blank.jsonPath().getLong("revision")).isGreaterThan(afterQuiz);
        String blankId = blank.jsonPath().getString("screens[0].id");
        course = course(key, id);
        assertThat(course.getInt("screenCount")).isEqualTo(6);
        assertThat(course.get("timeEstimateMinutes") == null).isTrue();
        given().header("Authorization", key)
                .get("/v1/headless/course/content/" + id)
                .then()
                .statusCode(200)
                .body("screens.size()", equalTo(6))
                .body("screens[0].title", equalTo("Before we start"));

        as(key).body(Map.of("typeId", 1, "position", 6))
                .post(screens(id))
                .then()
                .statusCode(201)
                .body("screens[0].type", equalTo("blocks"))
                .body("screens[0].title", equalTo("Untitled screen"));

        List<String> ids = draft(ws, id).getList("draft.screens.id");
        assertThat(ids).hasSize(7).doesNotHaveDuplicates().startsWith(blankId, "s1", "s2");
    }

    @Test
    void badScreenRequestsAre400NamingTheField() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2);
        as(key).body(Map.of("type", "blocks", "position", 3))
                .post(screens(id))
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("details[0].field", equalTo("position"))
                .body("message", containsString("0 to 2"));
        as(key).body(Map.of("type", "blocks", "position", -1))
                .post(screens(id))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("position"));
        as(key).body(Map.of("layoutId", "no-such-layout"))
                .post(screens(id))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("layoutId"));
        as(key).body("{}").post(screens(id)).then().statusCode(400).body("details[0].field", equalTo("type"));
        as(key).body(Map.of("type", "hologram"))
                .post(screens(id))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("type"));
        as(key).body(Map.of("type", "blocks", "typeId", 2))
                .post(screens(id))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("typeId"));
        // typeId is an id: a number or a string of digits, nothing else.
        as(key).body("{\"typeId\":\"one\"}")
                .post(screens(id))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("typeId"));
        as(key).body("{\"type\":\"blocks\",\"colour\":\"red\"}")
                .post(screens(id))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("colour"));
        as(key).post(screens(id)).then().statusCode(400).body("error.code", equalTo("BAD_REQUEST"));
        as(key).body(Map.of("type", "blocks"))
                .post("/v1/headless/course/abc/screens")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("id"));
        as(key).body(Map.of("type", "blocks"))
                .post(screens(987654321987L))
                .then()
                .statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        assertThat(course(key, id).getInt("screenCount")).isEqualTo(2);
    }

    @Test
    void anElementIsAddedWithANewIdAndChangesTheTimeEstimateOfTheFirstScreen() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2);
        Response added = as(key).body(
                        "{\"element\":{\"type\":\"timeEstimate\",\"minutes\":30,\"title\":\"Half an hour\"},"
                                + "\"position\":0}")
                .post(elements(id, "s1"));
        added.then()
                .statusCode(201)
                .body("courseId", equalTo((int) id))
                .body("screenId", equalTo("s1"))
                .body("element.type", equalTo("timeEstimate"))
                .body("element.minutes", equalTo(30))
                .body("element.id", notNullValue());
        assertThat(added.header("ETag")).isEqualTo(quoted(added.jsonPath().getLong("revision")));
        String elementId = added.jsonPath().getString("element.id");
        assertThat(elementId).isNotIn("e1", "e2", "e3", "q1");
        JsonPath course = course(key, id);
        assertThat(course.getInt("timeEstimateMinutes")).isEqualTo(30);
        assertThat(course.getInt("screenCount")).isEqualTo(2);
        assertThat(draft(ws, id).getList("draft.screens[0].elements.id")).containsExactly(elementId, "e1", "e2", "e3");

        // A question's answers without ids get them; ones given are kept.
        as(key).body("{\"element\":{\"type\":\"question\",\"question\":\"Which club?\",\"answers\":["
                        + "{\"text\":\"Driver\",\"correct\":true},{\"id\":\"mine\",\"text\":\"Putter\"}]}}")
                .post(elements(id, "s2"))
                .then()
                .statusCode(201)
                .body("element.answers[0].id", notNullValue())
                .body("element.answers[1].id", equalTo("mine"));
        assertThat(draft(ws, id).getList("draft.screens[1].elements.type")).containsExactly("question", "question");
        given().header("Authorization", key)
                .get("/v1/headless/course/content/" + id)
                .then()
                .statusCode(200)
                .body("screens[1].elements[1].question", equalTo("Which club?"));
    }

    @Test
    void badElementsAre400NamingTheFieldAndAnUnknownScreenIs404() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2);
        as(key).body("{\"element\":{\"type\":\"hologram\"}}")
                .post(elements(id, "s1"))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("element.type"));
        as(key).body("{\"element\":{\"type\":\"timeEstimate\"}}")
                .post(elements(id, "s1"))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("element.minutes"));
        as(key).body("{\"element\":{\"type\":\"question\",\"answers\":[{\"text\":\"A\",\"correct\":\"yes\"}]}}")
                .post(elements(id, "s1"))
                .then()
                .statusCode(400)
                .body("details.field", hasItem("element.answers[0].correct"));
        as(key).body("{\"element\":{\"type\":\"button\",\"url\":\"javascript:alert(1)\"}}")
                .post(elements(id, "s1"))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("element.url"));
        as(key).body("{\"element\":{\"id\":\"e9\",\"type\":\"text\"}}")
                .post(elements(id, "s1"))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("element.id"));
        as(key).body("{\"position\":0}")
                .post(elements(id, "s1"))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("element"));
        as(key).body("{\"element\":\"text\"}")
                .post(elements(id, "s1"))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("element"));
        as(key).body("{\"element\":{\"type\":\"divider\"},\"position\":4}")
                .post(elements(id, "s1"))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("position"));
        as(key).body("{\"element\":{\"type\":\"divider\"},\"extra\":1}")
                .post(elements(id, "s1"))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("extra"));
        as(key).body("{\"element\":{\"type\":\"divider\"}}")
                .post(elements(id, "nope"))
                .then()
                .statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"))
                .body("message", containsString("\"nope\""));
        given().header("Authorization", key)
                .get("/v1/headless/course/content/" + id)
                .then()
                .statusCode(200)
                .body("screens[0].elements.size()", equalTo(3));
    }

    @Test
    void aScreenIsPatchedKeepingWhatIsNotGivenAndDroppingTranslationsOfRemovedElements() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2);
        Response titled = as(key).body(Map.of("title", "Hello golfers")).patch(screen(id, "s1"));
        titled.then()
                .statusCode(200)
                .body("courseId", equalTo((int) id))
                .body("screen.id", equalTo("s1"))
                .body("screen.title", equalTo("Hello golfers"))
                .body("screen.description", equalTo(""))
                .body("screen.elements.id", Matchers.contains("e1", "e2", "e3"));
        assertThat(titled.header("ETag")).isEqualTo(quoted(titled.jsonPath().getLong("revision")));
        assertThat(course(key, id).getString("title")).isEqualTo("Golf basics");

        Response replaced = as(key).body(
                        "{\"description\":\"Start here\",\"elements\":["
                                + "{\"type\":\"text\",\"title\":\"New intro\"},{\"id\":\"e3\",\"type\":\"timeEstimate\",\"minutes\":5}]}")
                .patch(screen(id, "s1"));
        replaced.then()
                .statusCode(200)
                .body("screen.title", equalTo("Hello golfers"))
                .body("screen.description", equalTo("Start here"))
                .body("screen.elements.size()", equalTo(2))
                .body("screen.elements[1].id", equalTo("e3"));
        String newId = replaced.jsonPath().getString("screen.elements[0].id");
        assertThat(newId).isNotBlank().isNotIn("e1", "e2", "e3", "q1");
        assertThat(replaced.jsonPath().getLong("revision"))
                .isGreaterThan(titled.jsonPath().getLong("revision"));
        JsonPath course = course(key, id);
        assertThat(course.getInt("timeEstimateMinutes")).isEqualTo(5);
        assertThat(course.getInt("screenCount")).isEqualTo(2);
        JsonPath stored = draft(ws, id);
        // e1 is gone, so is its French text; the screen's own translation stays.
        assertThat(stored.getMap("draft.translations.fr.screens.s1.elements")).isEmpty();
        assertThat(stored.getString("draft.translations.fr.screens.s1.title")).isEqualTo("Bienvenue");
        given().header("Authorization", key)
                .get("/v1/headless/course/content/" + id)
                .then()
                .statusCode(200)
                .body("screens[0].title", equalTo("Hello golfers"))
                .body("screens[0].elements[0].title", equalTo("New intro"));
    }

    @Test
    void badPatchesAre400NamingTheField() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2);
        // q1 is an element of screen s2: ids stay unique in the course.
        as(key).body("{\"elements\":[{\"id\":\"q1\",\"type\":\"text\"}]}")
                .patch(screen(id, "s1"))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("elements[0].id"));
        as(key).body("{\"elements\":[{\"type\":\"text\"},{\"type\":\"hologram\"}]}")
                .patch(screen(id, "s1"))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("elements[1].type"));
        as(key).body("{\"elements\":[{\"type\":\"text\"},null]}")
                .patch(screen(id, "s1"))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("elements[1]"));
        as(key).body("{\"elements\":\"none\"}")
                .patch(screen(id, "s1"))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("elements"));
        as(key).body("{\"title\":5}")
                .patch(screen(id, "s1"))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("title"));
        as(key).body("{\"type\":\"blocksQuiz\"}")
                .patch(screen(id, "s1"))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("type"));
        as(key).body("{}").patch(screen(id, "s1")).then().statusCode(400).body("error.code", equalTo("BAD_REQUEST"));
        as(key).body(Map.of("title", "X"))
                .patch(screen(id, "s9"))
                .then()
                .statusCode(404)
                .body("message", containsString("\"s9\""));
        given().header("Authorization", key)
                .get("/v1/headless/course/content/" + id)
                .then()
                .statusCode(200)
                .body("screens[0].title", equalTo("Welcome"))
                .body("screens[0].elements.size()", equalTo(3));
    }

    @Test
    void aScreenIsDeletedWithItsTranslationsButNotTheLastOne() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2);
        Response deleted = given().header("Authorization", key).delete(screen(id, "s1"));
        deleted.then().statusCode(200).body("courseId", equalTo((int) id)).body("deleted", equalTo("s1"));
        assertThat(deleted.header("ETag")).isEqualTo(quoted(deleted.jsonPath().getLong("revision")));
        JsonPath course = course(key, id);
        assertThat(course.getInt("screenCount")).isEqualTo(1);
        assertThat(course.get("timeEstimateMinutes") == null).isTrue();
        JsonPath stored = draft(ws, id);
        assertThat(stored.getList("draft.screens.id")).containsExactly("s2");
        assertThat(stored.getMap("draft.translations.fr.screens")).isEmpty();
        assertThat(stored.getString("draft.translations.fr.title")).isEqualTo("Bases du golf");

        given().header("Authorization", key)
                .delete(screen(id, "s2"))
                .then()
                .statusCode(409)
                .body("error.code", equalTo("CONFLICT"))
                .body("message", containsString("at least one screen"));
        given().header("Authorization", key).delete(screen(id, "s1")).then().statusCode(404);
        assertThat(course(key, id).getInt("screenCount")).isEqualTo(1);
    }

    @Test
    void classicScormAndDeletedCoursesAre409() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long classic = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.CLASSIC);
        for (Response response : allFour(key, classic, "101")) {
            response.then()
                    .statusCode(409)
                    .body("error.code", equalTo("CONFLICT"))
                    .body("message", containsString("migrate the course to Builder 2 first"));
        }
        long scorm = given().auth()
                .oauth2(TestTokens.serviceToken("scorm-service", "course-service"))
                .contentType(ContentType.JSON)
                .body("{\"workspaceId\":" + ws
                        + ",\"identifier\":\"author\",\"title\":\"golf.zip\",\"testMode\":false}")
                .post("/internal/v1/courses")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        for (Response response : allFour(key, scorm, "s1")) {
            response.then().statusCode(409).body("message", containsString("SCORM"));
        }
        long gone = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2);
        given().header("Authorization", key)
                .delete("/v1/headless/course/" + gone)
                .then()
                .statusCode(200);
        for (Response response : allFour(key, gone, "s2")) {
            response.then().statusCode(409).body("message", containsString("restore it first"));
        }
        assertThat(draft(ws, gone).getList("draft.screens.id")).containsExactly("s1", "s2");
    }

    private static List<Response> allFour(String key, long id, String screenId) {
        return List.of(
                as(key).body(Map.of("type", "blocks")).post(screens(id)),
                as(key).body("{\"element\":{\"type\":\"divider\"}}").post(elements(id, screenId)),
                as(key).body(Map.of("title", "New")).patch(screen(id, screenId)),
                given().header("Authorization", key).delete(screen(id, screenId)));
    }

    @Test
    void aStaleIfMatchIs412WithTheCurrentRevisionAndChangesNothing() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2);
        long read = revision(ws, id);
        Response first = as(key).header("If-Match", quoted(read))
                .body(Map.of("title", "Mine"))
                .patch(screen(id, "s1"));
        first.then().statusCode(200);
        long current = first.jsonPath().getLong("revision");

        // Everything made against the old revision is refused, and says what is current.
        Response stale = as(key).header("If-Match", quoted(read))
                .body(Map.of("type", "blocks"))
                .post(screens(id));
        stale.then()
                .statusCode(412)
                .body("error.code", equalTo("PRECONDITION_FAILED"))
                .body("error.status", equalTo(412))
                .body("message", containsString("revision " + current))
                .body("message", containsString("Re-read the course"));
        assertThat(stale.header("ETag")).isEqualTo(quoted(current));
        as(key).header("If-Match", quoted(read))
                .body("{\"element\":{\"type\":\"divider\"}}")
                .post(elements(id, "s1"))
                .then()
                .statusCode(412);
        as(key).header("If-Match", quoted(read))
                .body(Map.of("title", "Theirs"))
                .patch(screen(id, "s1"))
                .then()
                .statusCode(412);
        given().header("Authorization", key)
                .header("If-Match", quoted(read))
                .delete(screen(id, "s2"))
                .then()
                .statusCode(412);
        JsonPath stored = draft(ws, id);
        assertThat(stored.getLong("revision")).isEqualTo(current);
        assertThat(stored.getString("draft.screens[0].title")).isEqualTo("Mine");
        assertThat(stored.getList("draft.screens.id")).containsExactly("s1", "s2");

        // The current revision, in any accepted form, passes.
        as(key).header("If-Match", quoted(current))
                .body(Map.of("title", "Again"))
                .patch(screen(id, "s1"))
                .then()
                .statusCode(200);
        // An unquoted revision is not an entity tag: 400, not a guess.
        as(key).header("If-Match", String.valueOf(current + 1))
                .body(Map.of("title", "Guess"))
                .patch(screen(id, "s1"))
                .then()
                .statusCode(400)
                .body("details[0].field", Matchers.equalTo("If-Match"));
        as(key).header("If-Match", "*")
                .body(Map.of("title", "Any"))
                .patch(screen(id, "s1"))
                .then()
                .statusCode(200);
        long now = revision(ws, id);
        as(key).header("If-Match", "\"1\", " + quoted(now))
                .body(Map.of("title", "Listed"))
                .patch(screen(id, "s1"))
                .then()
                .statusCode(200);
        as(key).header("If-Match", "W/" + quoted(revision(ws, id)))
                .body(Map.of("title", "Weak"))
                .patch(screen(id, "s1"))
                .then()
                .statusCode(412);
        as(key).header("If-Match", "yesterday")
                .body(Map.of("title", "X"))
                .patch(screen(id, "s1"))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("If-Match"));
    }

    @Test
    void twoConcurrentEditsOfTheSameRevisionNeverBothSucceed() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 5; round++) {
                String etag = quoted(revision(ws, id));
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Integer>> calls = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    String text = "round " + round + " writer " + i;
                    calls.add(pool.submit(() -> {
                        start.await();
                        return as(key).header("If-Match", etag)
                                .body(Map.of("element", Map.of("type", "text", "title", text)))
                                .post(elements(id, "s2"))
                                .statusCode();
                    }));
                }
                start.countDown();
                List<Integer> statuses = new ArrayList<>();
                for (Future<Integer> call : calls) {
                    statuses.add(call.get());
                }
                assertThat(statuses).containsExactlyInAnyOrder(201, 412);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(draft(ws, id).getList("draft.screens[1].elements")).hasSize(1 + 5);
    }

    @Test
    void concurrentEditsWithoutIfMatchQueueAndNoneIsLost() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2);
        int writers = 6;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        List<Long> revisions = new ArrayList<>();
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Response>> calls = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                String text = "writer " + i;
                boolean screen = i % 2 == 0;
                calls.add(pool.submit(() -> {
                    start.await();
                    return screen
                            ? as(key).body(Map.of("type", "blocks", "title", text))
                                    .post(screens(id))
                            : as(key).body(Map.of("element", Map.of("type", "text", "title", text)))
                                    .post(elements(id, "s1"));
                }));
            }
            start.countDown();
            for (Future<Response> call : calls) {
                Response response = call.get();
                assertThat(response.statusCode()).isEqualTo(201);
                revisions.add(response.jsonPath().getLong("revision"));
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(new HashSet<>(revisions)).hasSize(writers);
        JsonPath stored = draft(ws, id);
        assertThat(stored.getList("draft.screens")).hasSize(2 + writers / 2);
        assertThat(stored.getList("draft.screens[0].elements")).hasSize(3 + writers / 2);
        assertThat(stored.getLong("revision"))
                .isEqualTo(revisions.stream().mapToLong(Long::longValue).max().orElseThrow());
        assertThat(course(key, id).getInt("screenCount")).isEqualTo(2 + writers / 2);
    }

    @Test
    void anotherTenantsOrWorkspacesCourseIs404AndStarterIs403() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = CourseLifecycleTest.importCourse(key, "author", "tenant-1", CourseLifecycleTest.BUILDER2);
        for (Response response : allFour(key, id, "s2", "tenant-2")) {
            response.then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        }
        for (Response response : allFour(TestKeys.enterprise(TestKeys.newWorkspace()), id, "s2", null)) {
            response.then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        }
        String starter = TestKeys.header(ws, "starter", "", "", "live");
        for (Response response : allFour(starter, id, "s2", null)) {
            response.then().statusCode(403).body("error.code", equalTo("FORBIDDEN"));
        }
        assertThat(draft(ws, id).getList("draft.screens.id")).containsExactly("s1", "s2");
        // Its own tenant may edit it.
        as(key).queryParam("clientIdentifier", "tenant-1")
                .body(Map.of("title", "Ours"))
                .patch(screen(id, "s2"))
                .then()
                .statusCode(200)
                .body("screen.title", equalTo("Ours"));
    }

    private static List<Response> allFour(String key, long id, String screenId, String tenant) {
        Map<String, String> query = tenant == null ? Map.of() : Map.of("clientIdentifier", tenant);
        return List.of(
                as(key).queryParams(query).body(Map.of("type", "blocks")).post(screens(id)),
                as(key).queryParams(query)
                        .body("{\"element\":{\"type\":\"divider\"}}")
                        .post(elements(id, screenId)),
                as(key).queryParams(query).body(Map.of("title", "New")).patch(screen(id, screenId)),
                given().header("Authorization", key).queryParams(query).delete(screen(id, screenId)));
    }

    @Test
    void theCourseGetReflectsEachChange() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = as(key).body(Map.of("title", "Putting", "identifier", "author"))
                .post("/v1/headless/courses")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        String updated = course(key, id).getString("updated");
        String first = as(key).body(Map.of("layoutId", "quiz-true-false", "position", 0))
                .post(screens(id))
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("screens[0].id");
        JsonPath course = course(key, id);
        assertThat(course.getInt("screenCount")).isEqualTo(4);
        assertThat(course.getString("updated")).isNotEqualTo(updated);
        as(key).body("{\"element\":{\"type\":\"timeEstimate\",\"minutes\":7}}")
                .post(elements(id, first))
                .then()
                .statusCode(201);
        given().header("Authorization", key)
                .get("/v1/headless/courses/" + id)
                .then()
                .statusCode(200)
                .body("timeEstimateMinutes", equalTo(7))
                .body("screenCount", equalTo(4))
                .body("title", equalTo("Putting"));
        given().header("Authorization", key).delete(screen(id, first)).then().statusCode(200);
        given().header("Authorization", key)
                .get("/v1/headless/courses/" + id)
                .then()
                .statusCode(200)
                .body("timeEstimateMinutes", nullValue())
                .body("screenCount", equalTo(3));
    }
}

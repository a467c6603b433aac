package org.courseplatform.courses.course;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.UUID;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.platform.testing.TestTokens;
import org.junit.jupiter.api.Test;

/** The internal migrate call (SPEC.md course migration rules 1–4) and the migration preview (API.md). */
@QuarkusTest
public class CourseMigrationTest {

    public static final String CONVERTIBLE = """
            {"format":"classic","title":"Old course","slides":[
             {"id":101,"kind":"content","heading":"Intro","body":"<p>Hello</p>","image":{"url":"https://cdn.example.com/a.png","alt":"A"}},
             {"id":102,"kind":"flashcards","heading":"Terms","cards":[{"id":1,"front":"Par","back":"Expected"}]},
             {"id":103,"kind":"quiz","heading":"Check","questions":[{"id":7,"prompt":"Why?","choices":[{"id":1,"text":"Because","correct":true},{"id":2,"text":"No"}]}]},
             {"id":104,"kind":"video","heading":"Swing","video":{"url":"https://cdn.example.com/swing.mp4"}}]}""";

    public static final String BLOCKED = """
            {"format":"classic",  "title":"Has flash","slides":[
             {"id":201,"kind":"content","heading":"Intro"},
             {"id":205,"kind":"flash","heading":"Legacy animation","swf":"anim.swf"}]}""";

    private JsonPath migrate(long ws, long id, UUID requestId, int status) {
        String body =
                "{\"workspaceId\":" + ws + (requestId == null ? "" : ",\"requestId\":\"" + requestId + "\"") + "}";
        return given().auth()
                .oauth2(TestTokens.serviceToken("migration-service", "course-service"))
                .contentType(ContentType.JSON)
                .body(body)
                .post("/internal/v1/courses/" + id + "/migrate")
                .then()
                .statusCode(status)
                .extract()
                .jsonPath();
    }

    private JsonPath internal(long ws, long id) {
        return given().auth()
                .oauth2(TestTokens.serviceToken("migration-service", "course-service"))
                .queryParam("workspaceId", ws)
                .get("/internal/v1/courses/" + id)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    private static String draftText(JsonPath course) {
        return course.getMap("draft").toString();
    }

    @Test
    void aClassicCourseIsConvertedKeepingScreenQuestionAndAnswerIdsAndIsNotPublished() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = CourseLifecycleTest.importCourse(key, "author", null, CONVERTIBLE);
        JsonPath result = migrate(ws, id, UUID.randomUUID(), 200);
        assertThat(result.getLong("courseId")).isEqualTo(id);
        assertThat(result.getString("title")).isEqualTo("Old course");
        assertThat(result.getString("status")).isEqualTo("migrated");
        assertThat(result.getInt("total")).isEqualTo(4);
        assertThat(result.getInt("changed")).isEqualTo(4);
        assertThat(result.getList("blocked")).isEmpty();
        assertThat(result.getList("screens")).containsExactly("101", "102", "103", "104");

        JsonPath after = internal(ws, id);
        assertThat(after.getString("format")).isEqualTo("builder2");
        assertThat(after.getList("draft.screens.id")).containsExactly("101", "102", "103", "104");
        assertThat(after.getList("draft.screens.type")).containsExactly("blocks", "blocks", "blocksQuiz", "blocks");
        assertThat(after.getString("draft.screens[2].elements[0].id")).isEqualTo("7");
        assertThat(after.getList("draft.screens[2].elements[0].answers.id")).containsExactly("1", "2");
        given().header("Authorization", key)
                .get("/v1/headless/courses/" + id)
                .then()
                .statusCode(200)
                .body("format", equalTo("builder2"))
                .body("published", equalTo(false))
                .body("screenCount", equalTo(4));

        // The builder can open it: the stored draft is a valid Builder 2 document.
        given().header("Authorization", key)
                .get("/v1/headless/course/content/" + id)
                .then()
                .statusCode(200)
                .body("screens.size()", equalTo(4));
    }

    @Test
    void aPublishedCourseKeepsItsPublishedClassicVersion() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = CourseLifecycleTest.importCourse(key, "author", null, CONVERTIBLE);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/publish")
                .then()
                .statusCode(200);
        migrate(ws, id, null, 200);
        given().header("Authorization", key)
                .get("/v1/headless/courses/" + id)
                .then()
                .body("format", equalTo("builder2"))
                .body("published", equalTo(true));
        // What is published is still the Classic document: reverting brings it back.
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/revert")
                .then()
                .statusCode(200)
                .body("format", equalTo("classic"));
    }

    @Test
    void aBuilder2CourseIsAlreadyModernAndNotWritten() {
        long ws = TestKeys.newWorkspace();
        long id =
                CourseLifecycleTest.importCourse(TestKeys.enterprise(ws), "author", null, CourseLifecycleTest.BUILDER2);
        JsonPath before = internal(ws, id);
        JsonPath result = migrate(ws, id, UUID.randomUUID(), 200);
        assertThat(result.getString("status")).isEqualTo("already_modern");
        assertThat(result.getInt("total")).isEqualTo(2);
        assertThat(result.getInt("changed")).isZero();
        JsonPath after = internal(ws, id);
        assertThat(after.getLong("revision")).isEqualTo(before.getLong("revision"));
        assertThat(after.getString("course.updated")).isEqualTo(before.getString("course.updated"));
    }

    @Test
    void aBlockedCourseIsLeftUnchangedWithAReasonPerBlockedSlide() {
        long ws = TestKeys.newWorkspace();
        long id = CourseLifecycleTest.importCourse(TestKeys.enterprise(ws), "author", null, BLOCKED);
        JsonPath before = internal(ws, id);
        JsonPath result = migrate(ws, id, UUID.randomUUID(), 200);
        assertThat(result.getString("status")).isEqualTo("blocked");
        assertThat(result.getInt("total")).isEqualTo(2);
        assertThat(result.getInt("changed")).isZero();
        assertThat(result.getList("blocked.screenId")).containsExactly("205");
        assertThat(result.getString("blocked[0].reason")).startsWith("Flash slides cannot be converted");
        JsonPath after = internal(ws, id);
        assertThat(after.getLong("revision")).isEqualTo(before.getLong("revision"));
        assertThat(after.getString("format")).isEqualTo("classic");
        assertThat(draftText(after)).isEqualTo(draftText(before));
        assertThat(after.getString("course.updated")).isEqualTo(before.getString("course.updated"));
    }

    @Test
    void aRepeatedRequestAnswersTheFirstResult() {
        long ws = TestKeys.newWorkspace();
        long id = CourseLifecycleTest.importCourse(TestKeys.enterprise(ws), "author", null, CONVERTIBLE);
        UUID request = UUID.randomUUID();
        assertThat(migrate(ws, id, request, 200).getString("status")).isEqualTo("migrated");
        JsonPath again = migrate(ws, id, request, 200);
        assertThat(again.getString("status")).isEqualTo("migrated");
        assertThat(again.getInt("changed")).isEqualTo(4);
        // A new request sees the course as it is now.
        assertThat(migrate(ws, id, UUID.randomUUID(), 200).getString("status")).isEqualTo("already_modern");
    }

    @Test
    void onlyCoursesOfTheWorkspaceThatCanBeEditedAreMigrated() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = CourseLifecycleTest.importCourse(key, "author", null, CONVERTIBLE);
        migrate(ws + 1, id, null, 404);
        migrate(ws, 987_654_321L, null, 404);
        assertThat(internal(ws, id).getString("format")).isEqualTo("classic");

        given().header("Authorization", key)
                .delete("/v1/headless/course/" + id)
                .then()
                .statusCode(200);
        migrate(ws, id, null, 409);
        long scorm = given().auth()
                .oauth2(TestTokens.serviceToken("migration-service", "course-service"))
                .contentType(ContentType.JSON)
                .body("{\"workspaceId\":" + ws + ",\"identifier\":\"a\",\"title\":\"pkg.zip\",\"testMode\":false}")
                .post("/internal/v1/courses")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        migrate(ws, scorm, null, 422);
        given().auth()
                .oauth2(TestTokens.serviceToken("migration-service", "course-service"))
                .contentType(ContentType.JSON)
                .body("{}")
                .post("/internal/v1/courses/" + id + "/migrate")
                .then()
                .statusCode(400);
        given().header("Authorization", key)
                .contentType(ContentType.JSON)
                .body("{\"workspaceId\":" + ws + "}")
                .post("/internal/v1/courses/" + id + "/migrate")
                .then()
                .statusCode(403);
    }

    @Test
    void aMigrationRestrictedToATenantTreatsOtherTenantsCoursesAsUnknown() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long t1 = CourseLifecycleTest.importCourse(key, "author", "t1", CONVERTIBLE);
        long t2 = CourseLifecycleTest.importCourse(key, "author", "t2", CONVERTIBLE);
        long workspaceDefault = CourseLifecycleTest.importCourse(key, "author", null, CONVERTIBLE);
        String service = TestTokens.serviceToken("migration-service", "course-service");
        String t1Only = "{\"workspaceId\":" + ws + ",\"restricted\":true,\"clientIdentifier\":\"t1\"}";
        String defaultOnly = "{\"workspaceId\":" + ws + ",\"restricted\":true}";
        for (long id : new long[] {t2, workspaceDefault}) {
            given().auth()
                    .oauth2(service)
                    .contentType(ContentType.JSON)
                    .body(t1Only)
                    .post("/internal/v1/courses/" + id + "/migrate")
                    .then()
                    .statusCode(404);
        }
        given().auth()
                .oauth2(service)
                .contentType(ContentType.JSON)
                .body(defaultOnly)
                .post("/internal/v1/courses/" + t1 + "/migrate")
                .then()
                .statusCode(404);
        assertThat(internal(ws, t2).getString("format")).isEqualTo("classic");
        assertThat(internal(ws, workspaceDefault).getString("format")).isEqualTo("classic");
        given().auth()
                .oauth2(service)
                .contentType(ContentType.JSON)
                .body(t1Only)
                .post("/internal/v1/courses/" + t1 + "/migrate")
                .then()
                .statusCode(200)
                .body("status", equalTo("migrated"));
        given().auth()
                .oauth2(service)
                .contentType(ContentType.JSON)
                .body(defaultOnly)
                .post("/internal/v1/courses/" + workspaceDefault + "/migrate")
                .then()
                .statusCode(200)
                .body("status", equalTo("migrated"));
    }

    @Test
    void aPreviewConvertsTheDraftAndDiscardingItRestoresTheClassicDocument() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = CourseLifecycleTest.importCourse(key, "author", null, CONVERTIBLE);
        JsonPath before = internal(ws, id);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/migration-preview")
                .then()
                .statusCode(200)
                .body("courseId", equalTo((int) id))
                .body("status", equalTo("migrated"))
                .body("total", equalTo(4))
                .body("changed", equalTo(4))
                .body("blocked", empty())
                .body("preview", equalTo(true));
        assertThat(internal(ws, id).getString("format")).isEqualTo("builder2");
        // Asking again changes nothing and answers the same.
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/migration-preview")
                .then()
                .statusCode(200)
                .body("status", equalTo("migrated"))
                .body("preview", equalTo(true));

        given().header("Authorization", key)
                .delete("/v1/headless/course/" + id + "/migration-preview")
                .then()
                .statusCode(200)
                .body("format", equalTo("classic"))
                .body("id", equalTo((int) id));
        JsonPath after = internal(ws, id);
        assertThat(draftText(after)).isEqualTo(draftText(before));
        given().header("Authorization", key)
                .delete("/v1/headless/course/" + id + "/migration-preview")
                .then()
                .statusCode(409)
                .body("message", equalTo("Course " + id + " is not in migration preview"));
    }

    @Test
    void migratingACourseInPreviewCommitsIt() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = CourseLifecycleTest.importCourse(key, "author", null, CONVERTIBLE);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/migration-preview")
                .then()
                .statusCode(200);
        assertThat(internal(ws, id).getString("draft.screens[0].title")).isEqualTo("Intro");
        // An edit made in preview survives the commit.
        given().header("Authorization", key)
                .contentType(ContentType.JSON)
                .body("{\"document\":" + CourseLifecycleTest.BUILDER2.replace("\"Welcome\"", "\"Edited in preview\"")
                        + "}")
                .put("/v1/headless/course/" + id + "/content")
                .then()
                .statusCode(200);

        JsonPath result = migrate(ws, id, UUID.randomUUID(), 200);
        assertThat(result.getString("status")).isEqualTo("migrated");
        assertThat(result.getInt("total")).isEqualTo(4);
        assertThat(result.getInt("changed")).isEqualTo(4);
        JsonPath after = internal(ws, id);
        assertThat(after.getString("format")).isEqualTo("builder2");
        assertThat(after.getString("draft.screens[0].title")).isEqualTo("Edited in preview");
        // The stash is gone: the course is no longer in preview, and migrating again is a no-op.
        given().header("Authorization", key)
                .delete("/v1/headless/course/" + id + "/migration-preview")
                .then()
                .statusCode(409);
        assertThat(migrate(ws, id, UUID.randomUUID(), 200).getString("status")).isEqualTo("already_modern");
    }

    @Test
    void aBlockedOrModernCourseHasNoPreview() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long blocked = CourseLifecycleTest.importCourse(key, "author", null, BLOCKED);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + blocked + "/migration-preview")
                .then()
                .statusCode(200)
                .body("status", equalTo("blocked"))
                .body("preview", equalTo(false))
                .body("blocked.screenId", contains("205"))
                .body("blocked[0].reason", startsWith("Flash"));
        long modern = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + modern + "/migration-preview")
                .then()
                .statusCode(200)
                .body("status", equalTo("already_modern"))
                .body("preview", equalTo(false));
        given().header("Authorization", TestKeys.enterprise(ws + 1))
                .post("/v1/headless/course/" + modern + "/migration-preview")
                .then()
                .statusCode(404);
        given().header("Authorization", TestKeys.header(ws, "starter", "", "", "live"))
                .post("/v1/headless/course/" + modern + "/migration-preview")
                .then()
                .statusCode(403);
    }
}

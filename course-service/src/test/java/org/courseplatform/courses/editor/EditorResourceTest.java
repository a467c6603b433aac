package org.courseplatform.courses.editor;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.courseplatform.courses.course.CourseLifecycleTest;
import org.courseplatform.courses.course.CourseMigrationTest;
import org.courseplatform.courses.document.ElementType;
import org.courseplatform.courses.layout.LayoutCatalog;
import org.courseplatform.courses.player.CoursePlayerTest;
import org.courseplatform.courses.player.ScreenPlayerTest;
import org.courseplatform.platform.testing.TestKeys;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/**
 * The builder's and the screen editor's API (docs/course-builder.md): edit URLs, the exchange with
 * {@code intent: edit}, and every editor call with its refusals, against real PostgreSQL and Kafka.
 */
@QuarkusTest
public class EditorResourceTest {

    public static final String EDITOR = "/v1/headless/player/editor";

    public static Response exchange(String token, String intent) {
        Map<String, Object> body = new HashMap<>();
        body.put("token", token);
        if (intent != null) {
            body.put("intent", intent);
        }
        return given().contentType(ContentType.JSON).body(body).post("/v1/headless/player/sessions");
    }

    /** An edit session of the URL: exchanged with intent edit, mode edit. */
    public static String editSession(String url) {
        return exchange(CoursePlayerTest.token(url), "edit")
                .then()
                .statusCode(201)
                .body("mode", equalTo("edit"))
                .extract()
                .jsonPath()
                .getString("session");
    }

    public static RequestSpecification editor(String session) {
        return given().header("X-Player-Session", session).contentType(ContentType.JSON);
    }

    public static String editUrl(String key, String body) {
        return CoursePlayerTest.embed(key, body);
    }

    public static JsonNode json(Response response) {
        return CoursePlayerTest.parse(response.asString());
    }

    public static Response putContent(String session, String ifMatch, JsonNode document) {
        RequestSpecification call = editor(session).body(Map.of("document", document));
        if (ifMatch != null) {
            call.header("If-Match", ifMatch);
        }
        return call.put(EDITOR + "/course/content");
    }

    public static ObjectNode document(String json) {
        return (ObjectNode) CoursePlayerTest.parse(json);
    }

    @Test
    void anEditIntentRefusesAViewTokenWhichStaysUsable() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long id = CoursePlayerTest.publishedCourse(key, null);
        String view = CoursePlayerTest.token(
                CoursePlayerTest.embed(key, "{\"courseId\":" + id + ",\"identifier\":\"learner\"}"));
        exchange(view, "edit")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"))
                .body("error.status", equalTo(403))
                .body("error.reason", equalTo("view_only"));
        exchange(view, "bogus").then().statusCode(400).body("details[0].field", equalTo("intent"));
        // Refused, not used: the learner's link still opens the player.
        String viewSession = exchange(view, "play")
                .then()
                .statusCode(201)
                .body("mode", equalTo("view"))
                .extract()
                .jsonPath()
                .getString("session");

        String url = editUrl(key, "{\"action\":\"edit\",\"courseId\":" + id + ",\"identifier\":\"author\"}");
        assertThat(url).startsWith(CoursePlayerTest.base() + "/play/builder?w=" + ws + "#token=");
        exchange(CoursePlayerTest.token(url), "edit")
                .then()
                .statusCode(201)
                .body("mode", equalTo("edit"))
                .body("kind", equalTo("course"))
                .body("course.id", equalTo((int) id))
                .body("document.title", equalTo("Golf basics"))
                .body("progress.commenced", equalTo(false));
        // An edit token opened without intent is the player's preview of the draft: mode edit, nothing recorded.
        String played = CoursePlayerTest.session(
                editUrl(key, "{\"action\":\"edit\",\"courseId\":" + id + ",\"identifier\":\"a\"}"));
        CoursePlayerTest.progress(played, "{\"screenIndex\":1,\"visibleSeconds\":3}")
                .then()
                .statusCode(200)
                .body("progress.commenced", equalTo(false));

        // The editor API wants an edit session: a view session is 403 view_only, none or an unknown one 401 session.
        editor(viewSession).get(EDITOR + "/course").then().statusCode(403).body("error.reason", equalTo("view_only"));
        putContent(viewSession, "\"1\"", document(CourseLifecycleTest.BUILDER2))
                .then()
                .statusCode(403)
                .body("error.reason", equalTo("view_only"));
        editor(viewSession)
                .get(EDITOR + "/catalogue")
                .then()
                .statusCode(403)
                .body("error.reason", equalTo("view_only"));
        given().get(EDITOR + "/course")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("UNAUTHORIZED"))
                .body("error.reason", equalTo("session"));
        editor("0".repeat(64)).get(EDITOR + "/course").then().statusCode(401).body("error.reason", equalTo("session"));
        editor("not-a-session")
                .post(EDITOR + "/course/publish")
                .then()
                .statusCode(401)
                .body("error.reason", equalTo("session"));
        given().contentType(ContentType.JSON)
                .body("{\"document\":{}}")
                .put(EDITOR + "/course/content")
                .then()
                .statusCode(401)
                .body("error.reason", equalTo("session"));
    }

    @Test
    void theBuilderSavesTheDraftWithIfMatchAndEachSaveIsACourseUpdated() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "test");
        long id = CourseLifecycleTest.importCourse(key, "author", "t1", CourseLifecycleTest.BUILDER2);
        String session = editSession(editUrl(
                key,
                "{\"action\":\"edit\",\"courseId\":" + id + ",\"identifier\":\"author\",\"clientIdentifier\":\"t1\"}"));

        Response loaded = editor(session).get(EDITOR + "/course");
        loaded.then()
                .statusCode(200)
                .body("course.id", equalTo((int) id))
                .body("course.clientIdentifier", equalTo("t1"))
                .body("document.title", equalTo("Golf basics"))
                .body("document.screens", hasSize(2))
                .body("migrationPreview", equalTo(false));
        long revision = loaded.jsonPath().getLong("revision");
        assertThat(loaded.header("ETag")).isEqualTo("\"" + revision + "\"");

        ObjectNode changed = (ObjectNode) json(loaded).path("document").deepCopy();
        changed.put("title", "Golf, edited");
        changed.putObject("theme").put("colorPrimary", "#0a7f3c");
        Response saved = putContent(session, "\"" + revision + "\"", changed);
        saved.then()
                .statusCode(200)
                .body("course.title", equalTo("Golf, edited"))
                .body("revision", equalTo((int) revision + 1))
                .body("savedAt", notNullValue());
        assertThat(saved.header("ETag")).isEqualTo("\"" + (revision + 1) + "\"");
        editor(session)
                .get(EDITOR + "/course")
                .then()
                .statusCode(200)
                .body("revision", equalTo((int) revision + 1))
                .body("document.title", equalTo("Golf, edited"))
                .body("document.theme.colorPrimary", equalTo("#0a7f3c"));

        // A save from the old revision is refused and changes nothing; the answer names the current one.
        changed.put("title", "Stale");
        Response stale = putContent(session, "\"" + revision + "\"", changed);
        stale.then().statusCode(412).body("error.code", equalTo("PRECONDITION_FAILED"));
        assertThat(stale.header("ETag")).isEqualTo("\"" + (revision + 1) + "\"");
        putContent(session, null, changed)
                .then()
                .statusCode(428)
                .body("error.code", equalTo("PRECONDITION_REQUIRED"))
                .body("error.status", equalTo(428))
                .body("details[0].field", equalTo("If-Match"));
        putContent(session, "7", changed).then().statusCode(400).body("details[0].field", equalTo("If-Match"));

        // Bad documents: 400 with the path of each problem, never a 500.
        ObjectNode invalid = changed.deepCopy();
        ((ObjectNode) invalid.path("screens").get(1).path("elements").get(0)).putArray("answers");
        putContent(session, "\"" + (revision + 1) + "\"", invalid)
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("details[0].field", equalTo("document.screens[1].elements[0].answers"));
        ObjectNode badTheme = changed.deepCopy();
        badTheme.putObject("theme").put("colorPrimary", "green");
        putContent(session, "\"" + (revision + 1) + "\"", badTheme)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("document.theme.colorPrimary"));
        putContent(session, "\"" + (revision + 1) + "\"", document(CourseLifecycleTest.CLASSIC))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("document.format"));
        editor(session)
                .header("If-Match", "\"" + (revision + 1) + "\"")
                .body("{\"document\":5}")
                .put(EDITOR + "/course/content")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("document"));
        editor(session)
                .header("If-Match", "\"" + (revision + 1) + "\"")
                .body("{}")
                .put(EDITOR + "/course/content")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("document"));
        editor(session)
                .header("If-Match", "\"" + (revision + 1) + "\"")
                .body("{\"document\":")
                .put(EDITOR + "/course/content")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"));
        editor(session).get(EDITOR + "/course").then().body("revision", equalTo((int) revision + 1));

        // The screen calls are for screen sessions.
        editor(session).get(EDITOR + "/screen").then().statusCode(409).body("error.code", equalTo("CONFLICT"));

        // The save is a course.updated in the test mode of the key that issued the edit URL.
        List<JsonNode> events =
                CoursePlayerTest.events(ws, id, e -> e.path("type").asText().equals("course.updated"));
        JsonNode updated = events.stream()
                .filter(e -> e.path("type").asText().equals("course.updated"))
                .findFirst()
                .orElseThrow();
        assertThat(updated.path("testmode").asBoolean()).isTrue();
        assertThat(updated.path("data").path("course").path("title").asText()).isEqualTo("Golf, edited");
        assertThat(events.stream()
                        .filter(e -> e.path("type").asText().equals("course.updated"))
                        .count())
                .isEqualTo(1);
    }

    @Test
    void anEditUrlWithoutACourseCreatesOneForItsAuthorAndTenant() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        String url = editUrl(
                key,
                "{\"action\":\"edit\",\"identifier\":\"author-9\",\"clientIdentifier\":\"t9\","
                        + "\"colorPrimary\":\"#112233\"}");
        assertThat(url).startsWith(CoursePlayerTest.base() + "/play/builder?w=" + ws + "#token=");
        JsonNode claims = CoursePlayerTest.payload(CoursePlayerTest.token(url));
        assertThat(claims.has("courseId")).isFalse();
        assertThat(claims.path("clientIdentifier").asText()).isEqualTo("t9");
        String session = exchange(CoursePlayerTest.token(url), "edit")
                .then()
                .statusCode(201)
                .body("mode", equalTo("edit"))
                .body("kind", equalTo("course"))
                .body("$", hasKey("course"))
                .body("course", nullValue())
                .body("document", nullValue())
                .body("theme.colorPrimary", equalTo("#112233"))
                .extract()
                .jsonPath()
                .getString("session");

        editor(session).get(EDITOR + "/course").then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        putContent(session, "\"1\"", document(CourseLifecycleTest.BUILDER2))
                .then()
                .statusCode(404);
        editor(session)
                .body("{}")
                .post(EDITOR + "/course")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("title"));
        editor(session)
                .body("{\"title\":\"" + "x".repeat(501) + "\"}")
                .post(EDITOR + "/course")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("title"));
        Response created = editor(session)
                .body("{\"title\":\"New course\",\"description\":\"About golf\"}")
                .post(EDITOR + "/course");
        created.then()
                .statusCode(201)
                .body("course.title", equalTo("New course"))
                .body("course.identifier", equalTo("author-9"))
                .body("course.clientIdentifier", equalTo("t9"))
                .body("course.format", equalTo("builder2"))
                .body("document.screens", hasSize(1))
                .body("document.description", equalTo("About golf"))
                .body("migrationPreview", equalTo(false))
                .body("revision", notNullValue());
        long id = created.jsonPath().getLong("course.id");
        assertThat(created.header("ETag")).isEqualTo("\"" + created.jsonPath().getLong("revision") + "\"");
        editor(session)
                .body("{\"title\":\"Another\"}")
                .post(EDITOR + "/course")
                .then()
                .statusCode(409);

        // The session now edits that course, which the tenant's key sees.
        Response loaded = editor(session).get(EDITOR + "/course");
        loaded.then().statusCode(200).body("course.id", equalTo((int) id));
        putContent(
                        session,
                        "\"" + loaded.jsonPath().getLong("revision") + "\"",
                        json(loaded).path("document"))
                .then()
                .statusCode(200);
        given().header("Authorization", key)
                .queryParam("clientIdentifier", "t9")
                .get("/v1/headless/courses/" + id)
                .then()
                .statusCode(200)
                .body("identifier", equalTo("author-9"));
        List<JsonNode> events =
                CoursePlayerTest.events(ws, id, e -> e.path("type").asText().equals("course.updated"));
        assertThat(events.get(0).path("type").asText()).isEqualTo("course.created");
        assertThat(events.get(0).path("testmode").asBoolean()).isFalse();
    }

    @Test
    void publishingShowsTheDraftToLearnersAndRevertBringsThePublishedVersionBack() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long id = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2);
        String session =
                editSession(editUrl(key, "{\"action\":\"edit\",\"courseId\":" + id + ",\"identifier\":\"author\"}"));
        editor(session).post(EDITOR + "/course/revert").then().statusCode(409).body("error.code", equalTo("CONFLICT"));

        Response loaded = editor(session).get(EDITOR + "/course");
        ObjectNode document = (ObjectNode) json(loaded).path("document").deepCopy();
        document.put("title", "Golf v2");
        long revision = putContent(session, "\"" + loaded.jsonPath().getLong("revision") + "\"", document)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("revision");
        Response published = editor(session).post(EDITOR + "/course/publish");
        published
                .then()
                .statusCode(200)
                .body("course.published", equalTo(true))
                .body("course.title", equalTo("Golf v2"))
                .body("revision", greaterThan((int) revision));
        // Publishing changes the course, so the builder saves on from the revision it answers.
        putContent(session, "\"" + revision + "\"", document).then().statusCode(412);
        revision = published.jsonPath().getLong("revision");
        assertThat(published.header("ETag")).isEqualTo("\"" + revision + "\"");
        CoursePlayerTest.exchange(CoursePlayerTest.token(
                        CoursePlayerTest.embed(key, "{\"courseId\":" + id + ",\"identifier\":\"learner\"}")))
                .then()
                .statusCode(201)
                .body("document.title", equalTo("Golf v2"));

        document.put("title", "Golf v3");
        revision = putContent(session, "\"" + revision + "\"", document)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("revision");
        Response reverted = editor(session).post(EDITOR + "/course/revert");
        reverted.then()
                .statusCode(200)
                .body("document.title", equalTo("Golf v2"))
                .body("course.title", equalTo("Golf v2"))
                .body("revision", greaterThan((int) revision))
                .body("$", Matchers.not(hasKey("migrationPreview")));
        assertThat(reverted.header("ETag")).isEqualTo("\"" + reverted.jsonPath().getLong("revision") + "\"");
        // The builder carries on from the reverted revision.
        putContent(
                        session,
                        "\"" + reverted.jsonPath().getLong("revision") + "\"",
                        json(reverted).path("document"))
                .then()
                .statusCode(200);
    }

    @Test
    void aClassicCourseIsConvertedThenKeptOrDiscarded() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long id = CourseLifecycleTest.importCourse(key, "author", null, CourseMigrationTest.CONVERTIBLE);
        String session = editSession(editUrl(
                key,
                "{\"action\":\"edit\",\"courseId\":" + id + ",\"identifier\":\"author\"," + "\"flow\":\"convert\"}"));
        Response loaded = editor(session).get(EDITOR + "/course");
        loaded.then()
                .statusCode(200)
                .body("course.format", equalTo("classic"))
                .body("document.format", equalTo("classic"))
                .body("migrationPreview", equalTo(false));
        putContent(session, "\"" + loaded.jsonPath().getLong("revision") + "\"", document(CourseLifecycleTest.BUILDER2))
                .then()
                .statusCode(422)
                .body("error.code", equalTo("UNPROCESSABLE"));
        editor(session).post(EDITOR + "/course/migration-preview/accept").then().statusCode(409);
        editor(session).delete(EDITOR + "/course/migration-preview").then().statusCode(409);

        editor(session)
                .post(EDITOR + "/course/migration-preview")
                .then()
                .statusCode(200)
                .body("preview.status", equalTo("migrated"))
                .body("preview.total", equalTo(4))
                .body("preview.blocked", hasSize(0))
                .body("migrationPreview", equalTo(true))
                .body("course.format", equalTo("builder2"))
                .body("document.format", equalTo("builder2"))
                .body("revision", notNullValue());
        editor(session).get(EDITOR + "/course").then().body("migrationPreview", equalTo(true));
        editor(session)
                .delete(EDITOR + "/course/migration-preview")
                .then()
                .statusCode(200)
                .body("migrationPreview", equalTo(false))
                .body("document.format", equalTo("classic"))
                .body("course.format", equalTo("classic"))
                .body("$", Matchers.not(hasKey("preview")));

        editor(session)
                .post(EDITOR + "/course/migration-preview")
                .then()
                .statusCode(200)
                .body("migrationPreview", equalTo(true));
        Response accepted = editor(session).post(EDITOR + "/course/migration-preview/accept");
        accepted.then()
                .statusCode(200)
                .body("migrationPreview", equalTo(false))
                .body("document.format", equalTo("builder2"))
                .body("course.format", equalTo("builder2"));
        editor(session)
                .get(EDITOR + "/course")
                .then()
                .body("migrationPreview", equalTo(false))
                .body("revision", equalTo(accepted.jsonPath().getInt("revision")));
        putContent(
                        session,
                        "\"" + accepted.jsonPath().getLong("revision") + "\"",
                        json(accepted).path("document"))
                .then()
                .statusCode(200);
        editor(session).delete(EDITOR + "/course/migration-preview").then().statusCode(409);

        long blocked = CourseLifecycleTest.importCourse(key, "author", null, CourseMigrationTest.BLOCKED);
        // The builder opens a Classic course as stored, even one the player could not show.
        String other = exchange(
                        CoursePlayerTest.token(editUrl(
                                key, "{\"action\":\"edit\",\"courseId\":" + blocked + ",\"identifier\":\"author\"}")),
                        "edit")
                .then()
                .statusCode(201)
                .body("document.format", equalTo("classic"))
                .extract()
                .jsonPath()
                .getString("session");
        editor(other)
                .post(EDITOR + "/course/migration-preview")
                .then()
                .statusCode(200)
                .body("preview.status", equalTo("blocked"))
                .body("preview.blocked[0].screenId", equalTo("205"))
                .body("migrationPreview", equalTo(false))
                .body("document.format", equalTo("classic"));
    }

    @Test
    void theCatalogueHasEveryElementTypeAndEachLayoutWithItsScreens() {
        String key = TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live");
        String session = editSession(editUrl(key, "{\"action\":\"edit\",\"identifier\":\"author\"}"));
        Response catalogue = editor(session).get(EDITOR + "/catalogue");
        catalogue.then().statusCode(200);
        JsonNode body = json(catalogue);
        assertThat(body.path("elementTypes").findValuesAsText("type"))
                .containsExactlyElementsOf(Arrays.stream(ElementType.values())
                        .map(ElementType::typeName)
                        .toList());
        JsonNode question = null;
        for (JsonNode type : body.path("elementTypes")) {
            if (type.path("type").asText().equals("question")) {
                question = type;
            }
        }
        assertThat(question).isNotNull();
        assertThat(question.path("fields").toString())
                .contains("{\"name\":\"answers\",\"kind\":\"ANSWERS\",\"required\":true}");
        assertThat(body.path("screenTypes").toString())
                .isEqualTo("[{\"type\":\"blocks\",\"typeId\":1},{\"type\":\"blocksQuiz\",\"typeId\":2}]");
        List<String> layoutIds =
                new LayoutCatalog().all().stream().map(l -> l.id()).toList();
        assertThat(body.path("layouts").size()).isEqualTo(layoutIds.size());
        for (JsonNode layout : body.path("layouts")) {
            assertThat(layoutIds).contains(layout.path("id").asText());
            assertThat(layout.path("name").asText()).isNotBlank();
            assertThat(layout.path("screens").size())
                    .as(layout.path("id").asText())
                    .isEqualTo(layout.path("category").asText().equals("quiz") ? 3 : 1);
            assertThat(layout.path("screens").get(0).path("elements").isArray()).isTrue();
        }
        given().get(EDITOR + "/catalogue").then().statusCode(401).body("error.reason", equalTo("session"));
    }

    @Test
    void theScreenEditorCreatesALayoutsScreensAndSavesThemWithIfMatch() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        String url =
                ScreenPlayerTest.screenUrl(key, "/embed/screen", "{\"action\":\"edit\",\"identifier\":\"author\"}");
        assertThat(url).startsWith(CoursePlayerTest.base() + "/play/screen-editor?w=" + ws + "#token=");
        String session = exchange(CoursePlayerTest.token(url), "edit")
                .then()
                .statusCode(201)
                .body("mode", equalTo("edit"))
                .body("kind", equalTo("screen"))
                .body("$", hasKey("screen"))
                .body("screen", nullValue())
                .body("$", Matchers.not(hasKey("course")))
                .extract()
                .jsonPath()
                .getString("session");
        editor(session).get(EDITOR + "/screen").then().statusCode(404);
        editor(session)
                .header("If-Match", "\"1\"")
                .body("{\"document\":{}}")
                .put(EDITOR + "/screen/1")
                .then()
                .statusCode(404);
        editor(session)
                .body("{}")
                .post(EDITOR + "/screen")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("layoutId"));
        editor(session)
                .body("{\"layoutId\":\"nope\"}")
                .post(EDITOR + "/screen")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("layoutId"));
        editor(session).get(EDITOR + "/course").then().statusCode(409);

        Response created =
                editor(session).body("{\"layoutId\":\"quiz-single-choice\"}").post(EDITOR + "/screen");
        created.then()
                .statusCode(201)
                .body("screens", hasSize(3))
                .body("screens.role", contains("cover", "question", "results"))
                .body("screens.revision", contains(1, 1, 1))
                .body("screens.layoutId", contains("quiz-single-choice", "quiz-single-choice", "quiz-single-choice"))
                .body("screens[1].type", equalTo("blocksQuiz"))
                .body("screens[1].typeId", equalTo(2));
        editor(session)
                .body("{\"layoutId\":\"text-image-left\"}")
                .post(EDITOR + "/screen")
                .then()
                .statusCode(409);
        JsonNode screens = json(editor(session)
                        .get(EDITOR + "/screen")
                        .then()
                        .statusCode(200)
                        .extract()
                        .response())
                .path("screens");
        assertThat(screens.size()).isEqualTo(3);
        long cover = screens.get(0).path("id").asLong();
        long question = screens.get(1).path("id").asLong();

        ObjectNode doc = (ObjectNode) screens.get(1).path("document").deepCopy();
        doc.put("title", "Which club?");
        Response saved = editor(session)
                .header("If-Match", "\"1\"")
                .body(Map.of("document", doc))
                .put(EDITOR + "/screen/" + question);
        saved.then()
                .statusCode(200)
                .body("id", equalTo((int) question))
                .body("revision", equalTo(2))
                .body("savedAt", notNullValue());
        assertThat(saved.header("ETag")).isEqualTo("\"2\"");
        editor(session)
                .get(EDITOR + "/screen")
                .then()
                .body("screens[1].title", equalTo("Which club?"))
                .body("screens[1].revision", equalTo(2))
                .body("screens[1].document.title", equalTo("Which club?"))
                .body("screens[0].revision", equalTo(1));

        Response stale = editor(session)
                .header("If-Match", "\"1\"")
                .body(Map.of("document", doc))
                .put(EDITOR + "/screen/" + question);
        stale.then().statusCode(412).body("error.code", equalTo("PRECONDITION_FAILED"));
        assertThat(stale.header("ETag")).isEqualTo("\"2\"");
        editor(session)
                .body(Map.of("document", doc))
                .put(EDITOR + "/screen/" + question)
                .then()
                .statusCode(428)
                .body("details[0].field", equalTo("If-Match"));
        ObjectNode renamed = doc.deepCopy().put("id", "screen-other");
        editor(session)
                .header("If-Match", "\"2\"")
                .body(Map.of("document", renamed))
                .put(EDITOR + "/screen/" + question)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("document.id"));
        ObjectNode invalid = doc.deepCopy();
        int index = 0;
        for (JsonNode element : invalid.path("elements")) {
            if (element.path("type").asText().equals("question")) {
                break;
            }
            index++;
        }
        ((ObjectNode) invalid.path("elements").get(index)).putArray("answers");
        editor(session)
                .header("If-Match", "\"2\"")
                .body(Map.of("document", invalid))
                .put(EDITOR + "/screen/" + question)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("document.elements[" + index + "].answers"));
        editor(session)
                .header("If-Match", "\"2\"")
                .body("{\"document\":[]}")
                .put(EDITOR + "/screen/" + question)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("document"));
        editor(session)
                .header("If-Match", "\"2\"")
                .body(Map.of("document", doc))
                .put(EDITOR + "/screen/abc")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("id"));

        // Another screen of the workspace is not the session's: 404, as is one of another workspace.
        long elsewhere = ScreenPlayerTest.quizScreen(key);
        JsonNode foreign = json(exchange(
                CoursePlayerTest.token(ScreenPlayerTest.screenUrl(
                        key,
                        "/embed/screen",
                        "{\"action\":\"edit\",\"id\":" + elsewhere + ",\"identifier\":\"author\"}")),
                "edit"));
        ObjectNode foreignDoc =
                (ObjectNode) foreign.path("document").path("screens").get(0).deepCopy();
        editor(session)
                .header("If-Match", "\"1\"")
                .body(Map.of("document", foreignDoc))
                .put(EDITOR + "/screen/" + elsewhere)
                .then()
                .statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));

        // The cover saves too, and learners play what the editor saved.
        ObjectNode coverDoc = (ObjectNode) screens.get(0).path("document").deepCopy();
        coverDoc.put("title", "Club quiz");
        editor(session)
                .header("If-Match", "\"1\"")
                .body(Map.of("document", coverDoc))
                .put(EDITOR + "/screen/" + cover)
                .then()
                .statusCode(200)
                .body("revision", equalTo(2));
        String view =
                ScreenPlayerTest.screenUrl(key, "/embed/screen", "{\"id\":" + cover + ",\"identifier\":\"learner\"}");
        CoursePlayerTest.exchange(CoursePlayerTest.token(view))
                .then()
                .statusCode(201)
                .body("screen.title", equalTo("Club quiz"))
                .body("document.screens[1].title", equalTo("Which club?"));

        // An edit URL with the screen opens the screen editor on its whole group.
        String withId = ScreenPlayerTest.screenUrl(
                key,
                "/v1/headless/embed/screen",
                "{\"action\":\"edit\",\"id\":" + cover + ",\"identifier\":\"author\"}");
        assertThat(withId).startsWith(CoursePlayerTest.base() + "/play/screen-editor?w=" + ws + "#token=");
        String second = exchange(CoursePlayerTest.token(withId), "edit")
                .then()
                .statusCode(201)
                .body("screen.id", equalTo((int) cover))
                .extract()
                .jsonPath()
                .getString("session");
        editor(second)
                .get(EDITOR + "/screen")
                .then()
                .statusCode(200)
                .body("screens", hasSize(3))
                .body("screens[0].title", equalTo("Club quiz"));
        editor(second)
                .body("{\"layoutId\":\"quiz-single-choice\"}")
                .post(EDITOR + "/screen")
                .then()
                .statusCode(409);
    }

    @Test
    void aSingleScreenLayoutSavesAndItsTitleColumnFollowsTheDocument() {
        String key = TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live");
        String session = editSession(ScreenPlayerTest.screenUrl(
                key, "/embed/screen", "{\"action\":\"edit\",\"identifier\":\"author\",\"clientIdentifier\":\"t3\"}"));
        JsonNode created = json(editor(session)
                .body("{\"layoutId\":\"text-image-left\"}")
                .post(EDITOR + "/screen")
                .then()
                .statusCode(201)
                .body("screens", hasSize(1))
                .body("screens[0].role", nullValue())
                .extract()
                .response());
        long id = created.path("screens").get(0).path("id").asLong();
        ObjectNode doc =
                (ObjectNode) created.path("screens").get(0).path("document").deepCopy();
        doc.remove("title");
        ArrayNode elements = (ArrayNode) doc.path("elements");
        elements.add(CoursePlayerTest.parse("{\"id\":\"new-el\",\"type\":\"timeEstimate\",\"minutes\":5}"));
        editor(session)
                .header("If-Match", "\"1\"")
                .body(Map.of("document", doc))
                .put(EDITOR + "/screen/" + id)
                .then()
                .statusCode(200)
                .body("revision", equalTo(2));
        editor(session)
                .get(EDITOR + "/screen")
                .then()
                .body("screens[0].title", nullValue())
                .body("screens[0].document.elements.id", Matchers.hasItem("new-el"));
        // It was made for the URL's author in its tenant: another tenant's embed cannot reach it.
        ScreenPlayerTest.screenUrl(
                key, "/embed/screen", "{\"id\":" + id + ",\"identifier\":\"a\",\"clientIdentifier\":\"t3\"}");
        CoursePlayerTest.as(key)
                .body("{\"id\":" + id + ",\"identifier\":\"a\",\"clientIdentifier\":\"t4\"}")
                .post("/embed/screen")
                .then()
                .statusCode(404);
    }

    @Test
    void theDocumentsThemeColourIsThePlayersUnlessTheUrlGivesOne() {
        String key = TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live");
        String themed = CourseLifecycleTest.BUILDER2.replaceFirst(
                "\"locale\":\"en\",", "\"locale\":\"en\",\"theme\":{\"colorPrimary\":\"#123456\"},");
        long id = CourseLifecycleTest.importCourse(key, "author", null, themed);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/publish")
                .then()
                .statusCode(200);
        CoursePlayerTest.exchange(CoursePlayerTest.token(
                        CoursePlayerTest.embed(key, "{\"courseId\":" + id + ",\"identifier\":\"l\"}")))
                .then()
                .statusCode(201)
                .body("theme.colorPrimary", equalTo("#123456"))
                .body("options.colorPrimary", nullValue());
        CoursePlayerTest.exchange(CoursePlayerTest.token(CoursePlayerTest.embed(
                        key, "{\"courseId\":" + id + ",\"identifier\":\"l\",\"colorPrimary\":\"#ABCDEF\"}")))
                .then()
                .statusCode(201)
                .body("theme.colorPrimary", equalTo("#abcdef"));
        CourseLifecycleTest.as(key)
                .body("{\"identifier\":\"a\",\"document\":" + themed.replace("#123456", "blue") + "}")
                .post("/v1/headless/courses/import")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("document.theme.colorPrimary"));
    }

    @Test
    void theEditorPagesAreServedWithThePlayersPolicy() {
        for (String page : List.of("/play/builder", "/play/screen-editor")) {
            Response response = given().get(page + "?w=1");
            // The HTML comes from the front-end build; without it the page is the player's 404 page.
            assertThat(response.statusCode()).as(page).isIn(200, 404);
            assertThat(response.contentType()).startsWith("text/html");
            if (response.statusCode() == 404) {
                assertThat(response.asString()).contains("Page not found");
            }
            assertThat(response.header("Content-Security-Policy"))
                    .as(page)
                    .startsWith("default-src 'self'; img-src 'self' https: data:;")
                    .contains("script-src 'self'")
                    .contains("connect-src 'self'")
                    .contains("frame-ancestors");
            assertThat(response.header("Referrer-Policy")).isEqualTo("no-referrer");
        }
        for (String missing : List.of("/play/builder-nope", "/play/", "/play/assets/none.js", "/play/../play/x")) {
            Response response = given().get(missing);
            assertThat(response.statusCode()).as(missing).isEqualTo(404);
            assertThat(response.contentType()).as(missing).startsWith("text/html");
            assertThat(response.asString()).as(missing).contains("Page not found");
            assertThat(response.header("Content-Security-Policy")).as(missing).startsWith("default-src 'self';");
        }
        assertThat(given().get("/play/course").then().extract().statusCode()).isIn(200, 404);
    }
}

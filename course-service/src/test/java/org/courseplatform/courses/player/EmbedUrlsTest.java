package org.courseplatform.courses.player;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import org.courseplatform.courses.collection.CollectionsTest;
import org.courseplatform.courses.editor.EditorResourceTest;
import org.courseplatform.courses.theme.ThemesTest;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.platform.web.DigitId;
import org.junit.jupiter.api.Test;

/**
 * The deprecated embed URL routes take exactly the spec's requests (GET with the query's {@code id},
 * POST /v1/headless/course/url with {@code id, themeId, name, avatar, options}), an edit URL with a
 * course opens that course, and ids are numbers or strings of digits on the new route too.
 */
@QuarkusTest
class EmbedUrlsTest {

    private static Response get(String key, String action, String... query) {
        var call = given().header("Authorization", key);
        for (int i = 0; i < query.length; i += 2) {
            call.queryParam(query[i], query[i + 1]);
        }
        return call.get("/v1/headless/course/" + action);
    }

    private static Response postUrl(String key, String body) {
        return CoursePlayerTest.as(key).body(body).post("/v1/headless/course/url");
    }

    private static String url(Response response) {
        return response.then()
                .statusCode(200)
                .contentType(startsWith("text/plain"))
                .extract()
                .asString();
    }

    @Test
    void theSpecsGetWithIdViewsAndAnEditOpensThatCourseInTheBuilder() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long id = CoursePlayerTest.publishedCourse(key, null);

        String view = url(get(key, "view", "id", String.valueOf(id), "identifier", "learner-1"));
        assertThat(view).startsWith(CoursePlayerTest.base() + "/play/course?w=" + ws + "#token=");
        JsonNode viewClaims = CoursePlayerTest.payload(CoursePlayerTest.token(view));
        assertThat(viewClaims.path("courseId").isIntegralNumber()).isTrue();
        assertThat(viewClaims.path("courseId").asLong()).isEqualTo(id);
        CoursePlayerTest.exchange(CoursePlayerTest.token(view))
                .then()
                .statusCode(201)
                .body("course.id", equalTo((int) id));

        String edit = url(get(key, "edit", "id", String.valueOf(id), "identifier", "author-1", "themeId", "3"));
        assertThat(edit).startsWith(CoursePlayerTest.base() + "/play/builder?w=" + ws + "#token=");
        JsonNode editClaims = CoursePlayerTest.payload(CoursePlayerTest.token(edit));
        assertThat(editClaims.path("action").asText()).isEqualTo("edit");
        assertThat(editClaims.path("courseId").asLong()).isEqualTo(id);
        assertThat(editClaims.path("options").path("themeId").isIntegralNumber())
                .isTrue();
        // The builder opens this course's draft, not its "new course" form.
        String session = EditorResourceTest.editSession(edit);
        EditorResourceTest.editor(session)
                .get(EditorResourceTest.EDITOR + "/course")
                .then()
                .statusCode(200)
                .body("course.id", equalTo((int) id));

        // courseId is still read as the same parameter.
        assertThat(CoursePlayerTest.payload(CoursePlayerTest.token(
                                url(get(key, "edit", "courseId", String.valueOf(id), "identifier", "a"))))
                        .path("courseId")
                        .asLong())
                .isEqualTo(id);

        String other = TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live");
        for (String action : List.of("view", "edit")) {
            get(other, action, "id", String.valueOf(id), "identifier", "a")
                    .then()
                    .statusCode(404)
                    .body("error.code", equalTo("NOT_FOUND"));
            get(key, action, "id", "999999999999", "identifier", "a").then().statusCode(404);
            get(key, action, "id", "abc", "identifier", "a")
                    .then()
                    .statusCode(400)
                    .body("error.code", equalTo("BAD_REQUEST"))
                    .body("details[0].field", equalTo("id"));
        }
        get(key, "view", "identifier", "a").then().statusCode(400).body("details[0].field", equalTo("id"));
        get(key, "edit", "id", String.valueOf(id), "identifier", "a", "themeId", "dark")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("themeId"));
    }

    @Test
    void theSpecsPostBodyIsAcceptedAndItsOptionsApply() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long id = CoursePlayerTest.publishedCourse(key, null);

        String edit = url(postUrl(
                key,
                "{\"action\":\"edit\",\"id\":\"" + id + "\",\"identifier\":\"author-1\",\"themeId\":3,"
                        + "\"name\":\"Ada Lovelace\",\"avatar\":\"https://cdn.example.com/ada.png\","
                        + "\"options\":{\"colorPrimary\":\"#AABBCC\",\"back\":\"event\",\"language\":\"fr\","
                        + "\"flow\":\"document\",\"translations\":true,\"brandVoice\":true,\"legacy\":false,"
                        + "\"parentOrigin\":\"https://LMS.example.com\",\"hideHeader\":true}}"));
        assertThat(edit).startsWith(CoursePlayerTest.base() + "/play/builder?w=" + ws + "#token=");
        JsonNode claims = CoursePlayerTest.payload(CoursePlayerTest.token(edit));
        assertThat(claims.path("courseId").isIntegralNumber()).isTrue();
        assertThat(claims.path("courseId").asLong()).isEqualTo(id);
        assertThat(claims.path("author").path("name").asText()).isEqualTo("Ada Lovelace");
        assertThat(claims.path("author").path("avatar").asText()).isEqualTo("https://cdn.example.com/ada.png");
        assertThat(claims.path("parentOrigin").asText()).isEqualTo("https://lms.example.com");
        JsonNode options = claims.path("options");
        assertThat(options.path("themeId").isIntegralNumber()).isTrue();
        assertThat(options.path("themeId").asLong()).isEqualTo(3);
        assertThat(options.path("colorPrimary").asText()).isEqualTo("#aabbcc");
        assertThat(options.path("back").asText()).isEqualTo("event");
        assertThat(options.path("language").asText()).isEqualTo("fr");
        assertThat(options.path("flow").asText()).isEqualTo("document");
        assertThat(options.path("translations").asBoolean()).isTrue();
        assertThat(options.path("legacy").isBoolean()).isTrue();
        assertThat(options.has("brandVoice")).isTrue();
        assertThat(options.has("hideHeader")).isFalse();
        String session = EditorResourceTest.editSession(edit);
        EditorResourceTest.editor(session)
                .get(EditorResourceTest.EDITOR + "/course")
                .then()
                .statusCode(200)
                .body("course.id", equalTo((int) id));

        // view with the id as a string, themeId as a digit string: answered as numbers.
        String view = url(postUrl(
                key, "{\"action\":\"view\",\"id\":\"" + id + "\",\"identifier\":\"learner-1\",\"themeId\":\"4\"}"));
        assertThat(view).startsWith(CoursePlayerTest.base() + "/play/course?w=" + ws + "#token=");
        JsonNode viewClaims = CoursePlayerTest.payload(CoursePlayerTest.token(view));
        assertThat(viewClaims.path("options").path("themeId").isIntegralNumber())
                .isTrue();
        assertThat(viewClaims.has("author")).isFalse();
        CoursePlayerTest.exchange(CoursePlayerTest.token(view))
                .then()
                .statusCode(201)
                .body("options.themeId", equalTo(4))
                .body("theme.themeId", equalTo(4));

        // An edit without id opens the new course form; a number id and courseId are read too.
        JsonNode blank = CoursePlayerTest.payload(
                CoursePlayerTest.token(url(postUrl(key, "{\"action\":\"edit\",\"identifier\":\"a\",\"options\":{}}"))));
        assertThat(blank.has("courseId")).isFalse();
        assertThat(CoursePlayerTest.payload(CoursePlayerTest.token(
                                url(postUrl(key, "{\"action\":\"view\",\"id\":" + id + ",\"identifier\":\"a\"}"))))
                        .path("courseId")
                        .asLong())
                .isEqualTo(id);

        // The new route's fields this route took before stay accepted, and win over an option.
        JsonNode before = CoursePlayerTest.payload(CoursePlayerTest.token(url(postUrl(
                key,
                "{\"action\":\"view\",\"courseId\":" + id + ",\"identifier\":\"a\","
                        + "\"parentOrigin\":\"https://lms.example.com\",\"language\":\"de\","
                        + "\"options\":{\"language\":\"fr\",\"back\":\"hidden\"}}"))));
        assertThat(before.path("parentOrigin").asText()).isEqualTo("https://lms.example.com");
        assertThat(before.path("options").path("language").asText()).isEqualTo("de");
        assertThat(before.path("options").path("back").asText()).isEqualTo("hidden");
        postUrl(key, "{\"action\":\"view\",\"id\":" + id + ",\"identifier\":\"a\",\"colorPrimary\":\"red\"}")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("colorPrimary"));

        String other = TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live");
        postUrl(other, "{\"action\":\"edit\",\"id\":\"" + id + "\",\"identifier\":\"a\"}")
                .then()
                .statusCode(404);
        postUrl(other, "{\"action\":\"view\",\"id\":\"" + id + "\",\"identifier\":\"a\"}")
                .then()
                .statusCode(404);
    }

    @Test
    void badSpecBodiesAre400NamingTheField() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long id = CoursePlayerTest.publishedCourse(key, null);
        String ok = "\"action\":\"view\",\"id\":\"" + id + "\",\"identifier\":\"a\"";
        for (String[] bad : List.of(
                new String[] {"{\"id\":\"" + id + "\",\"identifier\":\"a\"}", "action"},
                new String[] {"{\"action\":\"view\",\"identifier\":\"a\"}", "id"},
                new String[] {"{\"action\":\"view\",\"id\":\"abc\",\"identifier\":\"a\"}", "id"},
                new String[] {"{\"action\":\"view\",\"id\":\"-1\",\"identifier\":\"a\"}", "id"},
                new String[] {"{\"action\":\"view\",\"id\":1.5,\"identifier\":\"a\"}", "id"},
                new String[] {"{\"action\":\"view\",\"id\":\"\",\"identifier\":\"a\"}", "id"},
                new String[] {"{\"action\":\"view\",\"id\":\"1234567890123456789\",\"identifier\":\"a\"}", "id"},
                new String[] {"{\"action\":\"view\",\"id\":\"" + id + "\"}", "identifier"},
                new String[] {"{" + ok + ",\"themeId\":\"dark\"}", "themeId"},
                new String[] {"{" + ok + ",\"avatar\":\"javascript:alert(1)\"}", "avatar"},
                new String[] {"{" + ok + ",\"avatar\":\"/me.png\"}", "avatar"},
                new String[] {"{" + ok + ",\"name\":\" \"}", "name"},
                new String[] {"{" + ok + ",\"options\":\"back=event\"}", "options"},
                new String[] {"{" + ok + ",\"options\":[1]}", "options"},
                new String[] {"{" + ok + ",\"options\":{\"back\":5}}", "options.back"},
                new String[] {"{" + ok + ",\"options\":{\"translations\":\"yes\"}}", "options.translations"},
                new String[] {"{" + ok + ",\"options\":{\"colorPrimary\":\"red\"}}", "options.colorPrimary"},
                new String[] {"{" + ok + ",\"options\":{\"parentOrigin\":\"*\"}}", "options.parentOrigin"})) {
            postUrl(key, bad[0])
                    .then()
                    .statusCode(400)
                    .body("error.code", equalTo("BAD_REQUEST"))
                    .body("details[0].field", equalTo(bad[1]));
        }
        postUrl(key, "{\"action\":\"view\",\"id\":\"abc\",\"identifier\":\"a\"}")
                .then()
                .body("details[0].message", equalTo(DigitId.PROBLEM));
    }

    @Test
    void theNewRouteTakesIdsAsNumbersOrDigitStrings() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long id = CoursePlayerTest.publishedCourse(key, "t1");
        JsonNode collection = CollectionsTest.collection(key, "t1", id);
        String url = CoursePlayerTest.embed(
                key,
                "{\"courseId\":\"" + id + "\",\"identifier\":\"learner-1\",\"clientIdentifier\":\"t1\","
                        + "\"themeId\":\"3\",\"collection\":{\"id\":\""
                        + collection.path("id").asLong()
                        + "\",\"key\":\"" + collection.path("key").asText() + "\"}}");
        JsonNode claims = CoursePlayerTest.payload(CoursePlayerTest.token(url));
        assertThat(claims.path("courseId").asLong()).isEqualTo(id);
        assertThat(claims.path("options").path("themeId").isIntegralNumber()).isTrue();
        assertThat(claims.path("options").path("themeId").asLong()).isEqualTo(3);
        assertThat(claims.path("collection").path("id").isIntegralNumber()).isTrue();
        CoursePlayerTest.exchange(CoursePlayerTest.token(url))
                .then()
                .statusCode(201)
                .body("options.themeId", equalTo(3));
        assertThat(CoursePlayerTest.payload(CoursePlayerTest.token(CoursePlayerTest.embed(
                                key,
                                "{\"courseId\":" + id
                                        + ",\"identifier\":\"l\",\"clientIdentifier\":\"t1\",\"themeId\":3}")))
                        .path("options")
                        .path("themeId")
                        .asLong())
                .isEqualTo(3);

        for (String[] bad : List.of(
                new String[] {"\"courseId\":\"abc\"", "courseId"},
                new String[] {"\"courseId\":\"-1\"", "courseId"},
                new String[] {"\"courseId\":\"36.0\"", "courseId"},
                new String[] {"\"courseId\":" + id + ",\"themeId\":\"dark\"", "themeId"},
                new String[] {"\"courseId\":" + id + ",\"collection\":{\"id\":\"x\",\"key\":\"k\"}", "collection.id"
                })) {
            CoursePlayerTest.as(key)
                    .body("{" + bad[0] + ",\"identifier\":\"a\",\"clientIdentifier\":\"t1\"}")
                    .post("/v1/headless/embed/course")
                    .then()
                    .statusCode(400)
                    .body("details[0].field", equalTo(bad[1]));
        }

        // The screen embed and other course routes read ids the same way.
        CoursePlayerTest.as(key)
                .body("{\"action\":\"view\",\"id\":\"abc\",\"identifier\":\"a\"}")
                .post("/v1/headless/embed/screen")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("id"));
        ThemesTest.applyTheme(key, id, "\"3\"", null).then().statusCode(200).body("themeId", equalTo(3));
        CoursePlayerTest.as(key)
                .body("{\"title\":\"Path\",\"clientIdentifier\":\"t1\",\"courseIds\":[\"" + id + "\"]}")
                .post("/v1/headless/collections")
                .then()
                .statusCode(201);
        CoursePlayerTest.as(key)
                .body("{\"title\":\"Path\",\"clientIdentifier\":\"t1\",\"courseIds\":[" + id + ",\"x\"]}")
                .post("/v1/headless/collections")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("courseIds[1]"));
    }
}

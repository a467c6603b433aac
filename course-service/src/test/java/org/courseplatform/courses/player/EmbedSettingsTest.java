package org.courseplatform.courses.player;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/** A workspace's embed settings (which sites may frame its learner pages) and the pages' CSP per workspace. */
@QuarkusTest
class EmbedSettingsTest {

    static final String SETTINGS = "/v1/headless/embed/settings";

    static String frameAncestors(String query) {
        String policy = given().get("/play/course" + query)
                .then()
                .statusCode(200)
                .extract()
                .header("Content-Security-Policy");
        assertThat(policy).startsWith("default-src 'self';").contains("script-src 'self'");
        return policy.substring(policy.indexOf("frame-ancestors ") + "frame-ancestors ".length());
    }

    @Test
    void settingsDefaultToTheServiceSettingAndAreSavedNormalised() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        given().header("Authorization", key)
                .get(SETTINGS)
                .then()
                .statusCode(200)
                .body("frameAncestors", contains("*"));
        CoursePlayerTest.as(key)
                .body(Map.of(
                        "frameAncestors",
                        List.of(
                                "https://App.Example.com:443",
                                "http://localhost:5173",
                                "https://lms.example.org:8443",
                                "https://app.example.com")))
                .put(SETTINGS)
                .then()
                .statusCode(200)
                .body(
                        "frameAncestors",
                        contains("https://app.example.com", "http://localhost:5173", "https://lms.example.org:8443"));
        given().header("Authorization", key)
                .get(SETTINGS)
                .then()
                .statusCode(200)
                .body(
                        "frameAncestors",
                        contains("https://app.example.com", "http://localhost:5173", "https://lms.example.org:8443"));
        CoursePlayerTest.as(key)
                .body(Map.of("frameAncestors", List.of("*")))
                .put(SETTINGS)
                .then()
                .statusCode(200)
                .body("frameAncestors", contains("*"));
        // Another workspace still has the default.
        given().header("Authorization", TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live"))
                .get(SETTINGS)
                .then()
                .statusCode(200)
                .body("frameAncestors", contains("*"));
    }

    @Test
    void badSettingsAre400NamingTheEntryAndNeedTheBuildPlan() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        for (String bad : List.of(
                "http://app.example.com",
                "https://app.example.com/path",
                "https://*.example.com",
                "ftp://app.example.com",
                "https://app.example.com:99999",
                "'self'",
                "https://a.example.com; script-src *",
                "https://user@app.example.com",
                "")) {
            CoursePlayerTest.as(key)
                    .body(Map.of("frameAncestors", List.of("https://ok.example.com", bad)))
                    .put(SETTINGS)
                    .then()
                    .statusCode(400)
                    .body("error.code", equalTo("BAD_REQUEST"))
                    .body("details[0].field", equalTo("frameAncestors[1]"));
        }
        CoursePlayerTest.as(key)
                .body(Map.of("frameAncestors", List.of("https://ok.example.com", "*")))
                .put(SETTINGS)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("frameAncestors[1]"));
        CoursePlayerTest.as(key)
                .body("{}")
                .put(SETTINGS)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("frameAncestors"));
        CoursePlayerTest.as(key)
                .body(Map.of("frameAncestors", List.of()))
                .put(SETTINGS)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("frameAncestors"));
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 51; i++) {
            many.add("https://a" + i + ".example.com");
        }
        CoursePlayerTest.as(key)
                .body(Map.of("frameAncestors", many))
                .put(SETTINGS)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("frameAncestors"));
        CoursePlayerTest.as(key)
                .body(Map.of("frameAncestors", many.subList(0, 50)))
                .put(SETTINGS)
                .then()
                .statusCode(200);
        String starter = TestKeys.header(TestKeys.newWorkspace(), "starter", "", "", "live");
        given().header("Authorization", starter).get(SETTINGS).then().statusCode(403);
        given().get(SETTINGS).then().statusCode(401);
    }

    @Test
    void playerPagesAreFramedByTheirWorkspacesAncestors() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        // Read once before the PUT: the PUT clears the cached default.
        assertThat(frameAncestors("?w=" + ws)).isEqualTo("*");
        CoursePlayerTest.as(key)
                .body(Map.of("frameAncestors", List.of("https://app.example.com", "http://127.0.0.1:3000")))
                .put(SETTINGS)
                .then()
                .statusCode(200);
        assertThat(frameAncestors("?w=" + ws)).isEqualTo("https://app.example.com http://127.0.0.1:3000");
        assertThat(given().get("/play/screen?w=" + ws)
                        .then()
                        .statusCode(200)
                        .extract()
                        .header("Content-Security-Policy"))
                .endsWith("frame-ancestors https://app.example.com http://127.0.0.1:3000");
        // The page a SCORM launcher frames in the LMS names its workspace the same way.
        assertThat(given().get("/play/lms?w=" + ws)
                        .then()
                        .statusCode(200)
                        .extract()
                        .header("Content-Security-Policy"))
                .endsWith("frame-ancestors https://app.example.com http://127.0.0.1:3000");
        assertThat(frameAncestors("?w=" + TestKeys.newWorkspace())).isEqualTo("*");

        // Embed URLs name the workspace, so the page they open gets its frame ancestors.
        long course = CoursePlayerTest.publishedCourse(key, "t1");
        String url = CoursePlayerTest.embed(
                key, "{\"courseId\":" + course + ",\"identifier\":\"learner-1\",\"clientIdentifier\":\"t1\"}");
        assertThat(url).startsWith(CoursePlayerTest.base() + "/play/course?w=" + ws + "#token=");
        String page = url.substring(CoursePlayerTest.base().length(), url.indexOf('#'));
        assertThat(given().get(page).then().statusCode(200).extract().header("Content-Security-Policy"))
                .endsWith("frame-ancestors https://app.example.com http://127.0.0.1:3000");
    }

    /**
     * A page URL without its workspace (the embed URL with {@code ?w=} taken out, or a malformed
     * one) names no list that could apply: it may not be framed, even where the service default
     * lets any site frame a workspace's pages.
     */
    @Test
    void aPageThatNamesNoWorkspaceMayNotBeFramed() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        CoursePlayerTest.as(key)
                .body(Map.of("frameAncestors", List.of("https://app.example.com")))
                .put(SETTINGS)
                .then()
                .statusCode(200);
        long course = CoursePlayerTest.publishedCourse(key, "t1");
        String url = CoursePlayerTest.embed(
                key, "{\"courseId\":" + course + ",\"identifier\":\"learner-1\",\"clientIdentifier\":\"t1\"}");
        String page = url.substring(CoursePlayerTest.base().length(), url.indexOf('?'));
        assertThat(frameAncestors("?w=" + ws)).isEqualTo("https://app.example.com");
        for (String query : List.of("", "?w=", "?w=abc", "?w=-" + ws, "?w=0", "?w=99999999999999999999999")) {
            assertThat(frameAncestors(query)).as("/play/course%s", query).isEqualTo("'none'");
        }
        for (String other :
                List.of(page, "/play/screen", "/play/builder", "/play/screen-editor", "/play/share", "/play/lms")) {
            assertThat(given().get(other).then().statusCode(200).extract().header("Content-Security-Policy"))
                    .as(other)
                    .endsWith("frame-ancestors 'none'");
        }
        // A workspace that set no list still gets the service default, named by ?w=.
        assertThat(frameAncestors("?w=" + TestKeys.newWorkspace())).isEqualTo("*");
    }
}

package org.courseplatform.courses;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntFunction;
import org.courseplatform.courses.course.CourseLifecycleTest;
import org.courseplatform.courses.editor.EditorResourceTest;
import org.courseplatform.courses.player.CoursePlayerTest;
import org.courseplatform.courses.theme.ThemesTest;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/**
 * Calls that read through a Hibernate session and then through the pool, made by more callers at
 * the same moment than the service has database connections (20): all must be answered. A call
 * that held its session's connection while it waited for a second one from the pool made every
 * call of such a burst wait for the pool's timeout and fail.
 */
@QuarkusTest
public class SessionThenPoolAtOnceTest {

    public static final int CALLERS = 48;

    @Test
    void moreCallersThanConnectionsReadACoursesAnalyticsAtOnce() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long course = CoursePlayerTest.publishedCourse(key, null);
        assertAllAnswered(
                200, i -> get("/v1/headless/course/" + course + "/analytics").header("Authorization", key));
    }

    @Test
    void moreBuilderCallsThanConnectionsReadTheMediaLibraryAndThemesAtOnce() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        ThemesTest.createTheme(key, null);
        long course = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2);
        String session = EditorResourceTest.editSession(EditorResourceTest.editUrl(
                key, "{\"action\":\"edit\",\"courseId\":" + course + ",\"identifier\":\"author\"}"));
        assertAllAnswered(
                200,
                i -> get(i % 2 == 0 ? "/v1/headless/player/editor/media" : EditorResourceTest.EDITOR + "/themes")
                        .header("X-Player-Session", session));
    }

    @Test
    void moreCallersThanConnectionsApplyAWorkspaceThemeAtOnce() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long theme = ThemesTest.createTheme(key, null);
        List<Long> courses = new ArrayList<>();
        for (int i = 0; i < CALLERS; i++) {
            courses.add(CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2));
        }
        assertAllAnswered(
                200,
                i -> request("/v1/headless/course/" + courses.get(i) + "/theme")
                        .header("Authorization", key)
                        .header("Content-Type", "application/json")
                        .PUT(HttpRequest.BodyPublishers.ofString("{\"themeId\":" + theme + "}")));
    }

    public static HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(RestAssured.baseURI + ":" + RestAssured.port + path))
                .timeout(Duration.ofSeconds(60));
    }

    private static HttpRequest.Builder get(String path) {
        return request(path).GET();
    }

    /** Sends {@link #CALLERS} calls at once and expects each to be answered with {@code status}. */
    public static void assertAllAnswered(int status, IntFunction<HttpRequest.Builder> call) {
        try (HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .build()) {
            List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
            for (int i = 0; i < CALLERS; i++) {
                answers.add(client.sendAsync(call.apply(i).build(), HttpResponse.BodyHandlers.ofString()));
            }
            List<String> refused = new ArrayList<>();
            for (CompletableFuture<HttpResponse<String>> answer : answers) {
                HttpResponse<String> response = answer.join();
                if (response.statusCode() != status) {
                    refused.add(response.statusCode() + " " + response.body());
                }
            }
            assertThat(refused).as("calls not answered with " + status).isEmpty();
        }
    }
}

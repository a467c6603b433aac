package org.courseplatform.courses;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/**
 * A class opening the course together: more learners exchanging their links at the same moment
 * than the service has database connections (20) must all get their sessions. An exchange that
 * held its transaction's connection while it waited for a second one (the course's narration,
 * read through the pool) made every exchange of such a burst wait for the pool's timeout and fail.
 */
@QuarkusTest
class PlayerSessionsAtOnceTest {

    private static final int LEARNERS = 48;

    @Test
    void moreLearnersThanConnectionsOpenTheCourseAtOnce() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long course = CoursePlayerTest.publishedCourse(key, "t1");
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < LEARNERS; i++) {
            String url = given().header("Authorization", key)
                    .contentType(ContentType.JSON)
                    .body("{\"courseId\":" + course + ",\"identifier\":\"learner-" + i
                            + "\",\"clientIdentifier\":\"t1\"}")
                    .post("/v1/headless/embed/course")
                    .then()
                    .statusCode(200)
                    .extract()
                    .asString();
            tokens.add(CoursePlayerTest.token(url));
        }

        URI sessions = URI.create(RestAssured.baseURI + ":" + RestAssured.port + "/v1/headless/player/sessions");
        try (HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .build()) {
            List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
            for (String token : tokens) {
                HttpRequest request = HttpRequest.newBuilder(sessions)
                        .timeout(Duration.ofSeconds(60))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"token\":\"" + token + "\"}"))
                        .build();
                answers.add(client.sendAsync(request, HttpResponse.BodyHandlers.ofString()));
            }
            List<String> refused = new ArrayList<>();
            for (CompletableFuture<HttpResponse<String>> answer : answers) {
                HttpResponse<String> response = answer.join();
                if (response.statusCode() != 201) {
                    refused.add(response.statusCode() + " " + response.body());
                }
            }
            assertThat(refused).as("exchanges that did not open a session").isEmpty();
        }
    }
}

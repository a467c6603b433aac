package org.courseplatform.courses.course;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.courseplatform.courses.course.CourseLifecycleTest.BUILDER2;
import static org.courseplatform.courses.course.CourseLifecycleTest.CLASSIC;
import static org.courseplatform.courses.course.CourseLifecycleTest.as;
import static org.courseplatform.courses.course.CourseLifecycleTest.importCourse;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.platform.testing.TestTokens;
import org.junit.jupiter.api.Test;

/**
 * The draft with its revision (GET …/content, ETag) and the conditional save (PUT …/content with
 * If-Match): a client that saves from a stale read is told so (412) instead of overwriting
 * someone else's change, even when two saves arrive at once.
 */
@QuarkusTest
public class DraftRevisionTest {

    public static long revision(String key, long id) {
        Response response = given().header("Authorization", key).get("/v1/headless/course/" + id + "/content");
        response.then().statusCode(200);
        long revision = response.jsonPath().getLong("revision");
        assertThat(response.header("ETag")).isEqualTo("\"" + revision + "\"");
        return revision;
    }

    public static Response save(String key, long id, String ifMatch, String title) {
        var call = as(key).body("{\"document\":" + BUILDER2.replace("Golf basics", title) + "}");
        if (ifMatch != null) {
            call.header("If-Match", ifMatch);
        }
        return call.put("/v1/headless/course/" + id + "/content");
    }

    @Test
    void theDraftComesWithEveryIdAndItsRevisionAsAStrongETag() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = importCourse(key, "a", "t1", BUILDER2);
        Response response = given().header("Authorization", key).get("/v1/headless/course/" + id + "/content");
        response.then()
                .statusCode(200)
                .contentType(ContentType.JSON)
                .body("document.format", equalTo("builder2"))
                .body("document.title", equalTo("Golf basics"))
                .body("document.screens[0].id", equalTo("s1"))
                .body("document.screens[0].elements[1].id", equalTo("e2"))
                .body("document.screens[1].elements[0].answers[1].id", equalTo("a2"))
                .body("document.translations.fr.screens.s1.title", equalTo("Bienvenue"));
        long revision = response.jsonPath().getLong("revision");
        assertThat(response.header("ETag")).isEqualTo("\"" + revision + "\"");

        long classic = importCourse(key, "a", null, CLASSIC);
        given().header("Authorization", key)
                .get("/v1/headless/course/" + classic + "/content")
                .then()
                .statusCode(200)
                .body("document.format", equalTo("classic"))
                .body("document.slides[2].questions[0].id", equalTo(7));
        // Tenancy as everywhere: another tenant's course is unknown.
        given().header("Authorization", key)
                .queryParam("clientIdentifier", "t2")
                .get("/v1/headless/course/" + id + "/content")
                .then()
                .statusCode(404);
        given().header("Authorization", key)
                .get("/v1/headless/course/abc/content")
                .then()
                .statusCode(400);
        given().header("Authorization", TestKeys.header(TestKeys.newWorkspace(), "starter", "", "", "live"))
                .get("/v1/headless/course/" + id + "/content")
                .then()
                .statusCode(403);
    }

    @Test
    void aHostedScormCourseHasNoDraft() {
        long ws = TestKeys.newWorkspace();
        long id = given().auth()
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
        given().header("Authorization", TestKeys.enterprise(ws))
                .get("/v1/headless/course/" + id + "/content")
                .then()
                .statusCode(422)
                .body("error.code", equalTo("UNPROCESSABLE"));
    }

    @Test
    void aSaveAtTheCurrentRevisionAppliesAndAStaleOneIs412() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = importCourse(key, "a", null, BUILDER2);
        long read = revision(key, id);

        Response saved = save(key, id, "\"" + read + "\"", "First save");
        saved.then().statusCode(200).body("title", equalTo("First save"));
        long next = revision(key, id);
        assertThat(next).isGreaterThan(read);
        assertThat(saved.header("ETag")).isEqualTo("\"" + next + "\"");

        // A second client still holding the first read.
        save(key, id, "\"" + read + "\"", "Lost update")
                .then()
                .statusCode(412)
                .body("error.code", equalTo("PRECONDITION_FAILED"))
                .body("error.status", equalTo(412))
                .body("message", containsString("revision " + next))
                .body("message", containsString("GET /v1/headless/course/" + id + "/content"))
                .body("details[0].field", equalTo("If-Match"))
                .body("details[0].message", containsString(String.valueOf(next)));
        given().header("Authorization", key)
                .get("/v1/headless/courses/" + id)
                .then()
                .body("title", equalTo("First save"));
        assertThat(revision(key, id)).isEqualTo(next);

        // A list matches when any tag is current; a weak tag never does (strong comparison); * is any revision.
        save(key, id, "\"" + read + "\", \"" + next + "\"", "From a list")
                .then()
                .statusCode(200);
        long listed = revision(key, id);
        save(key, id, "W/\"" + listed + "\"", "Weak").then().statusCode(412);
        save(key, id, "*", "Star").then().statusCode(200).body("title", equalTo("Star"));
        // No If-Match: unconditional, as before.
        save(key, id, null, "Unconditional").then().statusCode(200).body("title", equalTo("Unconditional"));
    }

    @Test
    void aMalformedIfMatchIs400() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = importCourse(key, "a", null, BUILDER2);
        long current = revision(key, id);
        for (String bad :
                new String[] {String.valueOf(current), "abc", "\"" + current, "\"" + current + "\" x", ", ,", "*, \"1\""
                }) {
            save(key, id, bad, "Bad")
                    .then()
                    .statusCode(400)
                    .body("error.code", equalTo("BAD_REQUEST"))
                    .body("details[0].field", equalTo("If-Match"));
        }
        assertThat(revision(key, id)).isEqualTo(current);
    }

    @Test
    void everyChangeOfTheDraftMovesTheRevision() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = importCourse(key, "a", null, CourseMigrationTest.CONVERTIBLE);
        List<Long> revisions = new ArrayList<>();
        revisions.add(revision(key, id));
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/migration-preview")
                .then()
                .statusCode(200);
        revisions.add(revision(key, id));
        given().header("Authorization", key)
                .delete("/v1/headless/course/" + id + "/migration-preview")
                .then()
                .statusCode(200);
        revisions.add(revision(key, id));
        given().auth()
                .oauth2(TestTokens.serviceToken("migration-service", "course-service"))
                .contentType(ContentType.JSON)
                .body("{\"workspaceId\":" + ws + ",\"requestId\":\"" + UUID.randomUUID() + "\"}")
                .post("/internal/v1/courses/" + id + "/migrate")
                .then()
                .statusCode(200)
                .body("status", equalTo("migrated"));
        revisions.add(revision(key, id));
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/publish")
                .then()
                .statusCode(200);
        long published = revision(key, id);
        save(key, id, "\"" + published + "\"", "Edited").then().statusCode(200);
        revisions.add(revision(key, id));
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/revert")
                .then()
                .statusCode(200);
        revisions.add(revision(key, id));
        assertThat(revisions).isSorted().doesNotHaveDuplicates();
    }

    @Test
    void ofTwoConcurrentSavesFromTheSameRevisionExactlyOneApplies() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = importCourse(key, "a", null, BUILDER2);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 5; round++) {
                long read = revision(key, id);
                CyclicBarrier start = new CyclicBarrier(2);
                List<Future<Response>> saves = new ArrayList<>();
                for (String title : new String[] {"Client A " + round, "Client B " + round}) {
                    saves.add(pool.submit(() -> {
                        start.await(10, TimeUnit.SECONDS);
                        return save(key, id, "\"" + read + "\"", title);
                    }));
                }
                List<Integer> statuses = new ArrayList<>();
                String winner = null;
                for (Future<Response> save : saves) {
                    Response response = save.get(60, TimeUnit.SECONDS);
                    statuses.add(response.statusCode());
                    if (response.statusCode() == 200) {
                        winner = response.jsonPath().getString("title");
                    } else {
                        response.then().body("error.code", equalTo("PRECONDITION_FAILED"));
                    }
                }
                assertThat(statuses).as("round %d", round).containsExactlyInAnyOrder(200, 412);
                given().header("Authorization", key)
                        .get("/v1/headless/courses/" + id)
                        .then()
                        .body("title", equalTo(winner));
                assertThat(revision(key, id)).isGreaterThan(read);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}

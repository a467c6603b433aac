package org.courseplatform.courses.share;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.courseplatform.courses.course.CourseLifecycleTest;
import org.courseplatform.courses.player.CoursePlayerTest;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/** Share links: creation rules, tenancy, revocation, expiry, the learner limit and the public exchange. */
@QuarkusTest
public class ShareLinksTest {

    @Inject
    Pool pool;

    public static Response create(String key, long courseId, String body) {
        return given().header("Authorization", key)
                .contentType(ContentType.JSON)
                .body(body)
                .post("/v1/headless/course/" + courseId + "/share-links");
    }

    public static String code(String url) {
        assertThat(url).contains("#code=");
        return url.substring(url.indexOf("#code=") + 6);
    }

    public static Response open(String code, String learner) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("code", code);
        if (learner != null) {
            body.put("learner", learner);
        }
        return given().contentType(ContentType.JSON).body(body).post("/v1/headless/player/share-sessions");
    }

    @Test
    void linksAreMadeForPublishedCoursesListedWithoutTheirCodeAndHiddenFromOtherTenants() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long draft = CourseLifecycleTest.importCourse(key, "author", "t1", CourseLifecycleTest.BUILDER2);
        create(key, draft, "{}").then().statusCode(409).body("error.code", equalTo("CONFLICT"));

        long id = CoursePlayerTest.publishedCourse(key, "t1");
        JsonPath link = create(key, id, "{\"expiresInDays\":7,\"maxUses\":5}")
                .then()
                .statusCode(201)
                .body("courseId", equalTo((int) id))
                .body("maxUses", equalTo(5))
                .body("uses", equalTo(0))
                .body("revoked", equalTo(false))
                .extract()
                .jsonPath();
        String url = link.getString("url");
        assertThat(url).startsWith(CoursePlayerTest.base() + "/play/share?w=" + ws + "#code=");
        assertThat(code(url)).hasSize(32).startsWith(link.getString("codeHint"));
        Instant expires = Instant.parse(link.getString("expiresAt"));
        assertThat(expires)
                .isBetween(
                        Instant.now().plus(Duration.ofDays(7)).minusSeconds(120),
                        Instant.now().plus(Duration.ofDays(7)).plusSeconds(120));
        // A bare POST: 30 days, any number of learners.
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/share-links")
                .then()
                .statusCode(201)
                .body("maxUses", nullValue());
        // Only a hash of the code is stored.
        String stored = pool.preparedQuery("select code_hash from share_link where id = $1")
                .execute(Tuple.of(link.getLong("id")))
                .await()
                .atMost(Duration.ofSeconds(5))
                .iterator()
                .next()
                .getString(0);
        assertThat(stored).hasSize(64).doesNotContain(code(url));

        given().header("Authorization", key)
                .queryParam("length", 1)
                .get("/v1/headless/course/" + id + "/share-links")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "2")
                .body("", hasSize(1))
                .body("[0].id", equalTo(link.getInt("id")))
                .body("[0].url", nullValue())
                .body("[0].codeHint", equalTo(link.getString("codeHint")));

        for (String[] bad : List.of(
                new String[] {"maxUses", "{\"maxUses\":0}"},
                new String[] {"expiresInDays", "{\"expiresInDays\":367}"},
                new String[] {"expiresInDays", "{\"expiresInDays\":3,\"expiresAt\":\"2099-01-01T00:00:00Z\"}"},
                new String[] {"expiresAt", "{\"expiresAt\":\"2001-01-01T00:00:00Z\"}"},
                new String[] {"expiresAt", "{\"expiresAt\":\"tomorrow\"}"})) {
            create(key, id, bad[1]).then().statusCode(400).body("details[0].field", equalTo(bad[0]));
        }
        create(key, id, "{\"colour\":\"red\"}").then().statusCode(400);

        String otherWorkspace = TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live");
        create(otherWorkspace, id, "{}").then().statusCode(404);
        given().header("Authorization", otherWorkspace)
                .get("/v1/headless/course/" + id + "/share-links")
                .then()
                .statusCode(404);
        given().header("Authorization", otherWorkspace)
                .delete("/v1/headless/share-links/" + link.getLong("id"))
                .then()
                .statusCode(404);
        given().header("Authorization", key)
                .queryParam("clientIdentifier", "t2")
                .delete("/v1/headless/share-links/" + link.getLong("id"))
                .then()
                .statusCode(404);
        create(key, id, "{}").then().statusCode(201);
        given().header("Authorization", key)
                .queryParam("clientIdentifier", "t2")
                .contentType(ContentType.JSON)
                .body("{}")
                .post("/v1/headless/course/" + id + "/share-links")
                .then()
                .statusCode(404);
        given().header("Authorization", key)
                .queryParam("clientIdentifier", "t2")
                .get("/v1/headless/course/" + id + "/share-links")
                .then()
                .statusCode(404);
        given().header("Authorization", key)
                .delete("/v1/headless/share-links/999999999")
                .then()
                .statusCode(404);

        open(code(url), null).then().statusCode(201);
        given().header("Authorization", key)
                .delete("/v1/headless/share-links/" + link.getLong("id"))
                .then()
                .statusCode(204);
        given().header("Authorization", key)
                .delete("/v1/headless/share-links/" + link.getLong("id"))
                .then()
                .statusCode(204);
        open(code(url), null).then().statusCode(403).body("error.reason", equalTo("revoked"));
        given().header("Authorization", key)
                .get("/v1/headless/course/" + id + "/share-links")
                .then()
                .body("[0].revoked", equalTo(true))
                .body("[0].uses", equalTo(1));
    }

    @Test
    void theExchangeOpensAPlayerSessionTrackedUnderTheLinkAndAReturningLearnerResumesWithoutAUse() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "test");
        long id = CoursePlayerTest.publishedCourse(key, "t1");
        JsonPath link = create(key, id, "{\"maxUses\":1}")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        String code = code(link.getString("url"));

        JsonPath opened = open(code, null)
                .then()
                .statusCode(201)
                .body("session.mode", equalTo("view"))
                .body("session.kind", equalTo("course"))
                .body("session.course.id", equalTo((int) id))
                .body("session.progress.commenced", equalTo(false))
                .extract()
                .jsonPath();
        String learner = opened.getString("learner");
        assertThat(learner).matches("[0-9a-f]{32}");
        CoursePlayerTest.progress(opened.getString("session.session"), "{\"screenIndex\":1,\"visibleSeconds\":12}")
                .then()
                .statusCode(200)
                .body("progress.commenced", equalTo(true));

        String identifier = "share:" + link.getLong("id") + ":" + learner;
        given().header("Authorization", key)
                .get("/v1/headless/course/" + id + "/tracking")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "1")
                .body("[0].identifier", equalTo(identifier))
                .body("[0].clientIdentifier", equalTo("t1"))
                .body("[0].testMode", equalTo(true))
                .body("[0].totalTime", equalTo(12));

        // The only use is taken, yet the same learner comes back to where they were.
        open(code, learner)
                .then()
                .statusCode(201)
                .body("learner", equalTo(learner))
                .body("session.progress.screenIndex", equalTo(1))
                .body("session.progress.commenced", equalTo(true));
        open(code, null).then().statusCode(403).body("error.reason", equalTo("used_up"));
        open(code, "0123456789abcdef0123456789abcdef").then().statusCode(403).body("error.reason", equalTo("used_up"));
        given().header("Authorization", key)
                .get("/v1/headless/course/" + id + "/share-links")
                .then()
                .body("[0].uses", equalTo(1));
        given().header("Authorization", key)
                .get("/v1/headless/course/" + id + "/tracking")
                .then()
                .header("X-Total-Count", "1");
    }

    @Test
    void expiredUnknownAndMalformedLinksAreRefusedSayingWhy() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long id = CoursePlayerTest.publishedCourse(key, null);
        JsonPath link = create(key, id, "{\"expiresAt\":\"" + Instant.now().plus(Duration.ofHours(1)) + "\"}")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        String code = code(link.getString("url"));
        String learner =
                open(code, null).then().statusCode(201).extract().jsonPath().getString("learner");
        pool.preparedQuery("update share_link set expires_at = now() - interval '1 second' where id = $1")
                .execute(Tuple.of(link.getLong("id")))
                .await()
                .atMost(Duration.ofSeconds(5));
        open(code, null).then().statusCode(403).body("error.reason", equalTo("expired"));
        open(code, learner).then().statusCode(403).body("error.reason", equalTo("expired"));

        open("A".repeat(32), null).then().statusCode(404).body("error.reason", equalTo("unknown"));
        open("short", null).then().statusCode(404).body("error.reason", equalTo("unknown"));
        open(code, "not-a-learner").then().statusCode(400).body("details[0].field", equalTo("learner"));
        given().contentType(ContentType.JSON)
                .body("{}")
                .post("/v1/headless/player/share-sessions")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("code"));
    }

    @Test
    void aDeletedCourseRefusesTheLinkWithoutUsingItAndAScormOrForeignCourseCannotBeShared() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long id = CoursePlayerTest.publishedCourse(key, "t1");
        String code = code(create(key, id, "{\"maxUses\":3}")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("url"));
        given().header("Authorization", key)
                .delete("/v1/headless/course/" + id)
                .then()
                .statusCode(200);
        open(code, null).then().statusCode(404);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/restore")
                .then()
                .statusCode(200);
        given().header("Authorization", key)
                .get("/v1/headless/course/" + id + "/share-links")
                .then()
                .body("[0].uses", equalTo(0));
        create(key, id + 100_000, "{}").then().statusCode(404);
    }

    @Test
    void concurrentOpensNeverLetInMoreLearnersThanTheLimit() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long id = CoursePlayerTest.publishedCourse(key, null);
        String code = code(create(key, id, "{\"maxUses\":3}")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("url"));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Integer>> opens = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                opens.add(() -> open(code, null).statusCode());
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> f : pool.invokeAll(opens)) {
                statuses.add(f.get());
            }
            assertThat(statuses.stream().filter(s -> s == 201)).hasSize(3);
            assertThat(statuses.stream().filter(s -> s == 403)).hasSize(7);
        } finally {
            pool.shutdownNow();
        }
        given().header("Authorization", key)
                .get("/v1/headless/course/" + id + "/share-links")
                .then()
                .body("[0].uses", equalTo(3));
        given().header("Authorization", key)
                .get("/v1/headless/course/" + id + "/tracking")
                .then()
                .header("X-Total-Count", "3");
    }

    @Test
    void theSharePageIsServedWithThePlayersPolicy() {
        given().get("/play/share").then().statusCode(200).contentType(ContentType.HTML);
        assertThat(given().get("/play/share").then().extract().header("Content-Security-Policy"))
                .contains("script-src 'self'");
    }
}

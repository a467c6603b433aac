package org.courseplatform.courses.export;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.anEmptyMap;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.smallrye.jwt.build.Jwt;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.courseplatform.courses.player.CoursePlayerTest;
import org.courseplatform.platform.auth.Tokens;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/**
 * What a holder of a dynamic package can and cannot do: the package token and a victim's LMS
 * learner id give nothing of the victim's record and cannot change it (only the victim's learner
 * key, kept in their LMS attempt, continues it); a tenant revokes one package; a package lets in
 * a bounded number of new learners per hour; a package expires after the operator's lifetime,
 * tokens from before that setting included.
 */
@QuarkusTest
class LmsPackageSecurityTest {

    /** {@code %test.scorm-export.lms.new-learners-per-hour}. */
    static final int NEW_LEARNERS_PER_HOUR = 12;

    @Inject
    Pool pool;

    @Inject
    Tokens tokens;

    static Response launch(String token, String learner, String learnerKey) {
        return LmsSessionsTest.launch(token, learner, "Name", learnerKey);
    }

    static JsonPath tracking(String key, long courseId) {
        return given().header("Authorization", key)
                .get("/v1/headless/course/" + courseId + "/tracking")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    @Test
    void thePackageAndAVictimsLearnerIdGiveNothingOfTheVictimAndCannotOverwriteIt() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = ScormExportTest.exportKey(ws, "live");
        long id = CoursePlayerTest.publishedCourse(key, null);
        String token = LmsSessionsTest.packageToken(key, id, "2004");

        // The victim: the last screen reached and the question answered right, so completed and passed.
        JsonPath victim = launch(token, "victim@lms", null)
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        String victimKey = victim.getString("learnerKey");
        CoursePlayerTest.progress(
                        victim.getString("session"),
                        "{\"screenIndex\":1,\"visibleSeconds\":5,\"answers\":{\"q1\":[\"a1\"]}}")
                .then()
                .statusCode(200)
                .body("progress.completed", equalTo(true))
                .body("progress.passed", equalTo(true));
        String victimRecord = tracking(key, id).getString("[0].identifier");

        // The attacker holds the package (its token) and knows the victim's LMS id: without the key,
        // with a made-up key, and with the victim's key under another learner id, every launch is a
        // record of its own, started afresh: no screen, answers, completion or score of the victim.
        List<String> attackerSessions = new ArrayList<>();
        for (String[] attempt :
                new String[][] {{"victim@lms", null}, {"victim@lms", "A".repeat(43)}, {"attacker@lms", victimKey}}) {
            JsonPath opened = launch(token, attempt[0], attempt[1])
                    .then()
                    .statusCode(201)
                    .body("progress.commenced", equalTo(false))
                    .body("progress.completed", equalTo(false))
                    .body("progress.screenIndex", equalTo(0))
                    .body("progress.answers", anEmptyMap())
                    .body("progress.score", nullValue())
                    .body("learnerKey", not(equalTo(victimKey)))
                    .extract()
                    .jsonPath();
            attackerSessions.add(opened.getString("session"));
        }
        // What the attacker writes lands in their own records.
        for (String session : attackerSessions) {
            CoursePlayerTest.progress(session, "{\"screenIndex\":1,\"visibleSeconds\":1,\"answers\":{\"q1\":[\"a2\"]}}")
                    .then()
                    .statusCode(200)
                    .body("progress.passed", equalTo(false));
        }

        // The victim, with their key, finds their record as they left it.
        launch(token, "victim@lms", victimKey)
                .then()
                .statusCode(201)
                .body("learnerKey", equalTo(victimKey))
                .body("progress.completed", equalTo(true))
                .body("progress.passed", equalTo(true))
                .body("progress.score", equalTo(100))
                .body("progress.answers.q1[0]", equalTo("a1"));
        JsonPath all = tracking(key, id);
        assertThat(all.getList("identifier")).hasSize(4).containsOnlyOnce(victimRecord);
        // Only the keys' hashes are stored.
        Row stored = pool.preparedQuery(
                        "select key_hash from scorm_export_learner where learner_id = $1 and record = $2")
                .execute(Tuple.of("victim@lms", victimRecord.split(":")[2]))
                .await()
                .atMost(Duration.ofSeconds(10))
                .iterator()
                .next();
        assertThat(stored.getString("key_hash")).hasSize(64).isNotEqualTo(victimKey);

        // A key that is not one: 400 naming it.
        launch(token, "victim@lms", "short").then().statusCode(400).body("details[0].field", equalTo("learnerKey"));
    }

    @Test
    void aTenantRevokesOnePackageAndItsLaunchesAreRefused() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = ScormExportTest.exportKey(ws, "live");
        long id = CoursePlayerTest.publishedCourse(key, "t1");
        Response download = ScormExportTest.export(key, id, "dynamic", "1.2");
        download.then().statusCode(200);
        String exportId = download.header("X-Scorm-Export-Id");
        String token = ScormExportTest.assigned(
                        ScormExportTest.unzip(download.asByteArray()).get("launch-config.js"), "COURSE_LAUNCH")
                .path("token")
                .asText();
        assertThat(CoursePlayerTest.payload(token).path("exportId").asText()).isEqualTo(exportId);
        String other = LmsSessionsTest.packageToken(key, id, "1.2");
        String learnerKey = launch(token, "u1", null)
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("learnerKey");
        assertThat(ScormExportTest.export(key, id, "static", "1.2").header("X-Scorm-Export-Id"))
                .isNull();

        String path = "/v1/headless/course/scorm/" + id + "/exports/" + exportId;
        // Another workspace, another tenant, a package of another course, no package: 404; nothing revoked.
        String stranger = ScormExportTest.exportKey(TestKeys.newWorkspace(), "live");
        given().header("Authorization", stranger).delete(path).then().statusCode(404);
        given().header("Authorization", key)
                .queryParam("clientIdentifier", "t2")
                .delete(path)
                .then()
                .statusCode(404);
        long otherCourse = CoursePlayerTest.publishedCourse(key, "t1");
        given().header("Authorization", key)
                .delete("/v1/headless/course/scorm/" + otherCourse + "/exports/" + exportId)
                .then()
                .statusCode(404);
        for (String bad : new String[] {"0".repeat(24), "nope"}) {
            given().header("Authorization", key)
                    .delete("/v1/headless/course/scorm/" + id + "/exports/" + bad)
                    .then()
                    .statusCode(404)
                    .body("error.code", equalTo("NOT_FOUND"));
        }
        // A key without the feature may not revoke.
        given().header("Authorization", TestKeys.header(ws, "build", "", "", "live"))
                .delete(path)
                .then()
                .statusCode(403);
        launch(token, "u1", learnerKey).then().statusCode(201);

        given().header("Authorization", key)
                .queryParam("clientIdentifier", "t1")
                .delete(path)
                .then()
                .statusCode(204);
        given().header("Authorization", key).delete(path).then().statusCode(204);
        // Every launch of it is refused, a returning learner's too; the other package of the course still launches.
        for (String learnerKeyOrNull : new String[] {null, learnerKey}) {
            launch(token, "u1", learnerKeyOrNull)
                    .then()
                    .statusCode(401)
                    .body("error.code", equalTo("UNAUTHORIZED"))
                    .body("error.reason", equalTo("revoked"));
        }
        launch(other, "u1", null).then().statusCode(201);
    }

    @Test
    void aPackageLetsInABoundedNumberOfNewLearnersPerHour() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = ScormExportTest.exportKey(ws, "live");
        long id = CoursePlayerTest.publishedCourse(key, null);
        String token = LmsSessionsTest.packageToken(key, id, "2004");
        String firstKey = null;
        for (int i = 0; i < NEW_LEARNERS_PER_HOUR; i++) {
            String k = launch(token, "victim@lms", null)
                    .then()
                    .statusCode(201)
                    .extract()
                    .jsonPath()
                    .getString("learnerKey");
            firstKey = firstKey == null ? k : firstKey;
        }
        Response refused = launch(token, "victim@lms", null);
        refused.then().statusCode(429).body("error.code", equalTo("TOO_MANY_REQUESTS"));
        assertThat(Long.parseLong(refused.header("Retry-After"))).isBetween(1L, 3600L);
        assertThat(tracking(key, id).getList("identifier")).hasSize(NEW_LEARNERS_PER_HOUR);
        // A returning learner is not a new one; another package of the course has its own bound.
        launch(token, "victim@lms", firstKey).then().statusCode(201);
        launch(LmsSessionsTest.packageToken(key, id, "2004"), "victim@lms", null)
                .then()
                .statusCode(201);
    }

    @Test
    void aPackageExpiresAfterTheOperatorsLifetimeAndOlderTokensToo() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = ScormExportTest.exportKey(ws, "live");
        long id = CoursePlayerTest.publishedCourse(key, null);
        String token = LmsSessionsTest.packageToken(key, id, "2004");
        JsonNode claims = CoursePlayerTest.payload(token);
        // scorm-export.token-lifetime: a year by default, in the token and in the package's row.
        assertThat(claims.path("exp").asLong() - claims.path("iat").asLong())
                .isEqualTo(Duration.ofDays(365).toSeconds());
        String exportId = claims.path("exportId").asText();
        assertThat(expiresAt(exportId))
                .isBetween(
                        OffsetDateTime.now(ZoneOffset.UTC).plusDays(364),
                        OffsetDateTime.now(ZoneOffset.UTC).plusDays(366));
        launch(token, "u1", null).then().statusCode(201);
        pool.preparedQuery("update scorm_export set expires_at = now() - interval '1 second' where export_id = $1")
                .execute(Tuple.of(exportId))
                .await()
                .atMost(Duration.ofSeconds(10));
        launch(token, "u1", null)
                .then()
                .statusCode(401)
                .body("error.code", equalTo("UNAUTHORIZED"))
                .body("error.reason", equalTo("expired"));

        // A token as packages carried before the lifetime existed: a century ahead and no row. Its
        // first launch records it with the expiry the lifetime gives from its issue time.
        byte[] random = new byte[12];
        new SecureRandom().nextBytes(random);
        String legacyExport = HexFormat.of().formatHex(random);
        String legacy = tokens.sign(
                Jwt.claims()
                        .subject("course:" + id)
                        .claim("jti", legacyExport)
                        .claim("kind", "scorm-package")
                        .claim("workspaceId", ws)
                        .claim("courseId", id)
                        .claim("testMode", false)
                        .claim("exportId", legacyExport),
                Tokens.EMBED,
                tokens.serviceName(),
                Duration.ofDays(36_500));
        launch(legacy, "u1", null).then().statusCode(201);
        assertThat(expiresAt(legacyExport))
                .isBefore(OffsetDateTime.now(ZoneOffset.UTC).plusDays(366));
        // Recorded, it is revocable as any package.
        given().header("Authorization", key)
                .delete("/v1/headless/course/scorm/" + id + "/exports/" + legacyExport)
                .then()
                .statusCode(204);
        launch(legacy, "u1", null).then().statusCode(401).body("error.reason", equalTo("revoked"));
    }

    private OffsetDateTime expiresAt(String exportId) {
        return pool.preparedQuery("select expires_at from scorm_export where export_id = $1")
                .execute(Tuple.of(exportId))
                .await()
                .atMost(Duration.ofSeconds(10))
                .iterator()
                .next()
                .getOffsetDateTime("expires_at");
    }
}

package org.courseplatform.scorm.housekeeping;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.scorm.Launches;
import org.courseplatform.scorm.Packages;
import org.courseplatform.scorm.Zips;
import org.courseplatform.scorm.storage.PackageStore;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/**
 * The purge of expired upload slots (row and uploaded object), failed packages' originals and
 * expired player sessions, against real PostgreSQL and S3. Timestamps are moved with SQL and the
 * purge is called directly; the grace is the default hour and the retention of failed originals
 * the default 7 days, so rows of other tests (never that old) are not touched.
 */
@QuarkusTest
class HousekeepingTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    Housekeeping housekeeping;

    @Inject
    PackageStore store;

    @Inject
    Pool pool;

    private final long workspace = TestKeys.newWorkspace();
    private final String auth = TestKeys.enterprise(workspace);

    @Test
    void expiredUnusedUploadSlotsGoWithTheirObjects() {
        byte[] zip = Zips.fixtureBytes("scorm12-single-sco.zip");
        // Expired two hours ago, zip uploaded: row and object go.
        JsonPath uploaded = Packages.announce(auth, "uploaded.zip", zip.length);
        assertThat(Packages.put(uploaded.getString("url"), zip)).isEqualTo(200);
        // Expired two hours ago, nothing was ever PUT: the row goes.
        JsonPath empty = Packages.announce(auth, "empty.zip", zip.length);
        // Expired a minute ago, within the grace: stays.
        JsonPath recent = Packages.announce(auth, "recent.zip", zip.length);
        assertThat(Packages.put(recent.getString("url"), zip)).isEqualTo(200);
        // Not expired: stays.
        JsonPath open = Packages.announce(auth, "open.zip", zip.length);
        assertThat(Packages.put(open.getString("url"), zip)).isEqualTo(200);
        expireUpload(uploaded.getString("hash"), "2 hours");
        expireUpload(empty.getString("hash"), "2 hours");
        expireUpload(recent.getString("hash"), "1 minute");
        String uploadedKey = key(uploaded);
        assertThat(store.size(uploadedKey)).contains((long) zip.length);

        housekeeping.purge().await().atMost(WAIT);

        assertThat(uploadRow(uploaded.getString("hash"))).isFalse();
        assertThat(store.size(uploadedKey)).isEmpty();
        assertThat(uploadRow(empty.getString("hash"))).isFalse();
        assertThat(uploadRow(recent.getString("hash"))).isTrue();
        assertThat(store.size(key(recent))).contains((long) zip.length);
        assertThat(uploadRow(open.getString("hash"))).isTrue();
        assertThat(store.size(key(open))).contains((long) zip.length);
        // The unexpired slot still makes a package.
        given().header("Authorization", auth)
                .contentType(ContentType.JSON)
                .body(Map.of("hash", open.getString("hash"), "name", "open.zip"))
                .post("/v1/headless/scorm-package")
                .then()
                .statusCode(201);
        // A purged hash is unknown.
        given().header("Authorization", auth)
                .contentType(ContentType.JSON)
                .body(Map.of("hash", uploaded.getString("hash"), "name", "uploaded.zip"))
                .post("/v1/headless/scorm-package")
                .then()
                .statusCode(404);
    }

    @Test
    void aUsedSlotGoesWithWhatWasPutAfterCreateWhileThePackagesOriginalStays() {
        byte[] zip = Zips.fixtureBytes("scorm2004-3rd-single-sco.zip");
        JsonPath used = Packages.announce(auth, "used.zip", zip.length);
        assertThat(Packages.put(used.getString("url"), zip)).isEqualTo(200);
        long courseId = create(used, "used.zip");
        // A PUT through the still-valid URL after create writes the upload key again.
        assertThat(Packages.put(used.getString("url"), zip)).isEqualTo(200);
        // A package created before originals were copied stores its upload key: that object is kept.
        JsonPath legacy = Packages.announce(auth, "legacy.zip", zip.length);
        assertThat(Packages.put(legacy.getString("url"), zip)).isEqualTo(200);
        long legacyCourse = create(legacy, "legacy.zip");
        assertThat(Packages.put(legacy.getString("url"), zip)).isEqualTo(200);
        sql("update scorm_package set object_key = '" + key(legacy) + "' where course_id = $1", legacyCourse);
        // A slot whose create died after copying (claimed, copy stored, no package): both objects go.
        JsonPath orphan = Packages.announce(auth, "orphan.zip", zip.length);
        assertThat(Packages.put(orphan.getString("url"), zip)).isEqualTo(200);
        String orphanCopy = PackageStore.originalKey(workspace, orphan.getString("hash"));
        assertThat(store.copy(key(orphan), orphanCopy)).isTrue();
        sql(
                "update scorm_upload set used_at = now(), original_key = '" + orphanCopy + "' where hash = $1",
                orphan.getString("hash"));
        for (JsonPath slot : new JsonPath[] {used, legacy, orphan}) {
            expireUpload(slot.getString("hash"), "3 hours");
        }

        housekeeping.purge().await().atMost(WAIT);

        for (JsonPath slot : new JsonPath[] {used, legacy, orphan}) {
            assertThat(uploadRow(slot.getString("hash"))).isFalse();
        }
        assertThat(store.size(key(used))).isEmpty();
        assertThat(store.size(PackageStore.originalKey(workspace, used.getString("hash"))))
                .contains((long) zip.length);
        assertThat(store.size(key(legacy))).contains((long) zip.length);
        assertThat(store.size(key(orphan))).isEmpty();
        assertThat(store.size(orphanCopy)).isEmpty();
        for (long id : new long[] {courseId, legacyCourse}) {
            assertThat(Packages.get(downloadUrl(id))).isEqualTo(zip);
        }
    }

    @Test
    void aFailedPackagesOriginalIsGoneAfterTheRetention() {
        byte[] notZip = Zips.notZip();
        long old = Packages.upload(auth, "old-failure.zip", notZip);
        long recent = Packages.upload(auth, "recent-failure.zip", notZip);
        long ready = Packages.upload(auth, "old-ready.zip", Zips.fixtureBytes("scorm12-single-sco.zip"));
        assertThat(Packages.settled(auth, old).getString("status")).isEqualTo("failed");
        assertThat(Packages.settled(auth, recent).getString("status")).isEqualTo("failed");
        assertThat(Packages.settled(auth, ready).getString("status")).isEqualTo("ready");
        String oldKey = objectKey(old);
        assertThat(oldKey).startsWith("scorm/originals/" + workspace + "/");
        assertThat(store.size(oldKey)).contains((long) notZip.length);
        // Failed 8 days ago (the retention is 7 days); 6 days ago; ready for 8 days.
        sql("update scorm_package set updated_at = now() - interval '8 days' where course_id = $1", old);
        sql("update scorm_package set updated_at = now() - interval '6 days' where course_id = $1", recent);
        sql("update scorm_package set updated_at = now() - interval '8 days' where course_id = $1", ready);

        housekeeping.purge().await().atMost(WAIT);

        assertThat(store.size(oldKey)).isEmpty();
        assertThat(count(
                        "select count(*) from scorm_package where course_id = $1 and original_purged_at is not null",
                        old))
                .isEqualTo(1);
        given().header("Authorization", auth)
                .get("/v1/headless/scorm-package/" + old + "/download")
                .then()
                .statusCode(404)
                .body("message", Matchers.containsString("deleted"));
        // The package's status and error stay.
        JsonPath status = Packages.status(auth, old);
        assertThat(status.getString("status")).isEqualTo("failed");
        assertThat(status.getString("errorCode")).isEqualTo("not_zip");
        assertThat(Packages.get(downloadUrl(recent))).isEqualTo(notZip);
        assertThat(Packages.get(downloadUrl(ready))).isEqualTo(Zips.fixtureBytes("scorm12-single-sco.zip"));
        // A second run finds nothing more to do for it.
        housekeeping.purgeFailedOriginals(10).await().atMost(WAIT);
        assertThat(count(
                        "select count(*) from scorm_package where course_id = $1 and original_purged_at is not null",
                        recent))
                .isZero();
    }

    private long create(JsonPath ticket, String name) {
        return given().header("Authorization", auth)
                .contentType(ContentType.JSON)
                .body(Map.of("hash", ticket.getString("hash"), "name", name))
                .post("/v1/headless/scorm-package")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("courseId");
    }

    private String downloadUrl(long courseId) {
        return given().header("Authorization", auth)
                .get("/v1/headless/scorm-package/" + courseId + "/download")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("url");
    }

    private String objectKey(long courseId) {
        return pool.preparedQuery("select object_key from scorm_package where course_id = $1")
                .execute(Tuple.of(courseId))
                .await()
                .atMost(WAIT)
                .iterator()
                .next()
                .getString(0);
    }

    @Test
    void roundsAreBoundedAndRepeatUntilNothingIsLeft() {
        for (int i = 0; i < 3; i++) {
            JsonPath slot = Packages.announce(auth, "r" + i + ".zip", 10);
            expireUpload(slot.getString("hash"), "5 hours");
        }
        assertThat(count("select count(*) from scorm_upload where workspace_id = $1", workspace))
                .isEqualTo(3);
        // One row per round: the purge keeps going until a round comes back short. (The schedule may
        // have taken some of them meanwhile, so the number this call removed is at most 3.)
        assertThat(housekeeping.purgeUploads(1).await().atMost(WAIT)).isBetween(0, 3);
        assertThat(count("select count(*) from scorm_upload where workspace_id = $1", workspace))
                .isZero();
    }

    @Test
    void expiredSessionsGoWhileTrackingAndCmiStay() {
        long id = Packages.upload(auth, "play.zip", Zips.fixtureBytes("scorm12-single-sco.zip"));
        assertThat(Packages.settled(auth, id).getString("status")).isEqualTo("ready");
        String sco = Packages.status(auth, id).getString("launch.scos[0].identifier");

        Launches.Opened first = Launches.open(embed(id, "learner-h"));
        String base = first.base();
        first.on().post(base + "runtime/" + sco + "/initialize").then().statusCode(200);
        first.on()
                .contentType("text/plain;charset=UTF-8")
                .body("""
                {"cmi":{"core":{"lesson_location":"page-7","lesson_status":"incomplete","exit":"suspend",
                "total_time":"0000:00:42.00"},"suspend_data":"kept"}}""")
                .post(base + "runtime/" + sco)
                .then()
                .statusCode(200)
                .body("result", equalTo(true));
        String expired = first.sessionId();
        String recent = Launches.open(embed(id, "learner-h")).sessionId();
        Launches.Opened currentSession = Launches.open(embed(id, "learner-other"));
        String current = currentSession.sessionId();
        String edit = Launches.open(embed(id, "author-h", "edit")).sessionId();
        sql("update scorm_session set expires_at = now() - interval '2 hours' where id = $1", expired);
        sql("update scorm_session set expires_at = now() - interval '10 minutes' where id = $1", recent);
        sql("update scorm_session set expires_at = now() - interval '9 hours' where id = $1", edit);
        long tracking = count("select count(*) from scorm_tracking where course_id = $1", id);
        long states = count(
                "select count(*) from scorm_sco_state s join scorm_tracking t on t.id = s.tracking_id"
                        + " where t.course_id = $1",
                id);
        assertThat(tracking).isEqualTo(2);
        assertThat(states).isEqualTo(1);

        housekeeping.purge().await().atMost(WAIT);

        assertThat(sessionRow(expired)).isFalse();
        assertThat(sessionRow(edit)).isFalse();
        assertThat(sessionRow(recent)).isTrue();
        assertThat(sessionRow(current)).isTrue();
        first.on().get(base + "player").then().statusCode(404);
        currentSession.on().get("/scorm/s/" + current + "/player").then().statusCode(200);
        // Learner data is untouched, and a new launch resumes where the learner left.
        assertThat(count("select count(*) from scorm_tracking where course_id = $1", id))
                .isEqualTo(tracking);
        assertThat(count(
                        "select count(*) from scorm_sco_state s join scorm_tracking t on t.id = s.tracking_id"
                                + " where t.course_id = $1 and s.location = 'page-7' and s.suspend_data = 'kept'",
                        id))
                .isEqualTo(1);
        Launches.Opened again = Launches.open(embed(id, "learner-h"));
        JsonPath restored = again.on()
                .get(again.base() + "runtime/" + sco)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(restored.getString("core.entry")).isEqualTo("resume");
        assertThat(restored.getString("core.lesson_location")).isEqualTo("page-7");
        assertThat(restored.getString("suspend_data")).isEqualTo("kept");
    }

    private String embed(long courseId, String identifier) {
        return embed(courseId, identifier, "view");
    }

    private String embed(long courseId, String identifier, String action) {
        return given().header("Authorization", auth)
                .contentType(ContentType.JSON)
                .body(Map.of("courseId", courseId, "identifier", identifier, "action", action))
                .post("/v1/headless/embed/scorm")
                .then()
                .statusCode(200)
                .extract()
                .asString();
    }

    @Test
    void usedEmbedTokensAreForgottenOnceTheyHaveExpired() {
        long id = Packages.upload(auth, "once.zip", Zips.fixtureBytes("scorm12-single-sco.zip"));
        assertThat(Packages.settled(auth, id).getString("status")).isEqualTo("ready");
        Launches.Launch old = Launches.parse(embed(id, "learner-t"));
        Launches.Launch recent = Launches.parse(embed(id, "learner-t"));
        Launches.Launch open = Launches.parse(embed(id, "learner-t"));
        for (Launches.Launch launch : List.of(old, recent, open)) {
            Launches.post(launch.host(), launch.token()).then().statusCode(200);
        }
        sql("update scorm_launch set expires_at = now() - interval '2 hours' where jti = $1", old.label());
        sql("update scorm_launch set expires_at = now() - interval '10 minutes' where jti = $1", recent.label());

        housekeeping.purge().await().atMost(WAIT);

        assertThat(count("select count(*) from scorm_launch where jti = $1", old.label()))
                .isZero();
        assertThat(count("select count(*) from scorm_launch where jti = $1", recent.label()))
                .isEqualTo(1);
        // While the token is valid its use is remembered: still refused.
        Launches.post(open.host(), open.token()).then().statusCode(401);
    }

    private String key(JsonPath ticket) {
        return PackageStore.uploadKey(workspace, ticket.getString("hash"));
    }

    private void expireUpload(String hash, String ago) {
        sql("update scorm_upload set expires_at = now() - interval '" + ago + "' where hash = $1", hash);
    }

    private boolean uploadRow(String hash) {
        return count("select count(*) from scorm_upload where hash = $1", hash) == 1;
    }

    private boolean sessionRow(String id) {
        return count("select count(*) from scorm_session where id = $1", id) == 1;
    }

    private void sql(String statement, Object parameter) {
        assertThat(pool.preparedQuery(statement)
                        .execute(Tuple.of(parameter))
                        .await()
                        .atMost(WAIT)
                        .rowCount())
                .isEqualTo(1);
    }

    private long count(String query, Object parameter) {
        RowSet<Row> rows =
                pool.preparedQuery(query).execute(Tuple.of(parameter)).await().atMost(WAIT);
        return rows.iterator().next().getLong(0);
    }
}

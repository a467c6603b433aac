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
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.scorm.Packages;
import org.courseplatform.scorm.Zips;
import org.courseplatform.scorm.storage.PackageStore;
import org.junit.jupiter.api.Test;

/**
 * The purge of expired upload slots (row and uploaded object) and expired player sessions, against
 * real PostgreSQL and S3. Timestamps are moved with SQL and the purge is called directly; the grace
 * is the default hour, so rows of other tests (never expired by more than that) are not touched.
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
        given().header("Authorization", auth).contentType(ContentType.JSON)
                .body(Map.of("hash", open.getString("hash"), "name", "open.zip")).post("/v1/headless/scorm-package")
                .then().statusCode(201);
        // A purged hash is unknown.
        given().header("Authorization", auth).contentType(ContentType.JSON)
                .body(Map.of("hash", uploaded.getString("hash"), "name", "uploaded.zip")).post("/v1/headless/scorm-package")
                .then().statusCode(404);
    }

    @Test
    void aUsedSlotKeepsItsObjectAfterExpiry() {
        byte[] zip = Zips.fixtureBytes("scorm2004-3rd-single-sco.zip");
        JsonPath used = Packages.announce(auth, "used.zip", zip.length);
        assertThat(Packages.put(used.getString("url"), zip)).isEqualTo(200);
        long courseId = given().header("Authorization", auth).contentType(ContentType.JSON)
                .body(Map.of("hash", used.getString("hash"), "name", "used.zip")).post("/v1/headless/scorm-package")
                .then().statusCode(201).extract().jsonPath().getLong("courseId");
        // A second used slot whose flags were lost (used_at and course_id null): its object is still
        // the package's original, and the package check alone keeps it.
        JsonPath flagless = Packages.announce(auth, "flagless.zip", zip.length);
        assertThat(Packages.put(flagless.getString("url"), zip)).isEqualTo(200);
        long flaglessCourse = given().header("Authorization", auth).contentType(ContentType.JSON)
                .body(Map.of("hash", flagless.getString("hash"), "name", "flagless.zip")).post("/v1/headless/scorm-package")
                .then().statusCode(201).extract().jsonPath().getLong("courseId");
        expireUpload(used.getString("hash"), "3 hours");
        expireUpload(flagless.getString("hash"), "3 hours");
        sql("update scorm_upload set used_at = null, course_id = null where hash = $1", flagless.getString("hash"));

        housekeeping.purge().await().atMost(WAIT);

        for (JsonPath slot : new JsonPath[] {used, flagless}) {
            assertThat(uploadRow(slot.getString("hash"))).isTrue();
            assertThat(store.size(key(slot))).contains((long) zip.length);
        }
        for (long id : new long[] {courseId, flaglessCourse}) {
            String url = given().header("Authorization", auth).get("/v1/headless/scorm-package/" + id + "/download")
                    .then().statusCode(200).extract().jsonPath().getString("url");
            assertThat(Packages.get(url)).isEqualTo(zip);
        }
    }

    @Test
    void roundsAreBoundedAndRepeatUntilNothingIsLeft() {
        for (int i = 0; i < 3; i++) {
            JsonPath slot = Packages.announce(auth, "r" + i + ".zip", 10);
            expireUpload(slot.getString("hash"), "5 hours");
        }
        assertThat(count("select count(*) from scorm_upload where workspace_id = $1", workspace)).isEqualTo(3);
        // One row per round: the purge keeps going until a round comes back short. (The schedule may
        // have taken some of them meanwhile, so the number this call removed is at most 3.)
        assertThat(housekeeping.purgeUploads(1).await().atMost(WAIT)).isBetween(0, 3);
        assertThat(count("select count(*) from scorm_upload where workspace_id = $1", workspace)).isZero();
    }

    @Test
    void expiredSessionsGoWhileTrackingAndCmiStay() {
        long id = Packages.upload(auth, "play.zip", Zips.fixtureBytes("scorm12-single-sco.zip"));
        assertThat(Packages.settled(auth, id).getString("status")).isEqualTo("ready");
        String sco = Packages.status(auth, id).getString("launch.scos[0].identifier");

        String first = open(embed(id, "learner-h"));
        String base = first.substring(0, first.length() - "player".length());
        given().post(base + "runtime/" + sco + "/initialize").then().statusCode(200);
        given().contentType("text/plain;charset=UTF-8").body("""
                {"cmi":{"core":{"lesson_location":"page-7","lesson_status":"incomplete","exit":"suspend",
                "total_time":"0000:00:42.00"},"suspend_data":"kept"}}""").post(base + "runtime/" + sco).then().statusCode(200)
                .body("result", equalTo(true));
        String expired = sessionId(first);
        String recent = sessionId(open(embed(id, "learner-h")));
        String current = sessionId(open(embed(id, "learner-other")));
        String edit = sessionId(open(embed(id, "author-h", "edit")));
        sql("update scorm_session set expires_at = now() - interval '2 hours' where id = $1", expired);
        sql("update scorm_session set expires_at = now() - interval '10 minutes' where id = $1", recent);
        sql("update scorm_session set expires_at = now() - interval '9 hours' where id = $1", edit);
        long tracking = count("select count(*) from scorm_tracking where course_id = $1", id);
        long states = count("select count(*) from scorm_sco_state s join scorm_tracking t on t.id = s.tracking_id"
                + " where t.course_id = $1", id);
        assertThat(tracking).isEqualTo(2);
        assertThat(states).isEqualTo(1);

        housekeeping.purge().await().atMost(WAIT);

        assertThat(sessionRow(expired)).isFalse();
        assertThat(sessionRow(edit)).isFalse();
        assertThat(sessionRow(recent)).isTrue();
        assertThat(sessionRow(current)).isTrue();
        given().get(base + "player").then().statusCode(404);
        given().get("/scorm/s/" + current + "/player").then().statusCode(200);
        // Learner data is untouched, and a new launch resumes where the learner left.
        assertThat(count("select count(*) from scorm_tracking where course_id = $1", id)).isEqualTo(tracking);
        assertThat(count("select count(*) from scorm_sco_state s join scorm_tracking t on t.id = s.tracking_id"
                + " where t.course_id = $1 and s.location = 'page-7' and s.suspend_data = 'kept'", id)).isEqualTo(1);
        String again = open(embed(id, "learner-h"));
        JsonPath restored = given().get(again.replace("player", "runtime/" + sco)).then().statusCode(200).extract().jsonPath();
        assertThat(restored.getString("core.entry")).isEqualTo("resume");
        assertThat(restored.getString("core.lesson_location")).isEqualTo("page-7");
        assertThat(restored.getString("suspend_data")).isEqualTo("kept");
    }

    private String embed(long courseId, String identifier) {
        return embed(courseId, identifier, "view");
    }

    private String embed(long courseId, String identifier, String action) {
        return given().header("Authorization", auth).contentType(ContentType.JSON)
                .body(Map.of("courseId", courseId, "identifier", identifier, "action", action)).post("/v1/headless/embed/scorm")
                .then().statusCode(200).extract().asString();
    }

    /** Opens an embed URL; answers the page path it redirects to. */
    private static String open(String url) {
        URI uri = URI.create(url);
        return given().redirects().follow(false).get(uri.getRawPath() + "?" + uri.getRawQuery()).then().statusCode(303)
                .extract().header("Location").replaceFirst("^https?://[^/]+", "");
    }

    private static String sessionId(String page) {
        return page.replaceFirst("^/scorm/s/([0-9a-f]{64})/.*$", "$1");
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
        assertThat(pool.preparedQuery(statement).execute(Tuple.of(parameter)).await().atMost(WAIT).rowCount()).isEqualTo(1);
    }

    private long count(String query, Object parameter) {
        RowSet<Row> rows = pool.preparedQuery(query).execute(Tuple.of(parameter)).await().atMost(WAIT);
        return rows.iterator().next().getLong(0);
    }
}

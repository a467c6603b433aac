package org.courseplatform.scorm;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.courseplatform.platform.storage.ObjectStore;
import org.courseplatform.platform.testing.Metrics;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.scorm.processing.PackageWorker;
import org.courseplatform.scorm.storage.PackageStore;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/** Upload, create, background processing, status and download against real PostgreSQL and S3. */
@QuarkusTest
class ScormPackagesTest {

    @Inject
    PackageStore store;

    @Inject
    Pool pool;

    @Inject
    ObjectStore objects;

    @Inject
    PackageWorker worker;

    @ConfigProperty(name = "platform.services.course-service.url")
    String courseService;

    private final long workspace = TestKeys.newWorkspace();
    private final String auth = TestKeys.enterprise(workspace);

    @Test
    void everyFixtureReachesItsReadmeOutcome() {
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("scorm12-single-sco.zip", "ready");
        expected.put("scorm2004-3rd-single-sco.zip", "ready");
        expected.put("scorm2004-3rd-runtime-basic.zip", "ready");
        expected.put("scorm2004-3rd-multi-sco.zip", "ready");
        expected.put("scorm2004-3rd-sequencing-forced.zip", "failed");
        expected.put("scorm12-no-sco.zip", "failed");
        Metrics before = Metrics.scrape();
        Map<String, Long> ids = new LinkedHashMap<>();
        for (String fixture : expected.keySet()) {
            ids.put(fixture, Packages.upload(auth, fixture, Zips.fixtureBytes(fixture)));
        }
        for (Map.Entry<String, Long> e : ids.entrySet()) {
            JsonPath status = Packages.settled(auth, e.getValue());
            assertThat(status.getString("status")).as(e.getKey()).isEqualTo(expected.get(e.getKey()));
            assertThat(status.getLong("courseId")).isEqualTo(e.getValue());
        }
        // Operators see the outcomes: four ready, two rejected (the packages' fault), none in error.
        Metrics after = Metrics.scrape();
        assertThat(after.require(PROCESSED_READY)).isGreaterThanOrEqualTo(before.require(PROCESSED_READY) + 4);
        assertThat(after.require(PROCESSED_REJECTED)).isGreaterThanOrEqualTo(before.require(PROCESSED_REJECTED) + 2);
        assertThat(after.require(PROCESSED_ERROR)).isEqualTo(before.require(PROCESSED_ERROR));
        JsonPath single12 = Packages.status(auth, ids.get("scorm12-single-sco.zip"));
        assertThat(single12.getString("version")).isEqualTo("1.2");
        assertThat(single12.getList("launch.scos")).hasSize(1);
        assertThat(single12.getString("error")).isNull();
        assertThat(Packages.status(auth, ids.get("scorm2004-3rd-single-sco.zip"))
                        .getString("version"))
                .isEqualTo("2004 3rd Edition");
        JsonPath multi = Packages.status(auth, ids.get("scorm2004-3rd-multi-sco.zip"));
        assertThat(multi.getList("launch.scos")).hasSize(18);
        // Every SCO's launch file is served, out of the package's zip.
        Launches.Opened player = Launches.open(given().header("Authorization", auth)
                .contentType(ContentType.JSON)
                .body(Map.of("courseId", e(ids, "scorm2004-3rd-multi-sco.zip"), "identifier", "learner-files"))
                .post("/v1/headless/embed/scorm")
                .then()
                .statusCode(200)
                .extract()
                .asString());
        for (int i = 0; i < 18; i++) {
            assertThat(multi.getString("launch.scos[" + i + "].identifier")).isNotBlank();
            assertThat(multi.getString("launch.scos[" + i + "].title")).isNotBlank();
            String href = multi.getString("launch.scos[" + i + "].href");
            String file = href.replaceAll("[?#].*$", "");
            player.on().get(player.base() + "content/" + file).then().statusCode(200);
        }
        // The course title comes from the manifest, through course-service.
        String title = multi.getString("title");
        assertThat(title).isNotBlank().isNotEqualTo("scorm2004-3rd-multi-sco");
        given().baseUri(courseService)
                .header("Authorization", auth)
                .get("/v1/headless/courses/" + e(ids, "scorm2004-3rd-multi-sco.zip"))
                .then()
                .statusCode(200)
                .body("type", equalTo("scorm"))
                .body("title", equalTo(title))
                .body("identifier", startsWith("api-key-"));
        given().baseUri(courseService)
                .header("Authorization", auth)
                .contentType(ContentType.JSON)
                .body(
                        "{\"document\":{\"format\":\"builder2\",\"title\":\"Edited\",\"screens\":[{\"id\":\"s1\",\"type\":\"blocks\"}]}}")
                .put("/v1/headless/course/" + e(ids, "scorm2004-3rd-multi-sco.zip") + "/content")
                .then()
                .statusCode(422)
                .body("message", containsString("SCORM"));
        JsonPath sequencing = Packages.status(auth, ids.get("scorm2004-3rd-sequencing-forced.zip"));
        assertThat(sequencing.getString("errorCode")).isEqualTo("sequencing_present");
        assertThat(sequencing.getString("error")).contains("sequencing");
        assertThat(sequencing.getString("launch")).isNull();
        assertThat(Packages.status(auth, ids.get("scorm12-no-sco.zip")).getString("errorCode"))
                .isEqualTo("no_launchable_sco");
        // Nothing of a package, rejected or ready, is stored beside its original: files are served from it.
        assertThat(store.list(PackageStore.contentPrefix(e(ids, "scorm12-no-sco.zip"))))
                .isEmpty();
        assertThat(store.list(PackageStore.contentPrefix(e(ids, "scorm2004-3rd-single-sco.zip"))))
                .isEmpty();
    }

    private static final String PROCESSED_READY = "scorm_packages_processed_total{outcome=\"ready\"}";
    private static final String PROCESSED_REJECTED = "scorm_packages_processed_total{outcome=\"rejected\"}";
    private static final String PROCESSED_ERROR = "scorm_packages_processed_total{outcome=\"error\"}";

    private static long e(Map<String, Long> ids, String name) {
        return ids.get(name);
    }

    @Test
    void hostileArchivesAreRejectedAndWriteNothingOutsideThePackagePrefix() {
        Map<String, byte[]> archives = new LinkedHashMap<>();
        archives.put("unsafe_paths:slip", Zips.zipSlip());
        archives.put("unsafe_paths:absolute", Zips.absolutePath());
        archives.put("unsafe_paths:symlink", Zips.symlink());
        archives.put("unsafe_paths:case", Zips.caseDuplicates());
        archives.put("zip_bomb:small", Zips.smallBomb());
        archives.put("zip_bomb:overlap", Zips.overlappingBomb(800));
        archives.put("zip_bomb:lying", Zips.lyingSize());
        archives.put("too_many_files:100000", Zips.tooManyEntries(100_000));
        archives.put("no_manifest:xxe", Zips.externalEntity());
        archives.put("no_manifest:laughs", Zips.billionLaughs());
        archives.put("not_zip:text", Zips.notZip());
        Set<String> before = new HashSet<>(store.list("scorm/"));
        Map<String, Long> ids = new LinkedHashMap<>();
        for (Map.Entry<String, byte[]> e : archives.entrySet()) {
            ids.put(e.getKey(), Packages.upload(auth, e.getKey().replace(':', '-') + ".zip", e.getValue()));
        }
        for (Map.Entry<String, Long> e : ids.entrySet()) {
            JsonPath status = Packages.settled(auth, e.getValue());
            assertThat(status.getString("status")).as(e.getKey()).isEqualTo("failed");
            assertThat(status.getString("errorCode"))
                    .as(e.getKey())
                    .isEqualTo(e.getKey().split(":")[0]);
            assertThat(status.getString("error")).as(e.getKey()).endsWith(".");
            assertThat(store.list(PackageStore.contentPrefix(e.getValue())))
                    .as(e.getKey())
                    .isEmpty();
        }
        List<String> added =
                store.list("scorm/").stream().filter(k -> !before.contains(k)).toList();
        // Only the originals stay (rejected packages keep theirs until the failed-original retention).
        assertThat(added)
                .hasSize(archives.size())
                .allSatisfy(k -> assertThat(k).startsWith("scorm/originals/" + workspace + "/"));
        assertThat(store.list("")).noneMatch(k -> k.contains("..") || k.contains("evil") || k.startsWith("/"));
        assertThat(Files.exists(Path.of(System.getProperty("java.io.tmpdir")).resolve("evil.txt")))
                .isFalse();
    }

    @Test
    void uploadValidatesNameAndSize() {
        post("/upload", Map.of("name", "course.zip", "size", 0))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("size"));
        post("/upload", Map.of("name", "course.tar", "size", 10))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("name"));
        post("/upload", Map.of("name", "a/b.zip", "size", 10)).then().statusCode(400);
        post("/upload", Map.of("name", "course.zip", "size", 209_715_201L))
                .then()
                .statusCode(413)
                .body("error.code", equalTo("PAYLOAD_TOO_LARGE"));
        post("/upload", Map.of("name", "course.zip")).then().statusCode(400);
        post("/upload", Map.of("name", "course.zip", "size", "12")).then().statusCode(400);
        JsonPath ticket = Packages.announce(auth, "Course.ZIP", 209_715_200L);
        assertThat(ticket.getString("hash")).matches("[0-9a-f]{64}");
        assertThat(ticket.getString("url")).contains("X-Amz-Signature").contains("X-Amz-Expires=3600");
        assertThat(ticket.getString("expiresAt")).isNotBlank();
    }

    @Test
    void unknownUsedExpiredOrMismatchedHashesAre4xx() {
        post("", Map.of("hash", "0".repeat(64), "name", "a.zip")).then().statusCode(404);
        post("", Map.of("hash", "not-a-hash", "name", "a.zip")).then().statusCode(404);
        byte[] zip = Zips.fixtureBytes("scorm12-single-sco.zip");

        JsonPath ticket = Packages.announce(auth, "a.zip", zip.length);
        post("", Map.of("hash", ticket.getString("hash"), "name", "a.zip"))
                .then()
                .statusCode(422)
                .body("message", containsString("PUT the zip"));
        Packages.put(ticket.getString("url"), zip);
        post("", Map.of("hash", ticket.getString("hash"), "name", "a.zip"))
                .then()
                .statusCode(201);
        post("", Map.of("hash", ticket.getString("hash"), "name", "a.zip"))
                .then()
                .statusCode(409)
                .body("message", containsString("already used"));
        // Another workspace does not know the hash.
        given().header("Authorization", TestKeys.enterprise(TestKeys.newWorkspace()))
                .contentType(ContentType.JSON)
                .body(Map.of("hash", ticket.getString("hash"), "name", "a.zip"))
                .post("/v1/headless/scorm-package")
                .then()
                .statusCode(404);

        // A store that ignored the signed length would keep a body of another size: the size check
        // after upload still refuses it (the object is written here without the presigned URL).
        JsonPath wrongSize = Packages.announce(auth, "b.zip", zip.length + 1);
        putDirectly(PackageStore.uploadKey(workspace, wrongSize.getString("hash")), zip);
        post("", Map.of("hash", wrongSize.getString("hash"), "name", "b.zip"))
                .then()
                .statusCode(422)
                .body("message", containsString("announced"));

        JsonPath expired = Packages.announce(auth, "c.zip", zip.length);
        Packages.put(expired.getString("url"), zip);
        pool.preparedQuery("update scorm_upload set expires_at = now() - interval '1 second' where hash = $1")
                .execute(Tuple.of(expired.getString("hash")))
                .await()
                .atMost(Duration.ofSeconds(5));
        post("", Map.of("hash", expired.getString("hash"), "name", "c.zip"))
                .then()
                .statusCode(422)
                .body("message", containsString("expired"));
    }

    @Test
    void theUploadUrlIsSignedForTheAnnouncedLengthOnly() {
        byte[] zip = Zips.fixtureBytes("scorm12-single-sco.zip");
        JsonPath ticket = Packages.announce(auth, "signed.zip", zip.length);
        String url = ticket.getString("url");
        assertThat(url).contains("X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost");
        // S3 (s3proxy here) recomputes the signature over the Content-Length actually sent.
        byte[] longer = Arrays.copyOf(zip, zip.length + 1);
        byte[] shorter = Arrays.copyOf(zip, zip.length - 1);
        assertThat(Packages.putRefused(url, longer)).isTrue();
        assertThat(Packages.putRefused(url, shorter)).isTrue();
        assertThat(store.size(PackageStore.uploadKey(workspace, ticket.getString("hash"))))
                .isEmpty();
        post("", Map.of("hash", ticket.getString("hash"), "name", "signed.zip"))
                .then()
                .statusCode(422)
                .body("message", containsString("PUT the zip"));
        // The announced length goes through, and makes a package.
        assertThat(Packages.put(url, zip)).isEqualTo(200);
        long id = post("", Map.of("hash", ticket.getString("hash"), "name", "signed.zip"))
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("courseId");
        assertThat(Packages.settled(auth, id).getString("status")).isEqualTo("ready");
    }

    @Test
    void aPutThroughTheUploadUrlAfterCreateChangesNeitherTheDownloadNorAReprocessing() {
        byte[] zip = Zips.fixtureBytes("scorm12-single-sco.zip");
        JsonPath ticket = Packages.announce(auth, "kept.zip", zip.length);
        String url = ticket.getString("url");
        String uploadKey = PackageStore.uploadKey(workspace, ticket.getString("hash"));
        String originalKey = PackageStore.originalKey(workspace, ticket.getString("hash"));
        assertThat(Packages.put(url, zip)).isEqualTo(200);
        long id = post("", Map.of("hash", ticket.getString("hash"), "name", "kept.zip"))
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("courseId");
        // Create copied the zip to a key no URL names and removed the upload object.
        assertThat(store.size(originalKey)).contains((long) zip.length);
        assertThat(store.size(uploadKey)).isEmpty();
        assertThat(pool.preparedQuery("select object_key from scorm_package where course_id = $1")
                        .execute(Tuple.of(id))
                        .await()
                        .atMost(Duration.ofSeconds(5))
                        .iterator()
                        .next()
                        .getString(0))
                .isEqualTo(originalKey);
        JsonPath ready = Packages.settled(auth, id);
        assertThat(ready.getString("status")).isEqualTo("ready");

        // The URL is still valid for the announced length: a PUT of other bytes is accepted by S3 ...
        byte[] garbage = new byte[zip.length];
        Arrays.fill(garbage, (byte) 'x');
        assertThat(Packages.put(url, garbage)).isEqualTo(200);
        assertThat(store.size(uploadKey)).contains((long) zip.length);
        // ... and changes nothing the package uses: the download is the original, byte for byte,
        String download = given().header("Authorization", auth)
                .get("/v1/headless/scorm-package/" + id + "/download")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("url");
        assertThat(Packages.get(download)).isEqualTo(zip);
        assertThat(download).contains(originalKey).doesNotContain("scorm/uploads/");
        // ... and a reprocessing (what the worker does after an infrastructure failure) reads the
        // original too: the garbage would fail as not_zip.
        pool.preparedQuery(
                        "update scorm_package set status = 'uploaded', locked_until = null, launch = null where course_id = $1")
                .execute(Tuple.of(id))
                .await()
                .atMost(Duration.ofSeconds(5));
        JsonPath again = Packages.settled(auth, id);
        assertThat(again.getString("status")).isEqualTo("ready");
        assertThat(again.getString("errorCode")).isNull();
        assertThat(again.getString("title")).isEqualTo(ready.getString("title"));
        assertThat(again.getList("launch.scos")).hasSize(1);
        // The hash stays used: the second PUT cannot make another package either.
        post("", Map.of("hash", ticket.getString("hash"), "name", "kept.zip"))
                .then()
                .statusCode(409);
    }

    private void putDirectly(String key, byte[] bytes) {
        objects.put(key, bytes, "application/zip");
    }

    @Test
    void downloadIsTheOriginalByteForByte() {
        byte[] zip = Zips.fixtureBytes("scorm2004-3rd-single-sco.zip");
        long id = Packages.upload(auth, "single.zip", zip);
        JsonPath download = given().header("Authorization", auth)
                .get("/v1/headless/scorm-package/" + id + "/download")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(Packages.get(download.getString("url"))).isEqualTo(zip);
        assertThat(download.getString("expiresAt")).isNotBlank();
        given().header("Authorization", TestKeys.enterprise(TestKeys.newWorkspace()))
                .get("/v1/headless/scorm-package/" + id + "/download")
                .then()
                .statusCode(404);
        given().header("Authorization", auth)
                .get("/v1/headless/scorm-package/" + id + "?clientIdentifier=other")
                .then()
                .statusCode(404);
    }

    /**
     * A create that died after course-service made the course (the claim held, no package, as when
     * its instance is killed): a retry answers 409 while the claim is fresh, and once it is stale
     * makes the package for the course made the first time, never a second course.
     */
    @Test
    void aRetryAfterACreateThatDiedUsesTheCourseMadeTheFirstTime() {
        byte[] zip = Zips.fixtureBytes("scorm12-single-sco.zip");
        JsonPath ticket = Packages.announce(auth, "died.zip", zip.length);
        Packages.put(ticket.getString("url"), zip);
        String hash = ticket.getString("hash");
        long first = post("", Map.of("hash", hash, "name", "died.zip"))
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("courseId");
        Packages.settled(auth, first);
        // What the died create left: the course, the upload claimed and still there, no package.
        sql("delete from scorm_package where course_id = $1", first);
        sql("update scorm_upload set course_id = null, used_at = now() where hash = $1", hash);
        Packages.put(ticket.getString("url"), zip);
        post("", Map.of("hash", hash, "name", "died.zip")).then().statusCode(409);

        sql("update scorm_upload set used_at = now() - interval '3 minutes' where hash = $1", hash);
        long again = post("", Map.of("hash", hash, "name", "died.zip"))
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("courseId");
        assertThat(again).isEqualTo(first);
        assertThat(Packages.settled(auth, again).getString("status")).isEqualTo("ready");
    }

    private void sql(String statement, Object parameter) {
        pool.preparedQuery(statement).execute(Tuple.of(parameter)).await().atMost(Duration.ofSeconds(5));
    }

    @Test
    void aPackageWhoseWorkerDiedIsTakenOverWhenItsLeaseEnds() {
        long id = Packages.upload(auth, "single.zip", Zips.fixtureBytes("scorm12-single-sco.zip"));
        assertThat(Packages.settled(auth, id).getString("status")).isEqualTo("ready");
        pool.preparedQuery(
                        "update scorm_package set status = 'processing', attempts = 1, locked_until = now() - interval '1 second',"
                                + " launch = null where course_id = $1")
                .execute(Tuple.of(id))
                .await()
                .atMost(Duration.ofSeconds(5));
        JsonPath again = Packages.settled(auth, id);
        assertThat(again.getString("status")).isEqualTo("ready");
        assertThat(again.getList("launch.scos")).hasSize(1);
    }

    @Test
    void theHeartbeatRenewsTheLeaseOfAPackageBeingProcessedOnly() {
        long id = Packages.upload(auth, "single.zip", Zips.fixtureBytes("scorm12-single-sco.zip"));
        assertThat(Packages.settled(auth, id).getString("status")).isEqualTo("ready");
        assertThat(worker.renew(id).await().atMost(Duration.ofSeconds(5))).isFalse();
        // As a worker holds it: processing, with a lease about to end (and a fresh attempt, so
        // that the poller, which takes over ended leases only, leaves it alone meanwhile).
        sql(
                "update scorm_package set status = 'processing', locked_until = now() + interval '5 seconds'"
                        + " where course_id = $1",
                id);
        assertThat(worker.renew(id).await().atMost(Duration.ofSeconds(5))).isTrue();
        Boolean extended = pool.preparedQuery("select locked_until > now() + interval '60 seconds' as extended"
                        + " from scorm_package where course_id = $1")
                .execute(Tuple.of(id))
                .await()
                .atMost(Duration.ofSeconds(5))
                .iterator()
                .next()
                .getBoolean("extended");
        assertThat(extended).isTrue();
        sql("update scorm_package set status = 'ready', locked_until = null where course_id = $1", id);
    }

    @Test
    void everyEndpointNeedsTheScormHostingAddOn() {
        String noAddon = TestKeys.header(workspace, "enterprise", "", "scorm_export", "live");
        for (String path : List.of("/v1/headless/scorm-package/upload", "/v1/headless/scorm-package")) {
            given().header("Authorization", noAddon)
                    .contentType(ContentType.JSON)
                    .body("{}")
                    .post(path)
                    .then()
                    .statusCode(403)
                    .body("message", containsString("scorm_hosting"));
        }
        given().header("Authorization", noAddon)
                .get("/v1/headless/scorm-package/1/download")
                .then()
                .statusCode(403);
        given().header("Authorization", noAddon)
                .contentType(ContentType.JSON)
                .body("{}")
                .post("/v1/headless/embed/scorm")
                .then()
                .statusCode(403);
    }

    private Response post(String path, Map<String, Object> body) {
        return given().header("Authorization", auth)
                .contentType(ContentType.JSON)
                .body(body)
                .post("/v1/headless/scorm-package" + path);
    }
}

package org.courseplatform.courses.export;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.courseplatform.courses.course.CourseLifecycleTest;
import org.courseplatform.courses.player.CoursePlayerTest;
import org.courseplatform.platform.testing.TestKeys;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A static package carries the workspace's library media the course uses (the asset's file and its
 * widths, under {@code media/<token>/}, listed in the manifest, the document pointing at them
 * relatively), the course's narration recordings (under {@code narration/}, keyed by screen), and
 * names every other http(s) medium in {@code X-Course-External-Media}; another workspace's medium
 * is never read, even when the document names its token.
 */
@QuarkusTest
class ScormExportMediaTest {

    @Inject
    Pool pool;

    @Inject
    S3Client s3;

    @ConfigProperty(name = "platform.s3.bucket")
    String bucket;

    @ConfigProperty(name = "platform.public-base-url")
    String baseUrl;

    private static String newToken() {
        byte[] bytes = new byte[16];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** A ready picture of the workspace, its widths in S3. */
    private void medium(long ws, String token, Map<String, byte[]> files) {
        pool.preparedQuery("""
                        insert into media (workspace_id, token, kind, content_type, filename, size, status, object_key)
                        values ($1, $2, 'image', 'image/jpeg', 'beach.jpg', 3, 'ready', $3)""").executeAndAwait(Tuple.of(ws, token, "media/files/" + token + "/w1280.jpg"));
        files.forEach((name, bytes) -> s3.putObject(
                b -> b.bucket(bucket).key("media/files/" + token + "/" + name).contentType("image/jpeg"),
                RequestBody.fromBytes(bytes)));
    }

    private ObjectNode asset(String url, long mediaId) {
        ObjectNode asset = ScormExportTest.JSON.createObjectNode();
        asset.put("url", url).put("mime", "image/jpeg").put("altText", "A beach");
        if (mediaId > 0) {
            asset.put("mediaId", mediaId);
            asset.putArray("widths").add(320).add(1280);
        }
        return asset;
    }

    @Test
    void staticPackagesCarryLibraryMediaAndNameExternalOnes() throws Exception {
        long ws = TestKeys.newWorkspace();
        long other = TestKeys.newWorkspace();
        String key = ScormExportTest.exportKey(ws, "live");
        String own = newToken();
        String foreign = newToken();
        byte[] big = "big picture".getBytes(StandardCharsets.UTF_8);
        byte[] small = "small picture".getBytes(StandardCharsets.UTF_8);
        medium(ws, own, Map.of("w1280.jpg", big, "w320.jpg", small));
        medium(other, foreign, Map.of("w1280.jpg", "not yours".getBytes(StandardCharsets.UTF_8)));

        String base = (baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl) + "/play/media/";
        ObjectNode document = (ObjectNode) ScormExportTest.JSON.readTree(CourseLifecycleTest.BUILDER2);
        JsonNode screens = document.path("screens");
        ((ObjectNode) screens.get(0)).set("asset", asset(base + own + "/w1280.jpg", 1));
        ((ObjectNode) screens.get(1)).set("asset", asset("https://cdn.example.com/a,b.jpg", 0));
        ((com.fasterxml.jackson.databind.node.ArrayNode) screens)
                .addObject()
                .put("id", "s3")
                .put("type", "blocks")
                .put("typeId", 1)
                .put("title", "More")
                .put("description", "")
                .putArray("elements");
        ((ObjectNode) screens.get(2)).set("asset", asset(base + foreign + "/w1280.jpg", 2));
        long id = CourseLifecycleTest.importCourse(key, "author", "t1", document.toString());
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/publish")
                .then()
                .statusCode(200);
        String courseKey = ScormExportTest.courseKey(key, id);

        for (String version : List.of("1.2", "2004")) {
            Map<String, byte[]> zip = ScormExportTest.download(key, id, courseKey, "static", version);
            assertThat(zip.get("media/" + own + "/w1280.jpg")).isEqualTo(big);
            assertThat(zip.get("media/" + own + "/w320.jpg")).isEqualTo(small);
            assertThat(zip.keySet()).noneMatch(f -> f.contains(foreign));
            String manifest = new String(zip.get("imsmanifest.xml"), StandardCharsets.UTF_8);
            assertThat(manifest)
                    .contains("<file href=\"media/" + own + "/w1280.jpg\"/>")
                    .contains("<file href=\"media/" + own + "/w320.jpg\"/>");
            JsonNode packed = ScormExportTest.assigned(zip.get("course-data.js"), "COURSE_PACKAGE")
                    .path("document")
                    .path("screens");
            assertThat(packed.get(0).path("asset").path("url").asText()).isEqualTo("media/" + own + "/w1280.jpg");
            assertThat(packed.get(1).path("asset").path("url").asText()).isEqualTo("https://cdn.example.com/a,b.jpg");
            assertThat(packed.get(2).path("asset").path("url").asText()).isEqualTo(base + foreign + "/w1280.jpg");
        }

        Response response = ScormExportTest.export(key, id, "static", "2004");
        response.then().statusCode(200);
        assertThat(response.header("X-Course-External-Media"))
                .isEqualTo("https://cdn.example.com/a%2Cb.jpg," + base + foreign + "/w1280.jpg");
        // A dynamic package plays the live course: nothing is packed, nothing named.
        Response dynamic = ScormExportTest.export(key, id, "dynamic", "2004");
        dynamic.then().statusCode(200);
        assertThat(dynamic.header("X-Course-External-Media")).isNull();
    }

    @Test
    void staticPackagesCarryTheNarrationOfEachScreen() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = ScormExportTest.exportKey(ws, "live");
        long id = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/publish")
                .then()
                .statusCode(200);
        String token = newToken();
        String audioKey = "courses/" + id + "/narration/" + token + ".wav";
        byte[] wav = "RIFF narration WAVE".getBytes(StandardCharsets.US_ASCII);
        s3.putObject(b -> b.bucket(bucket).key(audioKey).contentType("audio/wav"), RequestBody.fromBytes(wav));
        pool.preparedQuery("""
                        insert into narration_script (course_id, screen_id, script, audio_key, audio_mime, audio_token)
                        values ($1, 's1', 'Welcome.', $2, 'audio/wav', $3)""").executeAndAwait(Tuple.of(id, audioKey, token));
        // A script whose recording is missing from S3 is left out rather than packed broken.
        pool.preparedQuery("""
                        insert into narration_script (course_id, screen_id, script, audio_key, audio_mime, audio_token)
                        values ($1, 's2', 'Check.', $2, 'audio/wav', $3)""").executeAndAwait(Tuple.of(id, "courses/" + id + "/narration/missing.wav", newToken()));
        String courseKey = ScormExportTest.courseKey(key, id);

        for (String version : List.of("1.2", "2004")) {
            Map<String, byte[]> zip = ScormExportTest.download(key, id, courseKey, "static", version);
            String path = "narration/" + token + ".wav";
            assertThat(zip.get(path)).isEqualTo(wav);
            assertThat(zip.keySet().stream().filter(f -> f.startsWith("narration/")))
                    .containsExactly(path);
            assertThat(new String(zip.get("imsmanifest.xml"), StandardCharsets.UTF_8))
                    .contains("<file href=\"" + path + "\"/>");
            JsonNode narration = ScormExportTest.assigned(zip.get("course-data.js"), "COURSE_PACKAGE")
                    .path("narration");
            assertThat(narration.path("s1").asText()).isEqualTo(path);
            assertThat(narration.has("s2")).isFalse();
        }
    }

    @Test
    void aCourseWithAnExternalPictureNamesItInTheHeader() {
        long ws = TestKeys.newWorkspace();
        String key = ScormExportTest.exportKey(ws, "live");
        // Its first screen's picture is https://cdn.example.com/hero.jpg.
        long id = CoursePlayerTest.publishedCourse(key, "t1");
        Response response = ScormExportTest.export(key, id, "static", "1.2");
        response.then().statusCode(200).contentType("application/zip");
        assertThat(response.header("X-Course-External-Media")).isEqualTo("https://cdn.example.com/hero.jpg");
    }
}

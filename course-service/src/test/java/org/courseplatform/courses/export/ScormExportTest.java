package org.courseplatform.courses.export;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.courseplatform.courses.course.CourseLifecycleTest;
import org.courseplatform.courses.player.CoursePlayerTest;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.platform.testing.TestTokens;
import org.junit.jupiter.api.Test;

/**
 * SCORM export: who may export what (403, 404, 409, 422, 400), and the packages of both types in
 * both versions: the manifest (valid against the XSDs, every file listed), the runtime files of
 * the build's lists, the published version in course-data.js, the launch URL and token in
 * launch-config.js. The dynamic package's exchange is in {@link LmsSessionsTest}.
 */
@QuarkusTest
public class ScormExportTest {

    public static final ObjectMapper JSON = new ObjectMapper();
    public static final String FEATURE = "scorm_export";

    public static String exportKey(long ws, String mode) {
        return TestKeys.header(ws, "build", "", FEATURE, mode);
    }

    public static Response export(String key, long id, String type, String version) {
        var request = given().header("Authorization", key);
        if (type != null) {
            request = request.queryParam("type", type);
        }
        if (version != null) {
            request = request.queryParam("version", version);
        }
        return request.get("/v1/headless/course/scorm/" + id);
    }

    /** The entries of a zip, in order. */
    public static Map<String, byte[]> unzip(byte[] zip) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                assertThat(entries.put(entry.getName(), in.readAllBytes()))
                        .as("duplicate " + entry.getName())
                        .isNull();
            }
        }
        return entries;
    }

    /** The runtime files the build lists for a package type. */
    public static List<String> listed(String list) throws IOException {
        try (InputStream in = ScormExportTest.class.getClassLoader().getResourceAsStream("scorm-runtime/" + list)) {
            assertThat(in).as("scorm-runtime/" + list + " on the classpath").isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .map(String::strip)
                    .filter(l -> !l.isEmpty())
                    .toList();
        }
    }

    /** The JSON a generated script assigns to {@code window.<global>}. */
    public static JsonNode assigned(byte[] script, String global) throws IOException {
        String text = new String(script, StandardCharsets.UTF_8);
        String prefix = "window." + global + " = ";
        assertThat(text).startsWith(prefix).endsWith(";\n");
        return JSON.readTree(text.substring(prefix.length(), text.length() - 2));
    }

    public static List<String> manifestFiles(String manifest) {
        List<String> files = new ArrayList<>();
        Matcher m = Pattern.compile("<file href=\"([^\"]+)\"/>").matcher(manifest);
        while (m.find()) {
            files.add(m.group(1));
        }
        return files;
    }

    /** Downloads a package and checks what every package has: headers, manifest (valid, complete), runtime files. */
    public static Map<String, byte[]> download(String key, long id, String courseKey, String type, String version)
            throws Exception {
        Response response = export(key, id, type, version);
        response.then()
                .statusCode(200)
                .contentType("application/zip")
                .header(
                        "Content-Disposition",
                        "attachment; filename=\"" + courseKey + "-scorm" + version + "-" + type + ".zip\"")
                .header("Cache-Control", "no-store");
        // Streamed as written: chunked, no length known up front.
        assertThat(response.header("Content-Length")).isNull();
        Map<String, byte[]> zip = unzip(response.asByteArray());
        String generated = "static".equals(type) ? "course-data.js" : "launch-config.js";
        String launch = "static".equals(type) ? "index.html" : "launcher.html";
        List<String> runtime = listed(type + ".txt");
        assertThat(zip.keySet()).startsWith("imsmanifest.xml", generated);
        // Beyond the runtime, only the media a static package carries (ScormExportMediaTest).
        assertThat(zip.keySet().stream().filter(f -> !f.startsWith("media/") && !f.startsWith("narration/")))
                .containsAll(runtime)
                .hasSize(runtime.size() + 2);
        for (String file : runtime) {
            try (InputStream in = ScormExportTest.class.getClassLoader().getResourceAsStream("scorm-runtime/" + file)) {
                assertThat(zip.get(file)).as(file).isEqualTo(in.readAllBytes());
            }
        }
        byte[] manifestBytes = zip.get("imsmanifest.xml");
        ScormSchemas.validate(manifestBytes, version);
        String manifest = new String(manifestBytes, StandardCharsets.UTF_8);
        List<String> all = new ArrayList<>(zip.keySet());
        all.remove("imsmanifest.xml");
        assertThat(manifestFiles(manifest)).containsExactlyInAnyOrderElementsOf(all);
        assertThat(manifest)
                .contains("href=\"" + launch + "\"")
                .contains("<schemaversion>" + ("1.2".equals(version) ? "1.2" : "2004 3rd Edition") + "</schemaversion>")
                .contains("identifier=\"course-" + courseKey + "\"");
        assertThat(manifest.split("<item ", -1)).hasSize(2);
        assertThat(manifest.split("<resource ", -1)).hasSize(2);
        return zip;
    }

    public static String courseKey(String key, long id) {
        return given().header("Authorization", key)
                .get("/v1/headless/courses/" + id)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("key");
    }

    @Test
    void exportNeedsTheFeatureAndRefusesWhatHasNothingToExport() {
        long ws = TestKeys.newWorkspace();
        String key = exportKey(ws, "live");
        long id = CoursePlayerTest.publishedCourse(key, "t1");

        // Without the partner feature: 403 in the error shape, saying what is missing.
        export(TestKeys.header(ws, "enterprise", "scorm_hosting", "", "live"), id, "static", "2004")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"))
                .body("message", containsString("scorm_export"));
        export("SERVICE:" + ws + ":nonsense", id, "static", "2004").then().statusCode(401);

        // type and version: both required, each named.
        export(key, id, null, null)
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("details.field", hasItems("type", "version"));
        export(key, id, "zip", "2004")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("type"))
                .body("details.size()", equalTo(1));
        export(key, id, "static", "2004 4th Edition")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("version"));
        export(key, id, "STATIC", "1.2").then().statusCode(400);
        given().header("Authorization", key)
                .queryParam("type", "static")
                .queryParam("version", "1.2")
                .get("/v1/headless/course/scorm/abc")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("id"));

        // Tenancy: another workspace, another tenant, no such course.
        export(exportKey(TestKeys.newWorkspace(), "live"), id, "static", "2004")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        given().header("Authorization", key)
                .queryParam("clientIdentifier", "t2")
                .queryParam("type", "static")
                .queryParam("version", "2004")
                .get("/v1/headless/course/scorm/" + id)
                .then()
                .statusCode(404);
        given().header("Authorization", key)
                .queryParam("clientIdentifier", "t1")
                .queryParam("type", "static")
                .queryParam("version", "2004")
                .get("/v1/headless/course/scorm/" + id)
                .then()
                .statusCode(200);
        export(key, 987654321L, "static", "2004").then().statusCode(404);

        // Never published: nothing to export, for either type.
        long draft = CourseLifecycleTest.importCourse(key, "author", "t1", CourseLifecycleTest.BUILDER2);
        export(key, draft, "static", "1.2")
                .then()
                .statusCode(409)
                .body("error.code", equalTo("CONFLICT"))
                .body("message", containsString("publish"));
        export(key, draft, "dynamic", "2004").then().statusCode(409);

        // Deleted: 409 until restored.
        given().header("Authorization", key)
                .delete("/v1/headless/course/" + id)
                .then()
                .statusCode(200);
        export(key, id, "dynamic", "1.2").then().statusCode(409).body("message", containsString("deleted"));
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/restore")
                .then()
                .statusCode(200);
        export(key, id, "dynamic", "1.2").then().statusCode(200);

        // A hosted SCORM package is never re-exportable.
        long hosted = given().auth()
                .oauth2(TestTokens.serviceToken("scorm-service", "course-service"))
                .contentType(ContentType.JSON)
                .body("{\"workspaceId\":" + ws
                        + ",\"identifier\":\"author\",\"clientIdentifier\":\"t1\",\"title\":\"golf.zip\","
                        + "\"testMode\":false}")
                .post("/internal/v1/courses")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        export(key, hosted, "static", "2004")
                .then()
                .statusCode(422)
                .body("error.code", equalTo("UNPROCESSABLE"))
                .body("message", containsString("hosted SCORM"));
        export(key, hosted, "dynamic", "1.2").then().statusCode(422);
    }

    @Test
    void staticPackagesCarryThePublishedVersionAndTheRuntimeInBothVersions() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = exportKey(ws, "live");
        long id = CoursePlayerTest.publishedCourse(key, "t1");
        // A later draft is not what learners see, so not what the package carries.
        ObjectNode draft = (ObjectNode) JSON.readTree(CourseLifecycleTest.BUILDER2);
        draft.put("title", "Draft title");
        ((ObjectNode) draft.path("screens").get(0)).put("title", "Draft screen");
        given().header("Authorization", key)
                .contentType(ContentType.JSON)
                .body(Map.of("document", draft))
                .put("/v1/headless/course/" + id + "/content")
                .then()
                .statusCode(200);
        String courseKey = courseKey(key, id);
        String title = given().header("Authorization", key)
                .get("/v1/headless/courses/" + id)
                .then()
                .extract()
                .jsonPath()
                .getString("title");

        for (String version : List.of("1.2", "2004")) {
            Map<String, byte[]> zip = download(key, id, courseKey, "static", version);
            JsonNode data = assigned(zip.get("course-data.js"), "COURSE_PACKAGE");
            assertThat(data.path("version").asText()).isEqualTo(version);
            assertThat(data.path("course").path("id").asLong()).isEqualTo(id);
            assertThat(data.path("course").path("key").asText()).isEqualTo(courseKey);
            assertThat(data.path("course").path("title").asText()).isEqualTo(title);
            assertThat(data.path("document").path("format").asText()).isEqualTo("builder2");
            assertThat(data.path("document").path("title").asText()).isEqualTo("Golf basics");
            assertThat(data.path("document")
                            .path("screens")
                            .get(0)
                            .path("title")
                            .asText())
                    .isEqualTo("Welcome");
            assertThat(data.path("document")
                            .path("screens")
                            .get(1)
                            .path("elements")
                            .get(0)
                            .path("answers")
                            .size())
                    .isEqualTo(2);
            assertThat(data.path("locale").asText()).isEqualTo("en");
            assertThat(data.path("theme").has("themeId")).isTrue();
            assertThat(data.path("theme").has("colors")).isTrue();
            assertThat(data.path("narration").isObject()).isTrue();
            assertThat(new String(zip.get("index.html"), StandardCharsets.UTF_8))
                    .contains("course-data.js");
            assertThat(zip).doesNotContainKey("launch-config.js");
        }
        // The manifest's title is the course's, escaped.
        given().header("Authorization", key)
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "document",
                        JSON.readTree(CourseLifecycleTest.BUILDER2.replace(
                                "\"Golf basics\"", "\"Golf & <friends> \\u2028 \\\"quoted\\\"\""))))
                .put("/v1/headless/course/" + id + "/content")
                .then()
                .statusCode(200);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/publish")
                .then()
                .statusCode(200);
        Map<String, byte[]> zip = download(key, id, courseKey, "static", "2004");
        String courseData = new String(zip.get("course-data.js"), StandardCharsets.UTF_8);
        assertThat(courseData).doesNotContain("\u2028").contains("\\u2028");
        assertThat(assigned(zip.get("course-data.js"), "COURSE_PACKAGE")
                        .path("document")
                        .path("title")
                        .asText())
                .isEqualTo("Golf & <friends> \u2028 \"quoted\"");
    }

    @Test
    void aClassicCourseExportsConvertedAsThePlayerShowsIt() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = exportKey(ws, "live");
        long id = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.CLASSIC);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/publish")
                .then()
                .statusCode(200);
        String courseKey = courseKey(key, id);
        for (String version : List.of("1.2", "2004")) {
            JsonNode document = assigned(
                            download(key, id, courseKey, "static", version).get("course-data.js"), "COURSE_PACKAGE")
                    .path("document");
            assertThat(document.path("format").asText()).isEqualTo("builder2");
            assertThat(document.path("screens").size()).isEqualTo(3);
            assertThat(document.toString()).contains("Because");
            download(key, id, courseKey, "dynamic", version);
        }
    }

    @Test
    void dynamicPackagesCarryTheLaunchUrlAndASignedTokenOfTheCourse() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = exportKey(ws, "test");
        long id = CoursePlayerTest.publishedCourse(key, "t1");
        String courseKey = courseKey(key, id);
        List<String> exportIds = new ArrayList<>();
        for (String version : List.of("1.2", "2004")) {
            Map<String, byte[]> zip = download(key, id, courseKey, "dynamic", version);
            assertThat(zip).doesNotContainKey("course-data.js");
            assertThat(new String(zip.get("launcher.html"), StandardCharsets.UTF_8))
                    .contains("launch-config.js");
            JsonNode config = assigned(zip.get("launch-config.js"), "COURSE_LAUNCH");
            assertThat(config.path("version").asText()).isEqualTo(version);
            assertThat(config.path("course").path("id").asLong()).isEqualTo(id);
            assertThat(config.path("course").path("key").asText()).isEqualTo(courseKey);
            assertThat(config.path("launchUrl").asText()).isEqualTo(CoursePlayerTest.base() + "/play/lms?w=" + ws);
            String token = config.path("token").asText();
            JsonNode claims = CoursePlayerTest.payload(token);
            assertThat(claims.path("kind").asText()).isEqualTo("scorm-package");
            assertThat(claims.path("workspaceId").asLong()).isEqualTo(ws);
            assertThat(claims.path("courseId").asLong()).isEqualTo(id);
            assertThat(claims.path("clientIdentifier").asText()).isEqualTo("t1");
            assertThat(claims.path("testMode").asBoolean()).isTrue();
            assertThat(claims.path("iat").asLong()).isPositive();
            exportIds.add(claims.path("exportId").asText());
            // The token verifies: it opens the course for an LMS learner.
            LmsSessionsTest.launch(token, "learner-" + version, "Ann Example")
                    .then()
                    .statusCode(201)
                    .body("course.id", equalTo((int) id))
                    .body("mode", equalTo("view"));
        }
        // Every download is its own export.
        assertThat(exportIds.get(0)).matches("[0-9a-f]{24}").isNotEqualTo(exportIds.get(1));
    }

    @Test
    void theOpenApiDocumentDescribesTheExportAndTheLmsExchange() {
        String openapi = given().queryParam("format", "json")
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(openapi)
                .contains("/v1/headless/course/scorm/{id}")
                .contains("/v1/headless/player/lms-sessions")
                .contains("application/zip")
                .contains("Export a course as a SCORM package");
    }

    /** A Builder 2 document of {@code screens} screens of text and flip cards, the last a quiz. */
    public static String largeCourse(int screens) {
        ObjectNode document = JSON.createObjectNode()
                .put("format", "builder2")
                .put("title", "Forty screens")
                .put("description", "")
                .put("locale", "en");
        ArrayNode list = document.putArray("screens");
        String paragraph = "<p>"
                + "Golf is played on a course of eighteen holes, each with a tee and a green. ".repeat(12) + "</p>";
        for (int i = 1; i <= screens; i++) {
            ObjectNode screen = list.addObject().put("id", "s" + i);
            ArrayNode elements;
            if (i == screens) {
                screen.put("type", "blocksQuiz").put("typeId", 2).put("title", "Check");
                elements = screen.putArray("elements");
                for (int q = 1; q <= 5; q++) {
                    ObjectNode question = elements.addObject()
                            .put("id", "q" + q)
                            .put("type", "question")
                            .put("question", "Question " + q + "?");
                    question.putArray("answers")
                            .add(JSON.createObjectNode()
                                    .put("id", "q" + q + "a")
                                    .put("text", "Right")
                                    .put("correct", true))
                            .add(JSON.createObjectNode()
                                    .put("id", "q" + q + "b")
                                    .put("text", "Wrong")
                                    .put("correct", false));
                }
            } else {
                screen.put("type", "blocks")
                        .put("typeId", 1)
                        .put("title", "Screen " + i)
                        .put("description", "");
                screen.putObject("asset")
                        .put("url", "https://cdn.example.com/screen-" + i + ".jpg")
                        .put("mime", "image/jpeg");
                elements = screen.putArray("elements");
                elements.addObject()
                        .put("id", "t" + i)
                        .put("type", "text")
                        .put("title", "Part " + i)
                        .put("description", paragraph);
                elements.addObject()
                        .put("id", "f" + i)
                        .put("type", "flipcard")
                        .put("title", "Term " + i)
                        .put("cardBack", "Meaning of term " + i);
            }
        }
        return document.toString();
    }

    @Test
    void aFortyScreenCourseExportsQuickly() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = exportKey(ws, "live");
        String document = largeCourse(40);
        long id = CourseLifecycleTest.importCourse(key, "author", null, document);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/publish")
                .then()
                .statusCode(200);
        String courseKey = courseKey(key, id);
        download(key, id, courseKey, "static", "2004");
        long best = Long.MAX_VALUE;
        int size = 0;
        for (int run = 0; run < 5; run++) {
            long start = System.nanoTime();
            byte[] zip = export(key, id, "static", "2004")
                    .then()
                    .statusCode(200)
                    .extract()
                    .asByteArray();
            best = Math.min(best, System.nanoTime() - start);
            size = zip.length;
        }
        System.out.printf(
                "SCORM export measure: 40-screen course (document %d bytes), static 2004: best of 5 %.1f ms,"
                        + " zip %d bytes%n",
                document.length(), best / 1e6, size);
        assertThat(best / 1_000_000).isLessThan(5_000);
    }
}

package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;

/**
 * A hosted SCORM package through the ingress and a real browser: uploaded through the presigned
 * URL, processed to {@code ready}, then played three times in headless Chromium (npm
 * playwright-core driving Debian's chromium) by one learner who goes to page 3 and leaves,
 * comes back to find location and suspend data restored, completes, and comes back completed.
 */
class ScormIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void aLearnerPlaysAnUploadedPackageInABrowserAndResumesWhereTheyLeft() throws Exception {
        byte[] zip = testPackage();
        JsonPath ticket = Suite.demo().contentType(ContentType.JSON).body(Map.of("name", "resume-test.zip", "size", zip.length))
                .post("/v1/headless/scorm-package/upload").then().statusCode(200).extract().jsonPath();
        HttpResponse<String> put = HTTP.send(HttpRequest.newBuilder(URI.create(ticket.getString("url")))
                .header("Content-Type", "application/zip").PUT(HttpRequest.BodyPublishers.ofByteArray(zip)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
        long courseId = Suite.demo().contentType(ContentType.JSON)
                .body(Map.of("hash", ticket.getString("hash"), "name", "resume-test.zip", "identifier", "author-1"))
                .post("/v1/headless/scorm-package").then().statusCode(201).body("status", equalTo("uploaded"))
                .extract().jsonPath().getLong("courseId");
        JsonPath status = await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(300))
                .until(() -> Suite.demo().get("/v1/headless/scorm-package/" + courseId).then().statusCode(200).extract().jsonPath(),
                        s -> !s.getString("status").equals("uploaded") && !s.getString("status").equals("processing"));
        assertThat(status.getString("status")).as(status.prettify()).isEqualTo("ready");
        assertThat(status.getString("version")).isEqualTo("1.2");
        assertThat(status.getString("launch.scos[0].href")).isEqualTo("sco.html");

        // The course made through course-service has the manifest's title and is never editable.
        Suite.demo().get("/v1/headless/courses/" + courseId).then().statusCode(200)
                .body("type", equalTo("scorm")).body("title", equalTo("Resume test course"));
        Suite.demo().contentType(ContentType.JSON).body("{\"document\":" + CoursesIT.DOCUMENT + "}")
                .put("/v1/headless/course/" + courseId + "/content").then().statusCode(422)
                .body("message", containsString("SCORM"));
        Suite.demo().post("/v1/headless/course/" + courseId + "/publish").then().statusCode(422);

        // The download is the original zip, byte for byte.
        String download = Suite.demo().get("/v1/headless/scorm-package/" + courseId + "/download").then().statusCode(200)
                .extract().jsonPath().getString("url");
        assertThat(HTTP.send(HttpRequest.newBuilder(URI.create(download)).build(), HttpResponse.BodyHandlers.ofByteArray()).body())
                .isEqualTo(zip);

        String learner = "learner-" + UUID.randomUUID();
        List<String> launches = List.of(embed(courseId, learner), embed(courseId, learner), embed(courseId, learner));
        JsonNode played = play(Map.of("launches", launches, "actions", List.of(List.of("page3"), List.of("complete"), List.of())));
        JsonNode first = played.path("launches").get(0);
        JsonNode second = played.path("launches").get(1);
        JsonNode third = played.path("launches").get(2);
        assertThat(first.path("api").asText()).as(played.toString()).isEqualTo("found");
        assertThat(first.path("entry").asText()).isEqualTo("ab-initio");
        assertThat(first.path("location").asText()).isEmpty();
        assertThat(first.path("saved").asText()).isEqualTo("page3");
        assertThat(second.path("entry").asText()).as(played.toString()).isEqualTo("resume");
        assertThat(second.path("location").asText()).isEqualTo("page-3");
        assertThat(second.path("suspend").asText()).isEqualTo("visited:1-3");
        assertThat(second.path("status").asText()).isEqualTo("incomplete");
        assertThat(third.path("status").asText()).as(played.toString()).isEqualTo("completed");
        assertThat(third.path("location").asText()).isEqualTo("page-3");
    }

    private static String embed(long courseId, String learner) {
        return Suite.demo().contentType(ContentType.JSON).body(Map.of("courseId", courseId, "identifier", learner))
                .post("/v1/headless/embed/scorm").then().statusCode(200).extract().asString();
    }

    /** Runs src/test/js/scorm-player.mjs with node, its npm packages installed under target/browser. */
    private static JsonNode play(Map<String, Object> plan) throws Exception {
        Path browser = Path.of("target/browser").toAbsolutePath();
        Path js = Path.of("src/test/js").toAbsolutePath();
        Files.createDirectories(browser);
        for (String file : List.of("package.json", "package-lock.json", "scorm-player.mjs")) {
            Files.copy(js.resolve(file), browser.resolve(file), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        assertThat(Path.of(System.getenv().getOrDefault("CHROMIUM", "/usr/bin/chromium")))
                .as("Chromium is needed for the browser system tests (apt-get install chromium)").exists();
        if (!Files.exists(browser.resolve("node_modules/playwright-core/package.json"))) {
            run(browser, Duration.ofMinutes(5), null, "npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error");
        }
        String out = run(browser, Duration.ofMinutes(3), JSON.writeValueAsString(plan), "node", "scorm-player.mjs");
        return JSON.readTree(out);
    }

    private static String run(Path dir, Duration timeout, String input, String... command) throws Exception {
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        if (input != null) {
            process.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        }
        process.getOutputStream().close();
        byte[] out = process.getInputStream().readAllBytes();
        if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " did not finish in " + timeout);
        }
        assertThat(process.exitValue()).as(String.join(" ", command)).isZero();
        return new String(out, StandardCharsets.UTF_8);
    }

    /** A SCORM 1.2 package whose one SCO shows what the runtime gave it and saves on a click. */
    static byte[] testPackage() throws IOException {
        String manifest = """
                <?xml version="1.0" encoding="UTF-8"?>
                <manifest identifier="resume-test" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
                          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
                  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
                  <organizations default="org"><organization identifier="org"><title>Resume test course</title>
                    <item identifier="lesson" identifierref="sco"><title>The lesson</title></item></organization></organizations>
                  <resources><resource identifier="sco" type="webcontent" adlcp:scormtype="sco" href="sco.html">
                    <file href="sco.html"/></resource></resources>
                </manifest>
                """;
        String sco = """
                <!doctype html><html><head><meta charset="utf-8"><title>Lesson</title><script>
                var api = null;
                function find(win) { for (var n = 0; win && n < 10; n++) { if (win.API) { return win.API; }
                  if (win.parent === win) { break; } win = win.parent; } return null; }
                function show(id, value) { document.getElementById(id).textContent = value; }
                window.addEventListener('load', function () {
                  api = find(window);
                  show('api', api ? 'found' : 'missing');
                  if (!api) { return; }
                  api.LMSInitialize('');
                  show('entry', api.LMSGetValue('cmi.core.entry'));
                  show('location', api.LMSGetValue('cmi.core.lesson_location'));
                  show('suspend', api.LMSGetValue('cmi.suspend_data'));
                  show('status', api.LMSGetValue('cmi.core.lesson_status'));
                  document.body.insertAdjacentHTML('beforeend', '<span id="ready"></span>');
                });
                function page3() {
                  api.LMSSetValue('cmi.core.lesson_location', 'page-3');
                  api.LMSSetValue('cmi.suspend_data', 'visited:1-3');
                  api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
                  api.LMSSetValue('cmi.core.exit', 'suspend');
                  if (api.LMSCommit('') === 'true') { show('saved', 'page3'); }
                }
                function complete() {
                  api.LMSSetValue('cmi.core.lesson_status', 'completed');
                  api.LMSSetValue('cmi.core.exit', 'suspend');
                  if (api.LMSCommit('') === 'true') { show('saved', 'complete'); }
                }
                window.addEventListener('unload', function () { if (api) { api.LMSFinish(''); } });
                </script></head><body>
                <p>API <span id="api"></span>, entry <span id="entry"></span>, location <span id="location"></span>,
                suspend data <span id="suspend"></span>, status <span id="status"></span>, <span id="saved"></span></p>
                <button id="page3" onclick="page3()">Go to page 3</button>
                <button id="complete" onclick="complete()">Complete</button>
                </body></html>
                """;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, String> e : Map.of("imsmanifest.xml", manifest, "sco.html", sco).entrySet()) {
                out.putNextEntry(new ZipEntry(e.getKey()));
                out.write(e.getValue().getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return bytes.toByteArray();
    }
}

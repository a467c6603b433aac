package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;

/**
 * A hosted SCORM package through the ingress and a real browser: uploaded through the presigned
 * URL, processed to {@code ready}, then played in headless Chromium (npm playwright-core driving
 * Debian's chromium) by one learner who, framed by a tenant's page, goes to page 3 and leaves,
 * comes back to find location and suspend data restored and completes with the keyboard, comes
 * back completed on a 375 px screen, and once more framed by a page that named no origin. Every
 * launch runs on its own host of the content origin, never the API's; the package's cookies and
 * storage stay there; the player's events reach only the origin named in the embed request; a used
 * embed URL opens nothing; and the ingress's access log holds neither token nor session id.
 */
class ScormIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final String API_POLICY = "default-src 'none'; frame-ancestors 'none'";

    @Test
    void aLearnerPlaysAnUploadedPackageOnItsOwnContentOriginAndResumesWhereTheyLeft() throws Exception {
        byte[] zip = testPackage();
        long courseId = HostedScorm.upload(Suite::demo, zip, "resume-test.zip");
        JsonPath status = HostedScorm.processed(Suite::demo, courseId);
        assertThat(status.getString("status")).as(status.prettify()).isEqualTo("ready");
        assertThat(status.getString("version")).isEqualTo("1.2");
        assertThat(status.getString("launch.scos[0].href")).isEqualTo("sco.html");

        // The course made through course-service has the manifest's title and is never editable.
        Suite.demo()
                .get("/v1/headless/courses/" + courseId)
                .then()
                .statusCode(200)
                .body("type", equalTo("scorm"))
                .body("title", equalTo("Resume test course"));
        Suite.demo()
                .contentType(ContentType.JSON)
                .body("{\"document\":" + CoursesIT.DOCUMENT + "}")
                .put("/v1/headless/course/" + courseId + "/content")
                .then()
                .statusCode(422)
                .body("message", containsString("SCORM"));
        Suite.demo().post("/v1/headless/course/" + courseId + "/publish").then().statusCode(422);

        // The download is the original zip, byte for byte.
        String download = Suite.demo()
                .get("/v1/headless/scorm-package/" + courseId + "/download")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("url");
        assertThat(HTTP.send(
                                HttpRequest.newBuilder(URI.create(download)).build(),
                                HttpResponse.BodyHandlers.ofByteArray())
                        .body())
                .isEqualTo(zip);

        // The API's answers, the service's and nginx's own, forbid rendering and framing; the
        // player does not exist on the API's host.
        Suite.demo()
                .get("/v1/headless/scorm-package/" + courseId)
                .then()
                .statusCode(200)
                .header("Content-Security-Policy", API_POLICY);
        Suite.ingress().get("/no-such-path").then().statusCode(404).header("Content-Security-Policy", API_POLICY);
        Suite.ingress().get("/scorm/launch").then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));

        // The tenant's page that frames the player, on a third origin (loopback, as Chromium lets
        // only local pages frame local ones).
        HttpServer tenantServer = tenantPage();
        String tenant = "http://tenant.localhost:" + tenantServer.getAddress().getPort();
        String learner = "learner-" + UUID.randomUUID();
        List<String> urls = List.of(
                HostedScorm.embed(Suite::demo, courseId, learner, tenant),
                HostedScorm.embed(Suite::demo, courseId, learner, null),
                HostedScorm.embed(Suite::demo, courseId, learner, null),
                HostedScorm.embed(Suite::demo, courseId, learner, null));
        String contentOrigin = Suite.env("SCORM_CONTENT_ORIGIN");
        for (String url : urls) {
            assertThat(url)
                    .matches(Pattern.quote(contentOrigin).replace("{session}", "\\E[0-9a-f]{32}\\Q")
                            + "/scorm/launch#token=[A-Za-z0-9_.-]+")
                    .doesNotContain("?");
        }
        JsonNode played;
        try {
            played = play(Map.of(
                    "apiOrigin",
                    Suite.BASE_URL,
                    "tenantPage",
                    tenant + "/lesson?src=",
                    "launches",
                    List.of(
                            Map.of("url", urls.get(0), "actions", List.of("page3"), "framed", true),
                            Map.of("url", urls.get(1), "actions", List.of("complete"), "keyboard", true),
                            Map.of(
                                    "url",
                                    urls.get(2),
                                    "actions",
                                    List.of(),
                                    "viewport",
                                    Map.of("width", 375, "height", 667)),
                            Map.of("url", urls.get(3), "actions", List.of(), "framed", true),
                            Map.of("url", urls.get(0), "refused", true))));
        } finally {
            tenantServer.stop(0);
        }
        String report = played.toString();
        JsonNode first = played.path("launches").get(0);
        JsonNode second = played.path("launches").get(1);
        JsonNode third = played.path("launches").get(2);
        JsonNode fourth = played.path("launches").get(3);
        JsonNode again = played.path("launches").get(4);

        // Progress commits and resumes.
        assertThat(first.path("api").asText()).as(report).isEqualTo("found");
        assertThat(first.path("entry").asText()).isEqualTo("ab-initio");
        assertThat(first.path("location").asText()).isEmpty();
        assertThat(first.path("saved").asText()).isEqualTo("page3");
        assertThat(second.path("entry").asText()).as(report).isEqualTo("resume");
        assertThat(second.path("location").asText()).isEqualTo("page-3");
        assertThat(second.path("suspend").asText()).isEqualTo("visited:1-3");
        assertThat(second.path("status").asText()).isEqualTo("incomplete");
        assertThat(second.path("reachedByKeyboard").asBoolean()).as(report).isTrue();
        assertThat(second.path("saved").asText()).isEqualTo("complete");
        assertThat(third.path("status").asText()).as(report).isEqualTo("completed");
        assertThat(third.path("location").asText()).isEqualTo("page-3");
        assertThat(fourth.path("status").asText()).isEqualTo("completed");

        // Each launch ran on its own host of the content origin: the player page and the SCO it
        // frames (same origin, as the API lookup through window.parent needs), never the API's.
        String apiOrigin = URI.create(Suite.BASE_URL).getScheme() + "://"
                + URI.create(Suite.BASE_URL).getRawAuthority();
        List<String> launchOrigins = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            JsonNode launch = played.path("launches").get(i);
            String origin = urls.get(i).substring(0, urls.get(i).indexOf("/scorm/launch"));
            assertThat(launch.path("scoOrigin").asText())
                    .as(report)
                    .isEqualTo(origin)
                    .isNotEqualTo(apiOrigin);
            assertThat(launch.path("playerUrl").asText())
                    .startsWith(origin + "/scorm/s/")
                    .endsWith("/player");
            launchOrigins.add(origin);
            // The pages' own policy held: no script, style, frame or request was refused.
            assertThat(launch.path("console").toString()).as(report).doesNotContain("Content Security Policy");
            String player = launch.path("headers")
                    .path("player")
                    .path("content-security-policy")
                    .asText();
            assertThat(player)
                    .contains(
                            "script-src 'self'",
                            "style-src 'self'",
                            "connect-src 'self'",
                            "frame-src 'self'",
                            "frame-ancestors *")
                    .doesNotContain("unsafe");
            assertThat(launch.path("headers")
                            .path("launch")
                            .path("content-security-policy")
                            .asText())
                    .contains("script-src 'self'", "connect-src 'self'", "frame-ancestors *");
        }
        assertThat(launchOrigins).doesNotHaveDuplicates();

        // The package planted a cookie and local storage on its origin; the API's origin has neither.
        assertThat(second.path("planted").asText()).as(report).isEqualTo("cookie storage");
        assertThat(played.path("cookies")
                        .path("content")
                        .path(launchOrigins.get(1))
                        .toString())
                .contains("\"pkg\"");
        JsonNode onApi = played.path("apiOrigin");
        assertThat(onApi.path("origin").asText()).isEqualTo(apiOrigin);
        assertThat(onApi.path("cookie").asText()).as(report).isEmpty();
        assertThat(onApi.path("storage").asInt()).isZero();
        assertThat(onApi.path("pkg").isNull()).isTrue();
        assertThat(played.path("cookies").path("api")).as(report).isEmpty();

        // postMessage: to the origin the embed request named, and without one, nothing.
        JsonNode messages = first.path("messages");
        assertThat(messages.size()).as(report).isPositive();
        for (JsonNode message : messages) {
            assertThat(message.path("origin").asText()).isEqualTo(launchOrigins.get(0));
            assertThat(message.path("data").path("source").asText()).isEqualTo("scorm-player");
        }
        assertThat(messages.findValuesAsText("type")).contains("ready", "sco:start");
        assertThat(fourth.path("messages").size()).as(report).isZero();
        assertThat(third.path("frameWidth").asDouble()).as(report).isGreaterThanOrEqualTo(370);
        assertThat(third.path("scrollWidth").asInt()).isLessThanOrEqualTo(375);

        // The first URL again: the launch page refuses it, and its token left the address bar.
        assertThat(again.path("problem").asText()).as(report).contains("already been used");
        assertThat(again.path("url").asText()).isEqualTo(launchOrigins.get(0) + "/scorm/launch");
        String token = urls.get(0).substring(urls.get(0).indexOf("#token=") + "#token=".length());
        Suite.ingress()
                .header("Host", URI.create(urls.get(0)).getRawAuthority())
                .contentType(ContentType.JSON)
                .body(Map.of("token", token))
                .post("/scorm/launch")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("UNAUTHORIZED"))
                .body("message", containsString("already been used"));

        // The ingress's access log has every request of the run, but no token and no session id.
        String log = Suite.accessLog();
        assertThat(log)
                .contains(
                        "POST /scorm/launch ",
                        "GET /scorm/s/-/player ",
                        "host=" + URI.create(urls.get(0)).getHost());
        for (int i = 0; i < 4; i++) {
            String url = urls.get(i);
            assertThat(log).doesNotContain(url.substring(url.indexOf("#token=") + "#token=".length()));
            String session = played.path("launches")
                    .get(i)
                    .path("playerUrl")
                    .asText()
                    .replaceFirst(".*/scorm/s/([0-9a-f]{64})/.*", "$1");
            assertThat(session).hasSize(64);
            assertThat(log).doesNotContain(session);
        }

        // Through the ingress, a file answers a Range (a media player's seek) with just that part.
        URI player = URI.create(played.path("launches").get(1).path("playerUrl").asText());
        String file = player.getRawPath().replaceFirst("/player$", "/content/sco.html");
        byte[] whole = Suite.ingress()
                .header("Host", player.getRawAuthority())
                .get(file)
                .then()
                .statusCode(200)
                .header("Accept-Ranges", "bytes")
                .extract()
                .asByteArray();
        byte[] part = Suite.ingress()
                .header("Host", player.getRawAuthority())
                .header("Range", "bytes=10-49")
                .get(file)
                .then()
                .statusCode(206)
                .header("Content-Range", "bytes 10-49/" + whole.length)
                .extract()
                .asByteArray();
        assertThat(part).isEqualTo(java.util.Arrays.copyOfRange(whole, 10, 50));
    }

    /** A tenant's page that frames the URL in its {@code src} parameter and records the messages it receives. */
    private static HttpServer tenantPage() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/lesson", exchange -> {
            String query = exchange.getRequestURI().getRawQuery();
            String src = URLDecoder.decode(query.substring(query.indexOf("src=") + 4), StandardCharsets.UTF_8);
            byte[] page = ("""
                    <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tenant</title><script>
                    window.received = [];
                    window.addEventListener('message', function (e) { window.received.push({ origin: e.origin, data: e.data }); });
                    </script></head><body><iframe id="player" title="Lesson" style="width:100%%;height:600px;border:0" src="%s">
                    </iframe></body></html>""".formatted(
                            src.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;")))
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
        });
        server.start();
        return server;
    }

    /** Runs src/test/js/scorm-player.mjs with node, its npm packages installed under target/browser. */
    private static JsonNode play(Map<String, Object> plan) throws Exception {
        String out = NodeScripts.browser(
                "scorm-player.mjs", List.of("playwright-core"), Duration.ofMinutes(3), JSON.writeValueAsString(plan));
        return JSON.readTree(out);
    }

    /**
     * A SCORM 1.2 package whose one SCO shows what the runtime gave it and saves on a click. It also
     * shows its origin and plants a cookie and local storage there, as a hostile package could.
     */
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
                  show('origin', window.location.origin);
                  document.cookie = 'pkg=planted; path=/; max-age=3600';
                  try { window.localStorage.setItem('pkg', 'planted'); } catch (e) { }
                  var planted = [];
                  if (document.cookie.indexOf('pkg=planted') >= 0) { planted.push('cookie'); }
                  try { if (window.localStorage.getItem('pkg') === 'planted') { planted.push('storage'); } } catch (e) { }
                  show('planted', planted.join(' '));
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
                <p>Origin <span id="origin"></span>, planted <span id="planted"></span>,
                API <span id="api"></span>, entry <span id="entry"></span>, location <span id="location"></span>,
                suspend data <span id="suspend"></span>, status <span id="status"></span>, <span id="saved"></span></p>
                <button id="page3" onclick="page3()">Go to page 3</button>
                <button id="complete" onclick="complete()">Complete</button>
                </body></html>
                """;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, String> e :
                    Map.of("imsmanifest.xml", manifest, "sco.html", sco).entrySet()) {
                out.putNextEntry(new ZipEntry(e.getKey()));
                out.write(e.getValue().getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return bytes.toByteArray();
    }
}

package org.courseplatform.courses.media;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A medium from a URL (the agents' add_media_from_url): fetched by the service, checked by its
 * bytes like an upload, made into widths; what cannot be fetched or taken is a clear refusal.
 */
@QuarkusTest
class MediaImportTest {

    private static final String FROM_URL = "/v1/headless/media/from-url";

    private HttpServer origin;
    private String base;

    @BeforeEach
    void serveFiles() throws Exception {
        byte[] photo = MediaLibraryTest.jpegWithGps(900, 600);
        origin = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        origin.createContext("/photos/beach.jpg", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "application/octet-stream");
            exchange.sendResponseHeaders(200, photo.length);
            exchange.getResponseBody().write(photo);
            exchange.close();
        });
        origin.createContext("/page.html", exchange -> {
            byte[] page = "<html><body>not a picture</body></html>".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
        });
        origin.createContext("/moved", exchange -> {
            exchange.getResponseHeaders().add("Location", "/photos/beach.jpg");
            exchange.sendResponseHeaders(302, -1);
            exchange.close();
        });
        origin.start();
        base = "http://127.0.0.1:" + origin.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        origin.stop(0);
    }

    @Test
    void aPictureAtAUrlBecomesAReadyMediumWithWidthsAndNoExif() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        Response added = MediaLibraryTest.as(key)
                .body(Map.of("url", base + "/photos/beach.jpg", "altText", "A beach at noon"))
                .post(FROM_URL);
        added.then()
                .statusCode(201)
                .body("status", equalTo("ready"))
                .body("kind", equalTo("image"))
                .body("contentType", equalTo("image/jpeg"))
                .body("filename", equalTo("beach.jpg"))
                .body("altText", equalTo("A beach at noon"))
                .body("width", equalTo(900))
                .body("variants.width", hasItem(640));
        String small = added.jsonPath().getString("variants.find { it.width == 320 }.url");
        byte[] served = io.restassured.RestAssured.given()
                .get(MediaLibraryTest.path(small))
                .then()
                .statusCode(200)
                .extract()
                .asByteArray();
        assertThat(MediaLibraryTest.decode(served).getWidth()).isEqualTo(320);
        assertThat(MediaLibraryTest.markers(served)).doesNotContain(0xE1);
        // It is in the library like an upload.
        MediaLibraryTest.as(key)
                .get("/v1/headless/media")
                .then()
                .statusCode(200)
                .body("id", hasItem(added.jsonPath().getInt("id")));
    }

    @Test
    void whatCannotBeFetchedOrTakenIsRefusedAndNothingIsKept() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        for (String url : List.of("", "ftp://example.com/a.png", "/relative.png", "http://user:pw@example.com/a.png")) {
            MediaLibraryTest.as(key)
                    .body(Map.of("url", url))
                    .post(FROM_URL)
                    .then()
                    .statusCode(400)
                    .body("details[0].field", equalTo("url"));
        }
        MediaLibraryTest.as(key)
                .body(Map.of("url", base + "/page.html"))
                .post(FROM_URL)
                .then()
                .statusCode(415)
                .body("message", containsString("not one the library takes"));
        MediaLibraryTest.as(key)
                .body(Map.of("url", base + "/moved"))
                .post(FROM_URL)
                .then()
                .statusCode(422)
                .body("message", containsString("redirect"));
        MediaLibraryTest.as(key)
                .body(Map.of("url", base + "/missing.png"))
                .post(FROM_URL)
                .then()
                .statusCode(422)
                .body("message", containsString("HTTP 404"));
        for (String status : List.of("ready", "pending", "failed")) {
            MediaLibraryTest.as(key)
                    .queryParam("status", status)
                    .get("/v1/headless/media")
                    .then()
                    .statusCode(200)
                    .header("X-Total-Count", "0");
        }
        // Build and above, and the courses write scope, as every media write.
        MediaLibraryTest.as(TestKeys.header(TestKeys.newWorkspace(), "starter", "", "", "live"))
                .body(Map.of("url", base + "/photos/beach.jpg"))
                .post(FROM_URL)
                .then()
                .statusCode(403);
    }
}

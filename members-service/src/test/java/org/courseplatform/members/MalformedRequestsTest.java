package org.courseplatform.members;

import static io.restassured.RestAssured.given;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.config.EncoderConfig;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Malformed requests of the kinds a fuzz of every endpoint found answered with a 500 or an
 * empty body: each answers a 4xx in the error shape, decided before any resource runs where
 * the platform can, and nothing of it reaches the database.
 */
@QuarkusTest
class MalformedRequestsTest {

    private String auth;

    @BeforeEach
    void key() {
        auth = Admin.key(Admin.workspace("build", "[]"), "live").header();
    }

    /** A request whose body is sent exactly as given, whatever its Content-Type says. */
    private RequestSpecification raw(String contentType) {
        return given().header("Authorization", auth)
                .config(RestAssured.config()
                        .encoderConfig(EncoderConfig.encoderConfig()
                                .appendDefaultContentCharsetToContentTypeIfUndefined(false)
                                .encodeContentTypeAs(contentType, ContentType.TEXT)))
                .contentType(contentType);
    }

    @Test
    void malformedContentTypeIs415() {
        for (String type :
                new String[] {"invalid", "application/json, text/plain", "application/json; charset", "/json"}) {
            raw(type)
                    .body("{\"email\":\"a@example.com\"}")
                    .post("/api/v1/members")
                    .then()
                    .statusCode(415)
                    .contentType(ContentType.JSON)
                    .body("error.code", equalTo("UNSUPPORTED_MEDIA_TYPE"))
                    .body("error.status", equalTo(415));
        }
    }

    @Test
    void unknownCharsetIs415() throws Exception {
        HttpResponse<String> form = send("application/x-www-form-urlencoded; charset=nope", "user=%41");
        assertThat(form.statusCode(), equalTo(415));
        assertThat(form.body(), containsString("\"code\":\"UNSUPPORTED_MEDIA_TYPE\""));
        HttpResponse<String> json = send("application/json; charset=\"in valid\"", "{\"user\":1,\"course\":1}");
        assertThat(json.statusCode(), equalTo(415));
        assertThat(json.body(), containsString("charset"));
    }

    @Test
    void undecodableFormBodyIs400() {
        raw("application/x-www-form-urlencoded")
                .body("%%%&&&===")
                .post("/api/v1/enrolments")
                .then()
                .statusCode(400)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("message", containsString("form body"));
    }

    @Test
    void truncatedMultipartOrWrongBoundaryIs400() throws Exception {
        HttpResponse<String> truncated = send(
                "multipart/form-data; boundary=abc",
                "--abc\r\nContent-Disposition: form-data; name=\"user\"\r\n\r\n12");
        assertThat(truncated.statusCode(), equalTo(400));
        assertThat(truncated.body(), containsString("\"code\":\"BAD_REQUEST\""));
        HttpResponse<String> wrongBoundary = send(
                "multipart/form-data; boundary=zzz",
                "--abc\r\nContent-Disposition: form-data; name=\"user\"\r\n\r\n12\r\n--abc--\r\n");
        assertThat(wrongBoundary.statusCode(), equalTo(400));
        assertThat(wrongBoundary.body(), containsString("\"code\":\"BAD_REQUEST\""));
    }

    /** Posts bytes as they are, which RestAssured will not do for a multipart type. */
    private HttpResponse<String> send(String contentType, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + RestAssured.port + "/api/v1/enrolments"))
                .header("Authorization", auth)
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        try (HttpClient client = HttpClient.newHttpClient()) {
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        }
    }

    @Test
    void formFieldOverTheAttributeLimitIs413() {
        raw("application/x-www-form-urlencoded")
                .body("user=" + "1".repeat(3_000_000))
                .post("/api/v1/enrolments")
                .then()
                .statusCode(413)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("PAYLOAD_TOO_LARGE"));
    }

    @Test
    void multipartFieldOverTheLimitIs413AndTheConnectionIsNotReused() throws Exception {
        // As a proxy sends it: the whole body, then (keep-alive) the next request on the same
        // connection. The refused body must not leave that next request hanging.
        String boundary = "b0undary";
        String body = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"user\"\r\n\r\n"
                + "1".repeat(2_500_000) + "\r\n--" + boundary + "--\r\n";
        String first = "POST /api/v1/enrolments HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + auth
                + "\r\nContent-Type: multipart/form-data; boundary=" + boundary + "\r\nContent-Length: " + body.length()
                + "\r\n\r\n" + body;
        String second = "GET /api/v1/members HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + auth + "\r\n\r\n";
        try (Socket socket = new Socket("127.0.0.1", RestAssured.port)) {
            socket.setSoTimeout(10_000);
            try {
                socket.getOutputStream().write((first + second).getBytes(StandardCharsets.US_ASCII));
            } catch (IOException closedWhileSending) {
                // the server may stop reading once it has answered
            }
            // Ends when the server closes the connection, after it has read the rest of the body;
            // a hang fails with a read timeout.
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(response, startsWith("HTTP/1.1 413"));
            assertThat(response, containsString("\"code\":\"PAYLOAD_TOO_LARGE\""));
            assertThat(response.toLowerCase(Locale.ROOT), containsString("connection: close"));
        }
    }

    @Test
    void formWithMoreFieldsThanTheLimitIs413() {
        raw("application/x-www-form-urlencoded")
                .body("&".repeat(100_000))
                .post("/api/v1/enrolments")
                .then()
                .statusCode(413)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("PAYLOAD_TOO_LARGE"))
                .body("message", containsString("more fields"));
        raw("application/x-www-form-urlencoded")
                .body("user=1&".repeat(1_500))
                .post("/api/v1/enrolments")
                .then()
                .statusCode(413)
                .body("error.code", equalTo("PAYLOAD_TOO_LARGE"));
    }

    @Test
    void nulCharactersAreRefusedNamingTheField() {
        given().header("Authorization", auth)
                .queryParam("search", "\u0000")
                .get("/api/v1/members")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("details[0].field", equalTo("search"));
        given().header("Authorization", auth)
                .contentType(ContentType.JSON)
                .body("{\"email\":\"nul@example.com\",\"firstname\":\"a\\u0000b\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("firstname"))
                .body("details[0].message", containsString("NUL"));
        given().header("Authorization", auth)
                .queryParam("search", "nul@example.com")
                .get("/api/v1/members")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "0");
    }

    @Test
    void duplicateKeysAre400() {
        given().header("Authorization", auth)
                .contentType(ContentType.JSON)
                .body("{\"email\":\"dup@example.com\",\"email\":\"dup2@example.com\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("message", containsString("Duplicate field"));
    }

    @Test
    void overlongRequestLineIs414InTheErrorShape() throws Exception {
        String path = "/api/v1/members?search=" + "a".repeat(10_000);
        try (Socket socket = new Socket("127.0.0.1", RestAssured.port)) {
            socket.setSoTimeout(5000);
            socket.getOutputStream()
                    .write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + auth + "\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            String response = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(response, startsWith("HTTP/1.1 414"));
            assertThat(response, containsString("\"code\":\"URI_TOO_LONG\""));
        }
    }
}

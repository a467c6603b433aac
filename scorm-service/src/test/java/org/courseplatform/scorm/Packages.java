package org.courseplatform.scorm;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** Drives the public API as a tenant backend would: announce, PUT to the presigned URL, create, poll. */
public final class Packages {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private Packages() {}

    public static JsonPath announce(String auth, String name, long size) {
        return given().header("Authorization", auth)
                .contentType(ContentType.JSON)
                .body(Map.of("name", name, "size", size))
                .post("/v1/headless/scorm-package/upload")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    /**
     * PUTs {@code bytes} to a presigned URL; answers the status. S3 may refuse a request before
     * reading its body and close the connection while its error body is still arriving, so the
     * status is taken from the response line as soon as it is read.
     */
    public static int put(String url, byte[] bytes) {
        AtomicInteger status = new AtomicInteger();
        try {
            return HTTP.send(
                            HttpRequest.newBuilder(URI.create(url))
                                    .header("Content-Type", "application/zip")
                                    .PUT(HttpRequest.BodyPublishers.ofByteArray(bytes))
                                    .build(),
                            info -> {
                                status.set(info.statusCode());
                                return HttpResponse.BodySubscribers.discarding();
                            })
                    .statusCode();
        } catch (IOException e) {
            if (status.get() >= 400) {
                return status.get();
            }
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * PUTs bytes S3 must refuse; true when it did. A refusal sent before the body is read can
     * reach the client as a reset with no response at all (the unread body makes the server's
     * close a reset, which may discard the 403 in flight), so that counts as refused too; callers
     * then check the object was not stored.
     */
    public static boolean putRefused(String url, byte[] bytes) {
        AtomicInteger status = new AtomicInteger();
        try (HttpClient once =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            int answered = once.send(
                            HttpRequest.newBuilder(URI.create(url))
                                    .header("Content-Type", "application/zip")
                                    .PUT(HttpRequest.BodyPublishers.ofByteArray(bytes))
                                    .build(),
                            info -> {
                                status.set(info.statusCode());
                                return HttpResponse.BodySubscribers.discarding();
                            })
                    .statusCode();
            return answered == 403;
        } catch (IOException e) {
            return status.get() == 403 || status.get() == 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static byte[] get(String url) {
        try {
            HttpResponse<byte[]> response = HTTP.send(
                    HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
            assertThat(response.statusCode()).isEqualTo(200);
            return response.body();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Uploads {@code bytes} and creates the package; answers the course id. */
    public static long upload(String auth, String name, byte[] bytes) {
        JsonPath ticket = announce(auth, name, bytes.length);
        assertThat(put(ticket.getString("url"), bytes)).isEqualTo(200);
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

    public static JsonPath status(String auth, long courseId) {
        return given().header("Authorization", auth)
                .get("/v1/headless/scorm-package/" + courseId)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    /** Waits until processing ends ({@code ready} or {@code failed}) and answers the status. */
    public static JsonPath settled(String auth, long courseId) {
        return await().atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> status(auth, courseId),
                        s -> s.getString("status").equals("ready")
                                || s.getString("status").equals("failed"));
    }
}

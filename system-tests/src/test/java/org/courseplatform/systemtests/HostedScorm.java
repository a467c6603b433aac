package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/** Hosted SCORM through the ingress: a package uploaded as a tenant does, and the embed URLs of its learners. */
final class HostedScorm {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private HostedScorm() {}

    /** Uploads {@code zip} through the presigned URL and creates the package; answers the new course's id. */
    static long upload(Supplier<RequestSpecification> key, byte[] zip, String name) throws Exception {
        JsonPath ticket = key.get()
                .contentType(ContentType.JSON)
                .body(Map.of("name", name, "size", zip.length))
                .post("/v1/headless/scorm-package/upload")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        HttpResponse<String> put = HTTP.send(
                HttpRequest.newBuilder(URI.create(ticket.getString("url")))
                        .header("Content-Type", "application/zip")
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(zip))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
        return key.get()
                .contentType(ContentType.JSON)
                .body(Map.of("hash", ticket.getString("hash"), "name", name, "identifier", "author-1"))
                .post("/v1/headless/scorm-package")
                .then()
                .statusCode(201)
                .body("status", equalTo("uploaded"))
                .extract()
                .jsonPath()
                .getLong("courseId");
    }

    /** The package's status once processing has ended ({@code ready} or {@code failed}). */
    static JsonPath processed(Supplier<RequestSpecification> key, long courseId) {
        return await().atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(300))
                .until(
                        () -> key.get()
                                .get("/v1/headless/scorm-package/" + courseId)
                                .then()
                                .statusCode(200)
                                .extract()
                                .jsonPath(),
                        s -> !s.getString("status").equals("uploaded")
                                && !s.getString("status").equals("processing"));
    }

    /** A learner's embed URL of the hosted course, with the origin its events may go to (or none). */
    static String embed(Supplier<RequestSpecification> key, long courseId, String learner, String parentOrigin) {
        Map<String, Object> body = new HashMap<>(Map.of("courseId", courseId, "identifier", learner));
        if (parentOrigin != null) {
            body.put("parentOrigin", parentOrigin);
        }
        return key.get()
                .contentType(ContentType.JSON)
                .body(body)
                .post("/v1/headless/embed/scorm")
                .then()
                .statusCode(200)
                .extract()
                .asString();
    }
}

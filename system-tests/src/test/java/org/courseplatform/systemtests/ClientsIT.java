package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.courseplatform.client.ApiClient;
import org.courseplatform.client.ApiException;
import org.courseplatform.client.CoursePlatform;
import org.courseplatform.client.WebhookVerifier;
import org.courseplatform.client.api.CoursesApi;
import org.courseplatform.client.api.EmbedsApi;
import org.courseplatform.client.api.MembersApi;
import org.courseplatform.client.model.Course1;
import org.courseplatform.client.model.CourseView;
import org.courseplatform.client.model.Create1;
import org.courseplatform.client.model.MemberView;
import org.courseplatform.platform.testing.HttpsReceiver;
import org.courseplatform.platform.testing.RepoRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The clients' README examples run against the suite through the ingress, as a tenant's backend
 * would (list members, create a course, get an embed URL): the TypeScript client's
 * examples/quickstart.ts, compiled by the build against the types generated from the public
 * OpenAPI document, and the same calls through the generated Java client. Both clients' webhook
 * verifiers then check a delivery the platform really sent.
 */
class ClientsIT {

    private static HttpsReceiver receiver;

    @BeforeAll
    static void startReceiver() throws Exception {
        receiver = Suite.receiver();
    }

    @AfterAll
    static void stop() {
        if (receiver != null) {
            receiver.close();
        }
    }

    @Test
    void theJavaClientListsMembersCreatesACourseAndGetsItsEmbedUrl() throws Exception {
        ApiClient client = CoursePlatform.client(Suite.BASE_URL, Suite.WORKSPACE_ID, Suite.API_KEY);
        List<MemberView> members = new MembersApi(client).memberList("20", "0", null, null, null, null);
        assertThat(members).hasSizeGreaterThanOrEqualTo(2);
        CourseView course = new CoursesApi(client)
                .courseCreate(new Create1().title("Onboarding").identifier("author-7"), null);
        assertThat(course.getId()).isPositive();
        String url = new EmbedsApi(client)
                .embedCourse(
                        new Course1().action("edit").courseId(course.getId()).identifier("author-7"));
        assertThat(url).startsWith(Suite.BASE_URL + "/play/builder?w=" + Suite.WORKSPACE_ID + "#token=");

        // An error is the platform's error shape, with the trace id to quote.
        ApiException missing = org.junit.jupiter.api.Assertions.assertThrows(
                ApiException.class, () -> new CoursesApi(client).courseGet("999999999999", null, null));
        assertThat(missing.getCode()).isEqualTo(404);
        assertThat(new ObjectMapper()
                        .readTree(missing.getResponseBody())
                        .path("traceId")
                        .asText())
                .hasSize(32);
    }

    @Test
    void bothVerifiersAcceptARealDeliveryAndRefuseItTampered() throws Exception {
        long ws = Suite.workspace("build");
        String live = Suite.key(ws, "live")[1];
        String path = "/clients/" + ws;
        JsonPath endpoint = Suite.ingress()
                .header("Authorization", live)
                .contentType(ContentType.JSON)
                .body("{\"url\":\"" + receiver.url(path) + "\",\"events\":[\"course.completed\"]}")
                .post("/v1/headless/webhooks")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        String secret = endpoint.getString("secret");
        Suite.ingress()
                .header("Authorization", live)
                .contentType(ContentType.JSON)
                .body("{\"event\":\"course.completed\"}")
                .post("/v1/headless/webhooks/" + endpoint.getLong("id") + "/test")
                .then()
                .statusCode(202);
        HttpsReceiver.Request delivery =
                receiver.await(path, 1, Duration.ofSeconds(60)).get(0);
        byte[] body = delivery.body().getBytes(StandardCharsets.UTF_8);

        WebhookVerifier java = new WebhookVerifier(secret);
        assertThat(java.verify(body, delivery::header)).isEmpty();
        byte[] tampered =
                delivery.body().replace("course.completed", "course.commenced").getBytes(StandardCharsets.UTF_8);
        assertThat(java.verify(tampered, delivery::header)).contains(WebhookVerifier.Problem.BAD_SIGNATURE);
        assertThat(new WebhookVerifier(secret + "x").verify(body, delivery::header))
                .contains(WebhookVerifier.Problem.BAD_SIGNATURE);

        assertThat(typescriptVerdict(delivery.body(), delivery, secret)).isEqualTo("null");
        assertThat(typescriptVerdict(new String(tampered, StandardCharsets.UTF_8), delivery, secret))
                .isEqualTo("\"bad_signature\"");
    }

    /** What the TypeScript client's verifyWebhook answers for this body with the delivery's headers, as JSON. */
    private static String typescriptVerdict(String body, HttpsReceiver.Request delivery, String secret)
            throws Exception {
        Path index = RepoRoot.find().resolve("clients/typescript/target/package/dist/src/index.js");
        String script = "import { verifyWebhook } from "
                + new ObjectMapper().writeValueAsString(index.toUri().toString())
                + "; const e = process.env; console.log(JSON.stringify(verifyWebhook(e.BODY,"
                + " { 'X-Service-Signature': e.SIGNATURE, 'X-Service-Timestamp': e.TIMESTAMP }, e.SECRET)));";
        ProcessBuilder builder =
                new ProcessBuilder("node", "--input-type=module", "-e", script).redirectErrorStream(true);
        builder.environment().put("BODY", body);
        builder.environment().put("SIGNATURE", delivery.header("x-service-signature"));
        builder.environment().put("TIMESTAMP", delivery.header("x-service-timestamp"));
        builder.environment().put("SECRET", secret);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output;
    }

    @Test
    void theTypeScriptClientsQuickstartListsMembersCreatesACourseAndGetsItsEmbedUrl() throws Exception {
        Path script = RepoRoot.find().resolve("clients/typescript/target/package/dist/examples/quickstart.js");
        assertThat(script).as("built by ./mvnw install (clients/typescript)").exists();
        Path out = Files.createTempFile("quickstart", ".out");
        ProcessBuilder builder = new ProcessBuilder("node", script.toString())
                .redirectErrorStream(true)
                .redirectOutput(out.toFile());
        builder.environment().put("BASE_URL", Suite.BASE_URL);
        builder.environment().put("WORKSPACE_ID", Long.toString(Suite.WORKSPACE_ID));
        builder.environment().put("API_KEY", Suite.API_KEY);
        Process process = builder.start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String output = Files.readString(out, StandardCharsets.UTF_8).strip();
        Files.delete(out);
        assertThat(process.exitValue()).as(output).isZero();

        JsonNode result = new ObjectMapper().readTree(output.substring(output.lastIndexOf('\n') + 1));
        assertThat(result.path("members").asInt(-1)).as("demo members listed").isGreaterThanOrEqualTo(2);
        long courseId = result.path("courseId").asLong();
        assertThat(courseId).isPositive();
        assertThat(result.path("embedUrl").asText())
                .startsWith(Suite.BASE_URL + "/play/builder?w=" + Suite.WORKSPACE_ID + "#token=");
        // The course the client created is there for the workspace, through the ingress.
        RestAssured.given()
                .baseUri(Suite.BASE_URL)
                .header("Authorization", "SERVICE:" + Suite.WORKSPACE_ID + ":" + Suite.API_KEY)
                .get("/v1/headless/courses/" + courseId)
                .then()
                .statusCode(200);
    }
}

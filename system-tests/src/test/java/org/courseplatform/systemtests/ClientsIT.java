package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.RestAssured;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.courseplatform.platform.testing.RepoRoot;
import org.junit.jupiter.api.Test;

/**
 * The TypeScript client's README examples (clients/typescript/examples/quickstart.ts, compiled by
 * the build against the types generated from the public OpenAPI document) run against the suite
 * through the ingress, as a tenant's backend would: list members, create a course, get an embed URL.
 */
class ClientsIT {

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

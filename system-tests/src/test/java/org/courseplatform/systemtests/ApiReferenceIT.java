package org.courseplatform.systemtests;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.restassured.response.Response;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.courseplatform.platform.testing.RepoRoot;
import org.junit.jupiter.api.Test;

/**
 * The API reference through the ingress, as a tenant developer meets it on day one: the public API's
 * OpenAPI document at {@code <base>/openapi.json} and {@code <base>/openapi.yaml}, exactly the one
 * the build assembled, and the rendered reference at {@code <base>/docs} in Chromium: readable at
 * 1280 and 375 px, keyboard-reachable, without a serious axe violation, without any request to
 * another origin, and "try it" calling the API with the key a developer types in
 * (docs/api-reference.md).
 */
class ApiReferenceIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final List<String> BLOCKING = List.of("serious", "critical");

    @Test
    void theDocumentIsServedAsJsonAndYamlAsTheBuildWroteIt() throws Exception {
        JsonNode built = JSON.readTree(RepoRoot.find()
                .resolve("api-reference/target/openapi/openapi.json")
                .toFile());

        Response json = given().baseUri(Suite.BASE_URL).get("/openapi.json");
        assertThat(json.statusCode()).isEqualTo(200);
        assertThat(json.contentType()).startsWith("application/json");
        JsonNode served = JSON.readTree(json.asByteArray());
        assertThat(served).isEqualTo(built);
        assertThat(served.path("openapi").asText()).isEqualTo("3.1.0");
        assertThat(served.path("paths").has("/api/v1/members")).isTrue();
        assertThat(served.path("paths").has("/admin/v1/workspaces")).isFalse();

        Response yaml = given().baseUri(Suite.BASE_URL).get("/openapi.yaml");
        assertThat(yaml.statusCode()).isEqualTo(200);
        assertThat(yaml.contentType()).startsWith("application/yaml");
        assertThat(YAML.readTree(yaml.asByteArray())).isEqualTo(built);

        Response refused = given().baseUri(Suite.BASE_URL).post("/openapi.json");
        assertThat(refused.statusCode()).isEqualTo(405);
        assertThat(refused.jsonPath().getString("error.code")).isEqualTo("METHOD_NOT_ALLOWED");
        Response missing = given().baseUri(Suite.BASE_URL).get("/docs/no-such-page.html");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.jsonPath().getInt("error.status")).isEqualTo(404);
    }

    @Test
    void theRenderedReferenceWorksOfflineAccessiblyAndTriesCallsWithTheTypedKey() throws Exception {
        Path out = Path.of("target/api-reference").toAbsolutePath();
        String authorization = "SERVICE:" + Suite.WORKSPACE_ID + ":" + Suite.API_KEY;
        JsonNode report = JSON.readTree(NodeScripts.browser(
                "api-reference.mjs",
                List.of("playwright-core", "axe-core"),
                Duration.ofMinutes(4),
                JSON.writeValueAsString(Map.of(
                        "baseUrl",
                        Suite.BASE_URL,
                        "authorization",
                        authorization,
                        "outDir",
                        out.toString(),
                        "widths",
                        List.of(1280, 375)))));

        assertThat(report.path("views")).hasSize(2);
        for (JsonNode view : report.path("views")) {
            String at = view.path("width").asInt() + " px";
            assertThat(view.path("title").asText()).as(at).isEqualTo("Course Platform API");
            assertThat(view.path("external"))
                    .as(at + ": requests to other origins")
                    .isEmpty();
            assertThat(blocking(view.path("axe")))
                    .as(at + ": serious axe violations")
                    .isEmpty();
            assertThat(view.path("scrollWidth").asInt())
                    .as(at + ": no horizontal scrolling")
                    .isLessThanOrEqualTo(view.path("innerWidth").asInt());
            assertThat(view.path("focus").findValues("visible"))
                    .as(at + ": Tab moves the focus to visible controls: " + view.path("focus"))
                    .isNotEmpty()
                    .allMatch(JsonNode::asBoolean);
        }

        JsonNode tryIt = report.path("tryIt");
        assertThat(tryIt.path("pressed").asBoolean())
                .as("a Test Request button")
                .isTrue();
        assertThat(blocking(tryIt.path("axe")))
                .as("serious axe violations in the request editor")
                .isEmpty();
        assertThat(tryIt.path("authorization").asText()).isEqualTo(authorization);
        assertThat(tryIt.path("status").asInt())
                .as("GET /api/v1/members with the typed key")
                .isEqualTo(200);
    }

    private static List<JsonNode> blocking(JsonNode axe) {
        return axe.path("violations").findParents("impact").stream()
                .filter(v -> BLOCKING.contains(v.path("impact").asText()))
                .toList();
    }
}

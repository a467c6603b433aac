package org.courseplatform.agent;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import javax.imageio.ImageIO;
import org.courseplatform.platform.testing.TestKeys;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * The media tools against the real course-service: an agent lists its workspace's library, and
 * adding from a URL goes through course-service's SSRF-safe fetch, so an internal address is
 * refused with the reason.
 */
@QuarkusTest
class MediaToolsTest {

    private final long workspace = TestKeys.newWorkspace();
    private final String key = TestKeys.header(workspace, "build", "", "", "live");

    @Test
    void anAgentListsTheLibraryAndCannotMakeThePlatformFetchAnInternalAddress() throws Exception {
        String agent = Agents.mint(
                key,
                "{\"identifier\":\"author\",\"readonly\":false,\"tools\":[\"list_media\",\"add_media_from_url\"]}");
        JsonNode empty = Agents.ok(agent, "list_media", "{}");
        assertThat(empty.get("total").asInt()).isZero();

        String courses = ConfigProvider.getConfig().getValue("platform.services.course-service.url", String.class);
        byte[] png = png(400, 300);
        JsonPath slot = given().baseUri(courses)
                .header("Authorization", key)
                .contentType(ContentType.JSON)
                .body("{\"filename\":\"chart.png\",\"contentType\":\"image/png\",\"size\":" + png.length
                        + ",\"altText\":\"A bar chart\"}")
                .post("/v1/headless/media")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        int put = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(slot.getString("upload.url")))
                                .header("Content-Type", "image/png")
                                .PUT(HttpRequest.BodyPublishers.ofByteArray(png))
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
        assertThat(put).isEqualTo(200);
        given().baseUri(courses)
                .header("Authorization", key)
                .post("/v1/headless/media/" + slot.getLong("media.id") + "/complete")
                .then()
                .statusCode(200);

        JsonNode listed = Agents.ok(agent, "list_media", "{\"kind\":\"image\",\"search\":\"chart\"}");
        assertThat(listed.get("total").asInt()).isEqualTo(1);
        JsonNode medium = listed.get("media").get(0);
        assertThat(medium.get("altText").asText()).isEqualTo("A bar chart");
        assertThat(medium.get("url").asText()).contains("/play/media/");
        assertThat(Agents.ok(agent, "list_media", "{\"kind\":\"video\"}")
                        .get("total")
                        .asInt())
                .isZero();

        // The URL names this machine: course-service refuses to fetch it, and says why.
        JsonNode refused = Agents.read(
                Agents.call(agent, "add_media_from_url", "{\"url\":\"" + courses + "/q/health\",\"altText\":\"x\"}")
                        .asString());
        assertThat(refused.get("isError").asBoolean()).isTrue();
        assertThat(refused.at("/structuredContent/error").asText()).isEqualTo("invalid_argument");
        assertThat(refused.at("/structuredContent/message").asText()).contains("is not allowed");
        assertThat(Agents.ok(agent, "list_media", "{}").get("total").asInt()).isEqualTo(1);
    }

    private static byte[] png(int width, int height) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB), "png", out);
        return out.toByteArray();
    }
}

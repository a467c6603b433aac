package org.courseplatform.courses.thumbnail;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import javax.imageio.ImageIO;
import org.courseplatform.courses.course.CourseLifecycleTest;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.platform.testing.TestTokens;
import org.junit.jupiter.api.Test;

/** Thumbnail captures: queued on creation and on request, rendered by the worker into S3, served publicly. */
@QuarkusTest
class ThumbnailTest {

    @Test
    void aNewCourseGetsAThumbnailThatLoadsWithoutCredentials() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        String url = given().header("Authorization", key)
                .contentType("application/json")
                .body("{\"title\":\"Thumbnails\",\"identifier\":\"a\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(201)
                .body("thumbnailRevision", equalTo(1))
                .extract()
                .jsonPath()
                .getString("thumbnail");
        BufferedImage image = awaitImage(url);
        assertThat(image.getWidth()).isEqualTo(640);
        assertThat(image.getHeight()).isEqualTo(360);
    }

    @Test
    void regeneratingQueuesANewRevisionAtANewUrlWithTheFirstImage() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        BufferedImage red = new BufferedImage(200, 200, BufferedImage.TYPE_INT_RGB);
        var g = red.createGraphics();
        g.setColor(Color.RED);
        g.fillRect(0, 0, 200, 200);
        g.dispose();
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(red, "png", png);
        server.createContext("/hero.png", exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "image/png");
            exchange.sendResponseHeaders(200, png.size());
            exchange.getResponseBody().write(png.toByteArray());
            exchange.close();
        });
        server.start();
        try {
            String key = TestKeys.enterprise(TestKeys.newWorkspace());
            String document = CourseLifecycleTest.BUILDER2
                    .replace(
                            "https://cdn.example.com/hero.jpg",
                            "http://127.0.0.1:" + server.getAddress().getPort() + "/hero.png")
                    .replace("image/jpeg", "image/png");
            long id = CourseLifecycleTest.importCourse(key, "a", null, document);
            Response first = given().header("Authorization", key).get("/v1/headless/courses/" + id);
            String firstUrl = first.jsonPath().getString("thumbnail");
            Response again = given().header("Authorization", key).post("/v1/headless/course/" + id + "/thumbnail");
            again.then()
                    .statusCode(200)
                    .body("id", equalTo((int) id))
                    .body("thumbnailRevision", equalTo(2))
                    .body("queued", equalTo(true));
            String secondUrl = again.jsonPath().getString("thumbnail");
            assertThat(secondUrl).isNotEqualTo(firstUrl).endsWith("/2.jpg");
            given().header("Authorization", key)
                    .get("/v1/headless/courses/" + id)
                    .then()
                    .body("thumbnail", equalTo(secondUrl));
            BufferedImage image = awaitImage(secondUrl);
            // The right part of the card shows the course's first image: red.
            Color sample = new Color(image.getRGB(600, 180));
            assertThat(sample.getRed()).isGreaterThan(200);
            assertThat(sample.getGreen()).isLessThan(60);
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aScormCourseGetsACardToo() throws Exception {
        long ws = TestKeys.newWorkspace();
        String service = TestTokens.serviceToken("scorm-service", "course-service");
        String url = given().auth()
                .oauth2(service)
                .contentType("application/json")
                .body("{\"workspaceId\":" + ws
                        + ",\"identifier\":\"a\",\"title\":\"Golf Explained\",\"testMode\":false}")
                .post("/internal/v1/courses")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("thumbnail");
        assertThat(awaitImage(url).getWidth()).isEqualTo(640);
    }

    @Test
    void unknownThumbnailsAre404() {
        given().get("/v1/headless/thumbnails/00000000000000000000000000000000/1.jpg")
                .then()
                .statusCode(404);
        given().get("/v1/headless/thumbnails/not-a-token/1.jpg").then().statusCode(404);
    }

    private static BufferedImage awaitImage(String url) throws Exception {
        String path = URI.create(url).getPath();
        byte[][] body = new byte[1][];
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    Response r = given().get(path);
                    if (r.statusCode() == 200 && "image/jpeg".equals(r.contentType())) {
                        body[0] = r.asByteArray();
                        return true;
                    }
                    return false;
                });
        return ImageIO.read(new ByteArrayInputStream(body[0]));
    }
}

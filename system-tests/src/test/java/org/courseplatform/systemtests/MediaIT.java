package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * The media library end to end, through the ingress and in Chromium: an author writes a heading and a
 * paragraph on the builder's canvas, drops a picture on the screen, gives its alt text and publishes; a learner's player picks the width
 * that fits from the picture's srcset; the static SCORM 2004 export plays in the platform's hosted
 * LMS with the platform's course pages and media out of reach, shows the packed picture, and the
 * LMS records the learner's answer as an interaction and the quiz as an objective.
 */
class MediaIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    private static final String RIGHT = "Eighteen holes";
    private static final String HEADING = "Before you tee off " + RUN;
    private static final String PARAGRAPH = "Study the map of the course before the first hole.";
    private static final String DOCUMENT =
            "{\"format\":\"builder2\",\"title\":\"Media course " + RUN + "\",\"locale\":\"en\","
                    + "\"screens\":[{\"id\":\"s1\",\"type\":\"blocks\",\"title\":\"Welcome\",\"elements\":["
                    + "{\"id\":\"e1\",\"type\":\"heading\",\"title\":\"The course\",\"level\":2},"
                    + "{\"id\":\"e2\",\"type\":\"text\",\"description\":\"<p>Look at the map.</p>\"}]},"
                    + "{\"id\":\"s2\",\"type\":\"blocksQuiz\",\"title\":\"Check\",\"elements\":[{\"id\":\"q1\",\"type\":\"question\","
                    + "\"question\":\"How long is a round?\",\"answers\":[{\"id\":\"a1\",\"text\":\"" + RIGHT
                    + "\",\"correct\":true},"
                    + "{\"id\":\"a2\",\"text\":\"Nine holes\",\"correct\":false}]}]}]}";

    @Test
    void aDroppedPictureIsPublishedSeenInItsWidthAndPlaysOfflineInAStaticPackage() throws Exception {
        long course = Suite.demo()
                .contentType(ContentType.JSON)
                .body("{\"identifier\":\"author\",\"document\":" + DOCUMENT + "}")
                .post("/v1/headless/courses/import")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        String editUrl = embed(Map.of("action", "edit", "courseId", course, "identifier", "author"));

        // The author drops a 2400 px picture on the first screen, describes it and publishes.
        Map<String, Object> file = Map.of(
                "name",
                "course-map.png",
                "type",
                "image/png",
                "base64",
                Base64.getEncoder().encodeToString(png()));
        List<Map<String, Object>> steps = new ArrayList<>(List.of(
                Map.of("do", "open", "url", editUrl, "viewport", Map.of("width", 1280, "height", 900)),
                Map.of("do", "fill", "label", "Screen title", "value", "Welcome " + RUN),
                // Written on the canvas, where the learner will read them.
                Map.of("do", "fill", "label", "Heading", "value", HEADING),
                Map.of("do", "fill", "label", "Paragraph", "value", PARAGRAPH),
                Map.of("do", "axe", "as", "canvas"),
                Map.of("do", "drop", "css", ".screen-form", "file", file),
                Map.of("do", "see", "role", "dialog", "name", "Upload a picture"),
                Map.of("do", "see", "text", "Uploaded and checked", "timeout", 60000),
                Map.of("do", "fill", "label", "Alt text (required)", "value", "Map of the course, hole by hole"),
                Map.of("do", "axe", "as", "upload"),
                Map.of("do", "click", "name", "Insert"),
                Map.of("do", "gone", "role", "dialog", "name", "Upload a picture"),
                Map.of("do", "status", "matches", "Saved at"),
                Map.of("do", "click", "name", "Publish"),
                Map.of("do", "see", "text", "Published")));
        JsonNode authored = BuilderIT.drive(Map.of(
                "outDir",
                java.nio.file.Path.of("target/course-builder").toAbsolutePath().toString(),
                "runs",
                List.of(Map.of("name", "author", "steps", steps))));
        JsonNode author = authored.path("runs").get(0);
        assertThat(author.path("error").isMissingNode())
                .as(authored.toPrettyString())
                .isTrue();
        for (String view : List.of("canvas", "upload")) {
            for (JsonNode violation : author.path("values").path(view)) {
                assertThat(violation.path("impact").asText())
                        .as(view + ": " + violation)
                        .isNotIn("serious", "critical");
            }
        }

        // The published course holds the library picture with its alt text and widths.
        JsonNode document = JSON.readTree(Suite.demo()
                        .get("/v1/headless/course/" + course + "/content")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .path("document");
        JsonNode picture = null;
        for (JsonNode element : document.at("/screens/0/elements")) {
            if (element.path("type").asText().equals("image")) {
                picture = element;
            }
        }
        assertThat(picture).as(document.toPrettyString()).isNotNull();
        assertThat(document.at("/screens/0/elements/0/title").asText()).isEqualTo(HEADING);
        assertThat(document.at("/screens/0/elements/1/description").asText()).contains(PARAGRAPH);
        assertThat(picture.path("altText").asText()).isEqualTo("Map of the course, hole by hole");
        assertThat(picture.at("/asset/mediaId").asLong()).isPositive();
        assertThat(picture.at("/asset/url").asText()).startsWith(Suite.BASE_URL + "/play/media/");
        List<Integer> widths = new ArrayList<>();
        picture.at("/asset/widths").forEach(w -> widths.add(w.asInt()));
        assertThat(widths).containsExactly(320, 640, 1280, 1920);
        Suite.demo()
                .get("/v1/headless/courses/" + course)
                .then()
                .statusCode(200)
                .body("published", org.hamcrest.Matchers.equalTo(true));

        // A learner at 1280 px gets a width that fits the column, not the largest, decoded.
        String viewUrl = embed(Map.of("courseId", course, "identifier", "learner-" + RUN));
        JsonNode viewed = play(List.of(Map.of("name", "learner", "url", viewUrl, "steps", List.of())));
        JsonNode learner = viewed.path("launches").get(0);
        assertThat(learner.path("error").isMissingNode())
                .as(viewed.toPrettyString())
                .isTrue();
        assertThat(learner.path("text").asText()).contains(HEADING).contains(PARAGRAPH);
        JsonNode seen = picture(learner.path("imagesAtStart"), "Map of the course, hole by hole");
        assertThat(seen).as(viewed.toPrettyString()).isNotNull();
        assertThat(seen.path("src").asText()).contains("/play/media/").matches(".*/w(320|640|1280)\\.(png|jpg)$");
        int shown = Integer.parseInt(seen.path("src").asText().replaceAll(".*/w(\\d+)\\.\\w+$", "$1"));
        // naturalWidth is in CSS pixels (the srcset width over the sizes slot), so the file is read here.
        assertThat(seen.path("naturalWidth").asInt()).isPositive();
        byte[] served = io.restassured.RestAssured.given()
                .get(seen.path("src").asText())
                .then()
                .statusCode(200)
                .extract()
                .asByteArray();
        assertThat(ImageIO.read(new java.io.ByteArrayInputStream(served)).getWidth())
                .isEqualTo(shown);

        // The static SCORM 2004 package, hosted, plays with the platform's pages and media blocked.
        Response export = Suite.demo()
                .queryParam("type", "static")
                .queryParam("version", "2004")
                .get("/v1/headless/course/scorm/" + course);
        assertThat(export.statusCode()).as(export.asString()).isEqualTo(200);
        assertThat(export.header("X-Course-External-Media")).isNull();
        long hosted = HostedScorm.upload(Suite::demo, export.asByteArray(), "media-" + RUN + ".zip");
        assertThat(HostedScorm.processed(Suite::demo, hosted).getString("status"))
                .isEqualTo("ready");
        JsonNode played = play(List.of(Map.of(
                "name",
                "offline",
                "offline",
                true,
                "url",
                HostedScorm.embed(Suite::demo, hosted, "lms-learner-" + RUN, null),
                "steps",
                List.of("next", "answer:" + RIGHT, "check"))));
        String report = played.toPrettyString();
        JsonNode offline = played.path("launches").get(0);
        assertThat(offline.path("error").isMissingNode()).as(report).isTrue();
        JsonNode packed = picture(offline.path("imagesAtStart"), "Map of the course, hole by hole");
        assertThat(packed).as(report).isNotNull();
        assertThat(packed.path("src").asText()).as(report).doesNotContain("/play/media/");
        assertThat(packed.path("naturalWidth").asInt()).as(report).isPositive();
        assertThat(offline.path("blocked").toString()).as(report).doesNotContain("/play/media/");

        JsonNode lms = offline.path("lms");
        assertThat(lms.path("version").asText()).as(report).isEqualTo("2004");
        JsonNode interactions = lms.path("interactions");
        assertThat(interactions.size()).as(report).isEqualTo(1);
        JsonNode answer = interactions.get(0);
        assertThat(answer.path("type").asText()).as(report).isEqualTo("choice");
        assertThat(answer.path("result").asText()).as(report).isEqualTo("correct");
        assertThat(answer.path("learner_response").asText()).as(report).isEqualTo("a1");
        JsonNode objectives = lms.path("objectives");
        assertThat(objectives.size()).as(report).isEqualTo(1);
        assertThat(objectives.get(0).path("id").asText()).as(report).isEqualTo("quiz");
    }

    private static JsonNode picture(JsonNode images, String alt) {
        for (JsonNode image : images) {
            if (alt.equals(image.path("alt").asText())) {
                return image;
            }
        }
        return null;
    }

    private static String embed(Map<String, Object> body) {
        return Suite.demo()
                .contentType(ContentType.JSON)
                .body(body)
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(200)
                .extract()
                .asString();
    }

    private static JsonNode play(List<Map<String, Object>> launches) throws Exception {
        return JSON.readTree(NodeScripts.browser(
                "scorm-export.mjs",
                List.of("playwright-core"),
                Duration.ofMinutes(4),
                JSON.writeValueAsString(Map.of("launches", launches))));
    }

    /** A 2400 x 1600 picture: wide enough for every width the library makes. */
    private static byte[] png() throws Exception {
        BufferedImage image = new BufferedImage(2400, 1600, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(new Color(0x2e7d32));
        g.fillRect(0, 0, 2400, 1600);
        g.setColor(Color.WHITE);
        for (int hole = 0; hole < 18; hole++) {
            g.fillOval(100 + hole * 120, 300 + (hole % 5) * 200, 60, 60);
        }
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }
}

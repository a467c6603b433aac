package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/**
 * AI course generation through the ingress, with the suite's built-in offline generator: both
 * routes make the same course (201), an author generates one in the builder's {@code generate}
 * flow in headless Chromium and lands in the editor on its screens, and once published a learner
 * plays the generated course to the end, answering its quiz.
 */
class GenerationIT {

    private static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    private static final Map<String, Object> BRIEF = Map.of(
            "prompt",
            "Workplace fire safety: alarms, extinguishers and evacuation",
            "audience",
            "New office staff",
            "familiarity",
            "new to the topic",
            "tone",
            "friendly",
            "screenCount",
            5,
            "identifier",
            "author");

    @Test
    void aGeneratedCourseOpensInTheBuilderAndPlaysToTheEnd() throws Exception {
        long ws = Suite.workspace("build");
        String live = Suite.key(ws, "live")[1];

        // Both routes, the same answer: the course, made within the request.
        JsonPath made = with(live)
                .body(BRIEF)
                .post("/v1/headless/generate/course")
                .then()
                .statusCode(201)
                .body("format", equalTo("builder2"))
                .body("identifier", equalTo("author"))
                .extract()
                .jsonPath();
        JsonPath old = with(live)
                .body(BRIEF)
                .post("/v1/headless/course/generate")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        assertThat(old.getString("title")).isEqualTo(made.getString("title"));
        assertThat(old.getInt("screenCount"))
                .isEqualTo(made.getInt("screenCount"))
                .isEqualTo(6);
        with(live)
                .body(Map.of("prompt", "x"))
                .post("/v1/headless/generate/course")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"));

        // The builder's generate flow: an edit URL without a course opens the form.
        String editUrl = with(live)
                .body(Map.of("action", "edit", "identifier", "author-" + RUN, "flow", "generate"))
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        String topic = "Safe lifting in the warehouse " + RUN;
        JsonNode done = BuilderIT.drive(Map.of(
                "outDir",
                Path.of("target/generation").toAbsolutePath().toString(),
                "runs",
                List.of(Map.of(
                        "name",
                        "author",
                        "steps",
                        List.of(
                                Map.of("do", "open", "url", editUrl, "viewport", Map.of("width", 375, "height", 740)),
                                Map.of("do", "see", "role", "heading", "name", "Generate a course"),
                                Map.of("do", "axe", "as", "form"),
                                Map.of("do", "fill", "label", "What is the course about?", "value", topic),
                                Map.of("do", "fill", "label", "Who is it for?", "value", "Warehouse staff"),
                                Map.of("do", "fill", "label", "Number of screens", "value", "4"),
                                Map.of("do", "click", "role", "button", "name", "Generate course"),
                                Map.of("do", "viewport", "width", 1280, "height", 900),
                                Map.of("do", "options", "listbox", "Screens", "as", "screens"),
                                Map.of("do", "value", "label", "Course title", "as", "title"),
                                Map.of("do", "axe", "as", "editor"))))));
        String report = done.toPrettyString();
        JsonNode author = done.path("runs").get(0);
        assertThat(author.path("error").isMissingNode()).as(report).isTrue();
        assertThat(author.path("values").path("screens").size()).as(report).isEqualTo(5);
        for (String page : List.of("form", "editor")) {
            JsonNode axe = author.path("values").path("axe:" + page);
            assertThat(axe.isArray()).as("axe ran on %s: %s", page, report).isTrue();
            assertThat(axe.findValuesAsText("impact"))
                    .as("axe on %s: %s", page, axe)
                    .doesNotContain("serious", "critical");
        }
        String title = author.path("values").path("title").asText();

        // The course the builder made belongs to the author of the URL; published, a learner plays it.
        JsonPath courses = with(live)
                .queryParam("identifier", "author-" + RUN)
                .get("/v1/headless/courses")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(courses.getList("title")).as(courses.prettify()).containsExactly(title);
        long courseId = courses.getLong("[0].id");
        with(live).post("/v1/headless/course/" + courseId + "/publish").then().statusCode(200);
        JsonNode document = new ObjectMapper()
                .readTree(with(live)
                        .get("/v1/headless/course/" + courseId + "/content")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString());
        List<String> right = new ArrayList<>();
        for (JsonNode answer : document.findValues("answers")) {
            answer.forEach(a -> {
                if (a.path("correct").asBoolean()) {
                    right.add(a.path("text").asText());
                }
            });
        }
        assertThat(right).as(document.toPrettyString()).isNotEmpty();
        String learner = "learner-" + RUN;
        String viewUrl = with(live)
                .body(Map.of("courseId", courseId, "identifier", learner))
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        JsonNode played = Learners.play(Map.of(
                "baseUrl",
                Suite.BASE_URL,
                "parentOrigin",
                "http://tenant.localhost:" + Learners.freePort(),
                "outDir",
                Path.of("target/generation").toAbsolutePath().toString(),
                "launches",
                List.of(Map.of("name", "learner", "url", viewUrl, "walk", true, "answers", right))));
        JsonNode launch = Learners.launch(played, "learner");
        assertThat(launch.path("error").isMissingNode())
                .as(played.toPrettyString())
                .isTrue();
        with(live)
                .queryParam("identifier", learner)
                .get("/v1/headless/course/" + courseId + "/tracking")
                .then()
                .statusCode(200)
                .body("[0].percent", equalTo(100))
                .body("[0].completed", Matchers.notNullValue());
    }

    private static RequestSpecification with(String authorization) {
        return Suite.ingress().header("Authorization", authorization).contentType(ContentType.JSON);
    }
}

package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.courseplatform.platform.testing.HttpsReceiver;
import org.courseplatform.platform.testing.HttpsReceiver.Request;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The enrich, share, organise and measure features end to end through the ingress. An agent on the
 * official MCP SDK client (src/test/js/mcp-agent.mjs) sets its tenant's brand voice, applies a
 * built-in theme, translates the course and narrates it (jobs, polled over REST), makes a
 * collection and a folder, files the course, publishes and shares it. Learners in headless
 * Chromium then complete the course through the share link and through an embed URL issued for
 * the collection; the analytics over REST and {@code get_course_analytics} count both, the
 * collection's analytics its one learner, and the HTTPS receiver gets {@code course.completed}
 * with {@code data.collection} for the collection's learner only.
 */
class AgentFeaturesIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RUN = Long.toString(System.nanoTime(), 36);
    private static final String TENANT = "tenant-" + RUN;
    private static final String QUESTION = "Which club putts?";
    private static final String RIGHT = "The putter";
    private static final String DOCUMENT = """
            {"format":"builder2","title":"Features golf %s","locale":"en","screens":[
             {"id":"s1","type":"blocks","title":"On the green","elements":[
               {"id":"e1","type":"text","title":"Putting","description":"<p>Read the slope before you putt.</p>"}]},
             {"id":"s2","type":"blocksQuiz","title":"Check","elements":[{"id":"q1","type":"question",
               "question":"%s","answers":[{"id":"a1","text":"%s","correct":true},{"id":"a2","text":"The driver","correct":false}]}]},
             {"id":"s3","type":"blocks","title":"Holed out","elements":[
               {"id":"e3","type":"text","title":"Done","description":"<p>Nice putting.</p>"}]}]}""".formatted(RUN, QUESTION, RIGHT);
    private static final List<String> TOOLS = List.of(
            "get_course_document",
            "list_themes",
            "apply_theme",
            "get_brand_voice",
            "set_brand_voice",
            "translate_course",
            "generate_narration",
            "get_job",
            "create_collection",
            "list_collections",
            "add_course_to_collection",
            "create_folder",
            "list_folders",
            "move_course_to_folder",
            "publish_course",
            "create_share_link",
            "get_course_analytics");

    private static HttpsReceiver receiver;
    private static String key;

    @BeforeAll
    static void start() throws Exception {
        receiver = Suite.receiver();
        key = Suite.key(Suite.workspace("build"), "live")[1];
        NodeScripts.install(List.of("mcp-agent.mjs"), List.of("@modelcontextprotocol/sdk"));
    }

    @AfterAll
    static void stop() {
        if (receiver != null) {
            receiver.close();
        }
    }

    @Test
    void anAgentEnrichesOrganisesAndSharesACourseThatLearnersThenComplete() throws Exception {
        String hooks = "/hooks/features/" + RUN;
        with(key)
                .body(Map.of(
                        "url",
                        receiver.url(hooks),
                        "events",
                        List.of("course.completed"),
                        "description",
                        "features IT"))
                .post("/v1/headless/webhooks")
                .then()
                .statusCode(201);
        long course = with(key)
                .body("{\"identifier\":\"author\",\"clientIdentifier\":\"" + TENANT + "\",\"document\":" + DOCUMENT
                        + "}")
                .post("/v1/headless/courses/import")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        String token = with(key)
                .body(Map.of(
                        "identifier", "agent-" + RUN, "clientIdentifier", TENANT, "readonly", false, "tools", TOOLS))
                .post("/api/v1/agent/auth")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("token");

        // First round: what needs no earlier answer.
        JsonNode first = agent(
                token,
                Map.of(
                        "voice",
                                call(
                                        "set_brand_voice",
                                        Map.of(
                                                "name",
                                                "Caddie",
                                                "tone",
                                                "calm and encouraging",
                                                "audience",
                                                "new golfers",
                                                "do",
                                                List.of("Speak to the learner as you"),
                                                "dont",
                                                List.of("Use jargon"))),
                        "themes", call("list_themes", Map.of()),
                        "collection",
                                call(
                                        "create_collection",
                                        Map.of("title", "Short game " + RUN, "courseIds", List.of(course))),
                        "folder", call("create_folder", Map.of("name", "Greens " + RUN)),
                        "translate", call("translate_course", Map.of("courseId", course, "locale", "fr")),
                        "narrate", call("generate_narration", Map.of("courseId", course))));
        assertThat(first.at("/voice/source").asText()).as(first.toString()).isEqualTo("tenant");
        JsonNode themes = first.at("/themes/themes");
        assertThat(themes.size()).as(first.toString()).isGreaterThanOrEqualTo(8);
        long theme = themes.get(2).path("id").asLong();
        long collection = first.at("/collection/collection/id").asLong();
        String collectionKey = first.at("/collection/collection/key").asText();
        long folder = first.at("/folder/folder/id").asLong();
        assertThat(List.of(collection, folder)).as(first.toString()).allMatch(id -> id > 0);

        // The jobs finish on their own; the course service answered them at once.
        for (String job : List.of("translate", "narrate")) {
            assertThat(first.at("/" + job + "/status").asText()).isIn("queued", "running", "succeeded");
            JsonNode done = awaitJob(first.at("/" + job + "/id").asLong());
            assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("succeeded");
        }
        JsonNode draft = with(key)
                .get("/v1/headless/course/" + course + "/content")
                .then()
                .statusCode(200)
                .extract()
                .as(JsonNode.class);
        assertThat(draft.at("/document/translations").has("fr"))
                .as(draft.toString())
                .isTrue();
        JsonNode narration = with(key)
                .get("/v1/headless/course/" + course + "/narration")
                .then()
                .statusCode(200)
                .extract()
                .as(JsonNode.class);
        assertThat(narration.path("screens").size()).as(narration.toString()).isEqualTo(3);
        assertThat(narration.path("screens").get(0).path("script").asText())
                .as(narration.toString())
                .contains("slope");

        // Second round: theme, file, publish and share.
        JsonNode second = agent(
                token,
                Map.of(
                        "theme", call("apply_theme", Map.of("courseId", course, "themeId", theme)),
                        "file", call("move_course_to_folder", Map.of("courseId", course, "folderId", folder))));
        assertThat(second.at("/theme/themeId").asLong()).as(second.toString()).isEqualTo(theme);
        assertThat(second.at("/file/folderId").asLong()).as(second.toString()).isEqualTo(folder);
        JsonNode third = agent(token, Map.of("publish", call("publish_course", Map.of("courseId", course))));
        assertThat(third.at("/publish/course/published").asBoolean())
                .as(third.toString())
                .isTrue();
        JsonNode shared =
                agent(token, Map.of("share", call("create_share_link", Map.of("courseId", course, "maxUses", 5))));
        String shareUrl = shared.at("/share/url").asText();
        assertThat(shareUrl).as(shared.toString()).startsWith(Suite.BASE_URL + "/play/share");

        // Learners: one through the share link, one through the collection's embed URL.
        String pathLearner = "path-" + RUN;
        String collectionUrl = with(key)
                .body(Map.of(
                        "courseId",
                        course,
                        "identifier",
                        pathLearner,
                        "clientIdentifier",
                        TENANT,
                        "collection",
                        Map.of("id", collection, "key", collectionKey)))
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
                Path.of("target/agent-features").toAbsolutePath().toString(),
                "launches",
                List.of(
                        Map.of("name", "shared", "url", shareUrl, "walk", true, "answers", List.of(RIGHT)),
                        Map.of("name", "path", "url", collectionUrl, "walk", true, "answers", List.of(RIGHT)))));
        String report = played.toPrettyString();
        for (String name : List.of("shared", "path")) {
            JsonNode launch = Learners.launch(played, name);
            assertThat(launch.path("error").isMissingNode()).as(report).isTrue();
            assertThat(launch.path("answered").findValuesAsText("text"))
                    .as(report)
                    .contains(RIGHT);
            assertThat(launch.path("end").toString()).as(report).contains("Holed out");
            // The learner sees the theme the agent applied.
            assertThat(Learners.session(launch).at("/theme/themeId").asLong())
                    .as(report)
                    .isEqualTo(theme);
        }
        // A share link's learner is tracked as share:<link>:<the learner id the page keeps>.
        String shareIdentifier = "share:" + shared.at("/share/id").asLong() + ":"
                + Learners.session(Learners.launch(played, "shared"))
                        .path("learner")
                        .asText();

        // Analytics count both learners (fed by events: eventually), the collection's its one.
        JsonNode analytics = await().alias("two completed learners in the analytics of course " + course)
                .atMost(Duration.ofSeconds(90))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(500))
                .until(
                        () -> with(key)
                                .get("/v1/headless/course/" + course + "/analytics")
                                .then()
                                .statusCode(200)
                                .extract()
                                .as(JsonNode.class),
                        a -> a.at("/learners/completed").asInt() >= 2);
        assertThat(analytics.at("/learners/commenced").asInt())
                .as(analytics.toString())
                .isEqualTo(2);
        assertThat(analytics.at("/learners/completed").asInt())
                .as(analytics.toString())
                .isEqualTo(2);
        assertThat(analytics.path("completionRate").asDouble()).isEqualTo(1.0);
        JsonNode viaAgent = agent(token, Map.of("a", call("get_course_analytics", Map.of("courseId", course))));
        assertThat(viaAgent.at("/a/learners/completed").asInt())
                .as(viaAgent.toString())
                .isEqualTo(2);
        JsonNode pathAnalytics = with(key)
                .get("/v1/headless/collections/" + collection + "/analytics")
                .then()
                .statusCode(200)
                .extract()
                .as(JsonNode.class);
        assertThat(pathAnalytics.toString()).contains("\"completed\":1");

        // The collection's learner's completion carries the collection; the share learner's does not.
        List<Request> got = Learners.awaitDeliveries(
                receiver, hooks, List.of(r -> completedBy(r, pathLearner), r -> completedBy(r, shareIdentifier)));
        Request path = got.stream()
                .filter(r -> completedBy(r, pathLearner))
                .findFirst()
                .orElseThrow();
        assertThat(path.json().at("/data/collection/id").asLong()).isEqualTo(collection);
        assertThat(path.json().at("/data/collection/key").asText()).isEqualTo(collectionKey);
        Request share = got.stream()
                .filter(r -> completedBy(r, shareIdentifier))
                .findFirst()
                .orElseThrow();
        assertThat(share.json().at("/data/collection").isMissingNode()
                        || share.json().at("/data/collection").isNull())
                .isTrue();
    }

    private static boolean completedBy(Request r, String identifier) {
        return r.json().path("type").asText().equals("course.completed")
                && r.json().at("/data/tracking/identifier").asText().equals(identifier);
    }

    private static JsonNode awaitJob(long id) {
        return await().alias("job " + id + " to end")
                .atMost(Duration.ofSeconds(90))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(500))
                .until(
                        () -> with(key)
                                .get("/v1/headless/jobs/" + id)
                                .then()
                                .statusCode(200)
                                .extract()
                                .as(JsonNode.class),
                        job -> List.of("succeeded", "failed")
                                .contains(job.path("status").asText()));
    }

    private static Map<String, Object> call(String name, Map<String, Object> arguments) {
        return Map.of("name", name, "arguments", arguments);
    }

    /** Runs the calls, each over its own MCP connection of the SDK client; answers each one's structured content by id. */
    private static JsonNode agent(String token, Map<String, Map<String, Object>> calls) throws Exception {
        List<Map<String, Object>> checks = new ArrayList<>();
        calls.forEach((id, call) -> {
            Map<String, Object> check = new HashMap<>(call);
            check.put("id", id);
            check.put("token", token);
            check.put("action", "callTool");
            checks.add(check);
        });
        NodeScripts.Result result = NodeScripts.run(
                Duration.ofMinutes(3),
                JSON.writeValueAsString(Map.of("baseUrl", Suite.BASE_URL, "checks", checks)),
                Map.of(),
                "node",
                "mcp-agent.mjs");
        assertThat(result.exit()).as("node mcp-agent.mjs: " + result.out()).isZero();
        JsonNode report = JSON.readTree(result.out()).path("checks");
        var answers = JSON.createObjectNode();
        for (String id : calls.keySet()) {
            JsonNode check = report.path(id);
            assertThat(check.path("isError").asBoolean()).as(id + ": " + check).isFalse();
            assertThat(check.path("structuredContent").isObject())
                    .as(id + ": " + check)
                    .isTrue();
            answers.set(id, check.path("structuredContent"));
        }
        return answers;
    }

    private static RequestSpecification with(String authorization) {
        return Suite.ingress().header("Authorization", authorization).contentType(ContentType.JSON);
    }
}

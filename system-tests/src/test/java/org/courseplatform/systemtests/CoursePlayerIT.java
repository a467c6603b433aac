package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.courseplatform.platform.testing.HttpsReceiver;
import org.courseplatform.platform.testing.HttpsReceiver.Request;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Course Player and the Standalone Screen Player through the ingress and a real browser
 * (src/test/js/course-player.mjs: npm playwright-core driving Debian's chromium, axe-core). A
 * fresh Build workspace with a live and a test key subscribes an HTTPS receiver to
 * course.commenced, course.completed, quiz.completed and quiz.failed and publishes a three-screen
 * course with a question. Framed by a tenant's page, a learner walks it to the end (the page posts
 * its events to that page's origin only), comes back through a new URL at 375 px and finds the
 * last screen; a learner of the test key does the same; the deprecated view URLs open the same
 * player; two learners pass and fail a library quiz in the Screen Player. The webhooks arrive once
 * per learner with the key's test mode, the tracking API lists the records, axe finds no serious
 * or critical violation, and a tampered, an expired-looking and a used URL each show a page that
 * says why and nothing of the course. Another workspace's course and screen are 404 at issue time.
 */
class CoursePlayerIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RUN = Long.toString(System.nanoTime(), 36);
    private static final List<String> EVENTS =
            List.of("course.commenced", "course.completed", "quiz.completed", "quiz.failed");
    /** Words of the course that must never show on a refused URL's page. */
    private static final String INTRO = "Swing easy on the first tee";

    private static final String QUESTION = "How many holes has a full round of golf?";
    private static final String RIGHT = "Eighteen holes";
    private static final String WRONG = "Nine holes";
    private static final String LAST = "Well done";
    private static final String DOCUMENT = """
            {"format":"builder2","title":"Player golf %s","locale":"en","screens":[
             {"id":"s1","type":"blocks","title":"Welcome to golf","elements":[
               {"id":"e1","type":"text","title":"Intro","description":"<p>%s, then follow through.</p>"}]},
             {"id":"s2","type":"blocksQuiz","title":"Check your golf","elements":[{"id":"q1","type":"question",
               "question":"%s","answers":[{"id":"a1","text":"%s","correct":true},{"id":"a2","text":"%s","correct":false}]}]},
             {"id":"s3","type":"blocks","title":"%s","elements":[
               {"id":"e3","type":"text","title":"Done","description":"<p>You finished the round.</p>"}]}]}""".formatted(RUN, INTRO, QUESTION, RIGHT, WRONG, LAST);

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
    void learnersPlayCoursesAndQuizzesInTheBrowserAndTheirProgressBecomesWebhooks() throws Exception {
        long ws = Suite.workspace("build");
        String live = Suite.key(ws, "live")[1];
        String test = Suite.key(ws, "test")[1];
        String hooks = "/hooks/player/" + ws;
        String secret = with(live)
                .body(Map.of("url", receiver.url(hooks), "events", EVENTS, "description", "player IT"))
                .post("/v1/headless/webhooks")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("secret");

        long courseId = with(live)
                .body("{\"identifier\":\"author\",\"document\":" + DOCUMENT + "}")
                .post("/v1/headless/courses/import")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        // Learners see the published version only: before publishing there is nothing to view.
        with(live)
                .body(Map.of("courseId", courseId, "identifier", "early-" + RUN))
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(409);
        with(live).post("/v1/headless/course/" + courseId + "/publish").then().statusCode(200);

        JsonPath layouts = with(live)
                .get("/v1/headless/layouts")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        // The true-or-false quiz: its answers are "True" (correct) and "False", whatever the page looks like.
        assertThat(layouts.getString("find { it.id == 'quiz-true-false' }.category"))
                .isEqualTo("quiz");
        long screenId = with(live)
                .body(Map.of("layoutId", "quiz-true-false", "identifier", "author"))
                .post("/v1/headless/screen")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");

        // Another workspace can issue URLs for neither.
        String stranger = Suite.key(Suite.workspace("build"), "live")[1];
        with(stranger)
                .body(Map.of("courseId", courseId, "identifier", "intruder"))
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(404);
        with(stranger)
                .queryParam("courseId", courseId)
                .queryParam("identifier", "intruder")
                .get("/v1/headless/course/view")
                .then()
                .statusCode(404);
        with(stranger)
                .body(Map.of("action", "view", "id", screenId, "identifier", "intruder"))
                .post("/v1/headless/embed/screen")
                .then()
                .statusCode(404);

        String tenant = "http://tenant.localhost:" + Learners.freePort();
        String learner = "learner-" + RUN;
        String tester = "tester-" + RUN;
        String passer = "passer-" + RUN;
        String failer = "failer-" + RUN;
        String walkUrl = courseUrl(live, Map.of("courseId", courseId, "identifier", learner, "parentOrigin", tenant));
        String resumeUrl = courseUrl(live, Map.of("courseId", courseId, "identifier", learner));
        String hurried = "hurried-" + RUN;
        String hurriedUrl = courseUrl(live, Map.of("courseId", courseId, "identifier", hurried));
        String hurriedBackUrl = courseUrl(live, Map.of("courseId", courseId, "identifier", hurried));
        String testUrl = courseUrl(test, Map.of("courseId", courseId, "identifier", tester, "parentOrigin", tenant));
        String viewUrl = with(live)
                .queryParam("courseId", courseId)
                .queryParam("identifier", "deprecated-view-" + RUN)
                .queryParam("parentOrigin", tenant)
                .get("/v1/headless/course/view")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        String urlUrl = with(live)
                .body(Map.of(
                        "action",
                        "view",
                        "courseId",
                        courseId,
                        "identifier",
                        "deprecated-url-" + RUN,
                        "parentOrigin",
                        tenant))
                .post("/v1/headless/course/url")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        for (String url : List.of(walkUrl, resumeUrl, testUrl, viewUrl, urlUrl)) {
            // The workspace in ?w= picks the page's framing rule; the token stays in the fragment.
            assertThat(url).matches(Pattern.quote(Suite.BASE_URL + "/play/course?w=") + "[0-9]+#token=[A-Za-z0-9_.-]+");
        }
        String passUrl = screenUrl(live, screenId, passer, tenant);
        String failUrl = screenUrl(live, screenId, failer, null);
        String tampered = withClaim(
                courseUrl(live, Map.of("courseId", courseId, "identifier", "victim-" + RUN)),
                "identifier",
                "someone-else-" + RUN);
        String expired = withClaim(
                courseUrl(live, Map.of("courseId", courseId, "identifier", "late-" + RUN)),
                "exp",
                Instant.now().minusSeconds(3600).getEpochSecond());

        Path out = Path.of("target/course-player").toAbsolutePath();
        JsonNode played = Learners.play(Map.of(
                "baseUrl",
                Suite.BASE_URL,
                "parentOrigin",
                tenant,
                "outDir",
                out.toString(),
                "launches",
                List.of(
                        Map.of(
                                "name",
                                "walk",
                                "url",
                                walkUrl,
                                "framed",
                                true,
                                "walk",
                                true,
                                "answers",
                                List.of(RIGHT),
                                "axe",
                                true,
                                "axeAt",
                                QUESTION),
                        Map.of(
                                "name",
                                "resume",
                                "url",
                                resumeUrl,
                                "viewport",
                                Map.of("width", 375, "height", 667),
                                "screenshot",
                                "course-player-375.png",
                                "axe",
                                true),
                        Map.of(
                                "name",
                                "hurried",
                                "url",
                                hurriedUrl,
                                "walk",
                                true,
                                "answers",
                                List.of(RIGHT),
                                "slowProgress",
                                4000),
                        Map.of("name", "hurriedBack", "url", hurriedBackUrl),
                        Map.of("name", "test", "url", testUrl, "framed", true, "walk", true, "answers", List.of(RIGHT)),
                        Map.of("name", "view", "url", viewUrl, "framed", true),
                        Map.of("name", "url", "url", urlUrl, "framed", true),
                        Map.of(
                                "name",
                                "pass",
                                "url",
                                passUrl,
                                "framed",
                                true,
                                "walk",
                                true,
                                "answers",
                                List.of("True"),
                                "axe",
                                true,
                                "axeAt",
                                "True"),
                        Map.of(
                                "name",
                                "fail",
                                "url",
                                failUrl,
                                "walk",
                                true,
                                "answers",
                                List.of("False"),
                                "viewport",
                                Map.of("width", 375, "height", 667),
                                "screenshot",
                                "screen-player-375.png"),
                        Map.of("name", "tampered", "url", tampered, "refused", true),
                        Map.of("name", "expired", "url", expired, "refused", true),
                        Map.of("name", "used", "url", walkUrl, "refused", true))));
        String report = played.toPrettyString();
        for (JsonNode launch : played.path("launches")) {
            assertThat(launch.path("error").isMissingNode())
                    .as("launch %s: %s", launch.path("name").asText(), report)
                    .isTrue();
        }
        String apiOrigin = URI.create(Suite.BASE_URL).getScheme() + "://"
                + URI.create(Suite.BASE_URL).getRawAuthority();

        // The walk: the question answered, the end reached, the events in order to the tenant's page only.
        JsonNode walk = Learners.launch(played, "walk");
        assertThat(walk.path("answered").findValuesAsText("text")).as(report).contains(RIGHT);
        assertThat(walk.path("end").toString()).as(report).contains(LAST);
        List<JsonNode> events = events(walk, apiOrigin, courseId, report);
        List<String> types = events.stream().map(e -> e.path("type").asText()).toList();
        assertThat(types).as(report).startsWith("ready", "course:start").contains("course:progress", "screen:complete");
        assertThat(types).as(report).containsOnlyOnce("ready", "course:start", "course:completed");
        int completedAt = types.indexOf("course:completed");
        assertThat(types.subList(2, completedAt))
                .as(report)
                .isNotEmpty()
                .allMatch(t -> t.equals("course:progress") || t.equals("screen:complete"));
        assertThat(events.get(completedAt).path("percent").asInt()).as(report).isEqualTo(100);
        List<JsonNode> progress = events.stream()
                .filter(e -> e.path("type").asText().equals("course:progress"))
                .toList();
        assertThat(progress.stream().map(e -> e.path("percent").asInt()).toList())
                .as(report)
                .isSorted();
        assertThat(progress.stream().map(e -> e.path("screenIndex").asInt()).toList())
                .as(report)
                .isSorted()
                .contains(2);
        List<String> completedScreens = events.stream()
                .filter(e -> e.path("type").asText().equals("screen:complete"))
                .map(e -> e.path("screenId").asText())
                .toList();
        assertThat(completedScreens).as(report).startsWith("s1", "s2").doesNotHaveDuplicates();

        // The same learner through a new URL comes back to the last screen; at 375 px nothing scrolls sideways.
        JsonNode resume = Learners.launch(played, "resume");
        assertThat(resume.path("headings").toString() + resume.path("text").asText())
                .as(report)
                .contains(LAST);
        assertThat(resume.path("text").asText()).as(report).doesNotContain(INTRO);
        assertThat(resume.path("scroll").path("scrollWidth").asInt())
                .as(report)
                .isPositive()
                .isLessThanOrEqualTo(375);
        assertThat(Path.of(resume.path("screenshot").asText())).exists();
        assertThat(Learners.session(resume).path("progress").path("screenIndex").asInt())
                .as(report)
                .isEqualTo(2);

        // A slow network held the first progress write while the learner pressed on: the later
        // writes did not overtake it, and the learner comes back to the last screen, not the first.
        assertThat(Learners.launch(played, "hurried").path("end").toString())
                .as(report)
                .contains(LAST);
        assertThat(Learners.session(Learners.launch(played, "hurriedBack"))
                        .path("progress")
                        .path("screenIndex")
                        .asInt())
                .as(report)
                .isEqualTo(2);

        // The test key's learner and the deprecated URLs: the same player, the same course.
        JsonNode tested = Learners.launch(played, "test");
        assertThat(events(tested, apiOrigin, courseId, report).stream()
                        .map(e -> e.path("type").asText()))
                .as(report)
                .contains("ready", "course:start", "course:completed");
        for (String name : List.of("view", "url")) {
            JsonNode opened = Learners.launch(played, name);
            assertThat(opened.path("ready").asBoolean()).as(report).isTrue();
            assertThat(opened.path("url").asText()).as(report).startsWith(Suite.BASE_URL + "/play/course");
            assertThat(opened.path("headings").toString() + opened.path("text").asText())
                    .as(report)
                    .contains("Welcome to golf");
            assertThat(events(opened, apiOrigin, courseId, report)
                            .get(0)
                            .path("type")
                            .asText())
                    .isEqualTo("ready");
        }

        // The Screen Player scores the quiz: True passes, False fails.
        JsonNode pass = Learners.launch(played, "pass");
        JsonNode fail = Learners.launch(played, "fail");
        assertThat(pass.path("url").asText()).as(report).startsWith(Suite.BASE_URL + "/play/screen");
        assertThat(pass.path("ready").asBoolean()).as(report).isTrue();
        assertThat(quiz(pass, report).path("passed").asBoolean()).as(report).isTrue();
        assertThat(quiz(pass, report).path("score").asInt()).isEqualTo(100);
        assertThat(quiz(fail, report).path("passed").asBoolean()).as(report).isFalse();
        assertThat(quiz(fail, report).path("score").asInt())
                .isLessThan(quiz(fail, report).path("passPercent").asInt());
        assertThat(fail.path("scroll").path("scrollWidth").asInt())
                .as(report)
                .isPositive()
                .isLessThanOrEqualTo(375);

        // axe-core: no serious or critical violation in the course player (on the question and
        // at 375 px) nor in the Screen Player.
        for (String name : List.of("walk", "resume", "pass")) {
            JsonNode axe = Learners.launch(played, name).path("axe");
            assertThat(axe.path("violations").isArray())
                    .as("axe ran on %s: %s", name, report)
                    .isTrue();
            List<String> serious = new ArrayList<>();
            for (JsonNode violation : axe.path("violations")) {
                if (List.of("serious", "critical")
                        .contains(violation.path("impact").asText())) {
                    serious.add(violation.path("id").asText() + " ("
                            + violation.path("impact").asText() + "): "
                            + violation.path("help").asText() + " " + violation.path("nodes"));
                }
            }
            assertThat(serious).as("axe on %s at %s", name, axe.path("at")).isEmpty();
        }

        // Refused URLs: a page that says why, and nothing of the course.
        Map<String, String> why = Map.of(
                "tampered",
                "(?is).*(invalid|not valid|tamper).*",
                "expired",
                "(?is).*(invalid|not valid|expired|tamper).*",
                "used",
                "(?is).*(already|used).*");
        for (var refused : why.entrySet()) {
            JsonNode page = Learners.launch(played, refused.getKey());
            String said =
                    page.path("headings").toString() + " " + page.path("text").asText() + " " + page.path("alert");
            assertThat(said)
                    .as(report)
                    .matches(refused.getValue())
                    .doesNotContain(INTRO, QUESTION, RIGHT, LAST, "Welcome to golf");
        }
        // The same refusals as the exchange answers them, with their reason.
        exchange(tampered).then().statusCode(401).body("error.reason", equalTo("invalid"));
        assertThat(exchange(expired).then().statusCode(401).extract().jsonPath().getString("error.reason"))
                .isIn("invalid", "expired");
        exchange(walkUrl).then().statusCode(401).body("error.reason", equalTo("used"));

        // Webhooks: once each per learner and course, with the tracking and the issuing key's test mode.
        List<Request> got = Learners.awaitDeliveries(
                receiver,
                hooks,
                List.of(
                        r -> is(r, "course.completed", learner), r -> is(r, "course.completed", tester),
                        r -> is(r, "quiz.completed", passer), r -> is(r, "quiz.failed", failer)));
        String delivered = got.stream().map(Request::body).toList().toString();
        for (Request r : got) {
            assertThat(r.signedWith(secret)).isTrue();
            assertThat(r.header("X-Service-Test-Mode"))
                    .isEqualTo(r.json().path("testMode").asText());
        }
        for (String type : List.of("course.commenced", "course.completed")) {
            Request mine = only(got, r -> is(r, type, learner), type + " of " + learner + " in " + delivered);
            assertThat(mine.json().path("testMode").asBoolean()).isFalse();
            assertThat(mine.json().at("/data/course/id").asLong()).isEqualTo(courseId);
            assertThat(mine.json().at("/data/course/title").asText()).isEqualTo("Player golf " + RUN);
            JsonNode tracking = mine.json().at("/data/tracking");
            assertThat(tracking.path("id").isMissingNode()
                            || tracking.path("id").isNull())
                    .as(delivered)
                    .isFalse();
            assertThat(Instant.parse(tracking.path("commenced").asText()))
                    .isBefore(Instant.now().plusSeconds(5));
            assertThat(tracking.has("totalTime")).as(delivered).isTrue();
            if (type.equals("course.completed")) {
                assertThat(Instant.parse(tracking.path("completed").asText()))
                        .isAfterOrEqualTo(
                                Instant.parse(tracking.path("commenced").asText()));
                assertThat(tracking.path("totalTime").asLong()).isNotNegative();
            }
            Request theirs = only(got, r -> is(r, type, tester), type + " of " + tester + " in " + delivered);
            assertThat(theirs.json().path("testMode").asBoolean())
                    .as("a learner embedded with the test key")
                    .isTrue();
        }
        Request passed = only(got, r -> is(r, "quiz.completed", passer), "quiz.completed in " + delivered);
        assertThat(passed.json().at("/data/screen/id").asLong()).isEqualTo(screenId);
        assertThat(passed.json().at("/data/quiz/passed").asBoolean()).isTrue();
        assertThat(passed.json().at("/data/quiz/score").asInt()).isEqualTo(100);
        assertThat(passed.json().path("testMode").asBoolean()).isFalse();
        Request failed = only(got, r -> is(r, "quiz.failed", failer), "quiz.failed in " + delivered);
        assertThat(failed.json().at("/data/screen/id").asLong()).isEqualTo(screenId);
        assertThat(failed.json().at("/data/quiz/passed").asBoolean()).isFalse();
        assertThat(got).as(delivered).noneMatch(r -> is(r, "quiz.failed", passer) || is(r, "quiz.completed", failer));

        // The tracking API lists each learner's one record.
        Response mine =
                with(live).queryParam("identifier", learner).get("/v1/headless/course/" + courseId + "/tracking");
        mine.then().statusCode(200).header("X-Total-Count", "1");
        JsonPath record = mine.jsonPath();
        assertThat(record.getList("$")).hasSize(1);
        assertThat(record.getLong("[0].courseId")).isEqualTo(courseId);
        assertThat(record.getString("[0].identifier")).isEqualTo(learner);
        assertThat(record.getString("[0].commenced")).isNotNull();
        assertThat(record.getString("[0].completed")).isNotNull();
        assertThat(record.getInt("[0].screenIndex")).isEqualTo(2);
        assertThat(record.getInt("[0].percent")).isEqualTo(100);
        assertThat(record.getBoolean("[0].testMode")).isFalse();
        with(live)
                .queryParam("identifier", tester)
                .get("/v1/headless/course/" + courseId + "/tracking")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "1")
                .body("[0].testMode", equalTo(true));
    }

    private static RequestSpecification with(String authorization) {
        return Suite.ingress().header("Authorization", authorization).contentType(ContentType.JSON);
    }

    private static String courseUrl(String key, Map<String, Object> body) {
        return with(key)
                .body(body)
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(200)
                .contentType(ContentType.TEXT)
                .extract()
                .asString();
    }

    private static String screenUrl(String key, long screenId, String identifier, String parentOrigin) {
        Map<String, Object> body = new HashMap<>(Map.of("action", "view", "id", screenId, "identifier", identifier));
        if (parentOrigin != null) {
            body.put("parentOrigin", parentOrigin);
        }
        String url = with(key)
                .body(body)
                .post("/v1/headless/embed/screen")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(url).matches(Pattern.quote(Suite.BASE_URL + "/play/screen?w=") + "[0-9]+#token=[A-Za-z0-9_.-]+");
        return url;
    }

    private static String token(String url) {
        return url.substring(url.indexOf("#token=") + "#token=".length());
    }

    /** The URL with one claim of its token's payload changed and the signature left as it was. */
    private static String withClaim(String url, String claim, Object value) throws Exception {
        String[] parts = token(url).split("\\.");
        ObjectNode payload = (ObjectNode) JSON.readTree(Base64.getUrlDecoder().decode(parts[1]));
        payload.set(claim, JSON.valueToTree(value));
        parts[1] = Base64.getUrlEncoder().withoutPadding().encodeToString(JSON.writeValueAsBytes(payload));
        return url.substring(0, url.indexOf("#token=") + "#token=".length()) + String.join(".", parts);
    }

    private static Response exchange(String url) {
        return Suite.ingress()
                .contentType(ContentType.JSON)
                .body(Map.of("token", token(url)))
                .post("/v1/headless/player/sessions");
    }

    /** The player's events the tenant's page received: all from the player's origin, in the contract's envelope. */
    private static List<JsonNode> events(JsonNode launch, String apiOrigin, long courseId, String report) {
        List<JsonNode> events = new ArrayList<>();
        for (JsonNode message : launch.path("messages")) {
            assertThat(message.path("origin").asText()).as(report).isEqualTo(apiOrigin);
            JsonNode data = message.path("data");
            assertThat(data.path("source").asText()).as(report).isEqualTo("course-platform");
            assertThat(data.path("version").asInt()).isEqualTo(1);
            assertThat(data.path("courseId").asText()).isEqualTo(Long.toString(courseId));
            events.add(data);
        }
        assertThat(events).as(report).isNotEmpty();
        return events;
    }

    /** The Screen Player's one scored submission (POST /v1/headless/player/quiz). */
    private static JsonNode quiz(JsonNode launch, String report) {
        List<JsonNode> calls = new ArrayList<>();
        for (JsonNode call : launch.path("progress")) {
            if (call.path("path").asText().endsWith("/player/quiz")
                    && call.path("status").asInt() == 200) {
                calls.add(call.path("response"));
            }
        }
        assertThat(calls)
                .as("quiz submissions of %s: %s", launch.path("name").asText(), report)
                .hasSize(1);
        return calls.get(0);
    }

    private static boolean is(Request r, String type, String identifier) {
        JsonNode body = r.json();
        return body.path("type").asText().equals(type)
                && body.at("/data/tracking/identifier").asText().equals(identifier);
    }

    private static Request only(List<Request> all, Predicate<Request> which, String description) {
        List<Request> matching = all.stream().filter(which).toList();
        assertThat(matching).as(description).hasSize(1);
        return matching.get(0);
    }
}

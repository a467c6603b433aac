package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The course builder and the library screen editor through the ingress and a real browser
 * (src/test/js/course-builder.mjs: playwright-core driving Debian's chromium, axe-core). An author
 * opens an {@code edit} URL of a published course, adds a screen from the layout picker, edits a
 * flip card and a question, reorders the screens from the keyboard, undoes, sees the autosave land,
 * meets two conflicts made by concurrent saves through the course API (an agent would make the same
 * through the gateway) and resolves one each way, previews and publishes; a learner's new
 * {@code view} URL then shows the new version. A Classic course opened for editing is converted
 * through the migration preview. A library screen is edited through {@code /embed/screen} and
 * another one made through the picker. A {@code view} URL never opens the builder. axe-core finds
 * no serious or critical violation in the builder, the picker and the screen editor.
 */
class BuilderIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RUN = Long.toString(System.nanoTime(), 36);
    private static final String WELCOME = "Welcome to the range";
    private static final String CHECK = "Check your swing";
    private static final String ADDED = "Key terms";
    private static final String FRONT = "Birdie " + RUN;
    private static final String BACK = "One stroke under par";
    private static final String PROMPT = "Which club sends the ball furthest, " + RUN + "?";
    private static final String ANSWER = "A fairway wood";
    private static final String AGENT_TITLE = "Range basics by an agent " + RUN;
    private static final String MINE = "Range basics by the author " + RUN;
    private static final String DOCUMENT = """
            {"format":"builder2","title":"Range basics %s","description":"","locale":"en","screens":[
             {"id":"s1","type":"blocks","title":"%s","elements":[
               {"id":"e1","type":"text","title":"Intro","description":"<p>Warm up before you swing.</p>"}]},
             {"id":"s2","type":"blocksQuiz","title":"%s","elements":[{"id":"q1","type":"question",
               "question":"Which club goes furthest?","answers":[{"id":"a1","text":"Driver","correct":true},
               {"id":"a2","text":"Putter","correct":false}]}]}]}""".formatted(RUN, WELCOME, CHECK);
    private static final String CLASSIC = """
            {"format":"classic","title":"Old range %s","slides":[
              {"id":101,"kind":"content","heading":"Old welcome","body":"<p>Hello</p>"},
              {"id":103,"kind":"quiz","heading":"Old check","questions":[{"id":7,"prompt":"Par?",
                "choices":[{"id":1,"text":"Expected strokes","correct":true},{"id":2,"text":"A club","correct":false}]}]}]}""".formatted(RUN);

    @Test
    void anAuthorBuildsACourseAndLibraryScreensInTheBrowser() throws Exception {
        long ws = Suite.workspace("build");
        String live = Suite.key(ws, "live")[1];

        long courseId = with(live)
                .body("{\"identifier\":\"author\",\"document\":" + DOCUMENT + "}")
                .post("/v1/headless/courses/import")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        with(live).post("/v1/headless/course/" + courseId + "/publish").then().statusCode(200);
        long classicId = with(live)
                .body("{\"identifier\":\"author\",\"document\":" + CLASSIC + "}")
                .post("/v1/headless/courses/import")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        long libraryId = with(live)
                .body(Map.of("layoutId", "callout", "identifier", "author"))
                .post("/v1/headless/screen")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");

        String editUrl = embed(
                live,
                "/v1/headless/embed/course",
                Map.of("action", "edit", "courseId", courseId, "identifier", "author"));
        String classicUrl = embed(
                live,
                "/v1/headless/embed/course",
                Map.of("action", "edit", "courseId", classicId, "identifier", "author"));
        String screenUrl =
                embed(live, "/embed/screen", Map.of("action", "edit", "id", libraryId, "identifier", "author"));
        String pickerUrl = embed(live, "/v1/headless/embed/screen", Map.of("action", "edit", "identifier", "author"));
        String oldLearnerUrl =
                embed(live, "/v1/headless/embed/course", Map.of("courseId", courseId, "identifier", "early-" + RUN));
        for (String url : List.of(editUrl, classicUrl)) {
            assertThat(url).matches(Pattern.quote(Suite.BASE_URL + "/play/builder?w=" + ws) + "#token=[A-Za-z0-9_.-]+");
        }
        for (String url : List.of(screenUrl, pickerUrl)) {
            assertThat(url)
                    .matches(Pattern.quote(Suite.BASE_URL + "/play/screen-editor?w=" + ws) + "#token=[A-Za-z0-9_.-]+");
        }
        // A learner's link pasted into the builder: refused, and still good for learning.
        String learnerUrl =
                embed(live, "/v1/headless/embed/course", Map.of("courseId", courseId, "identifier", "pasted-" + RUN));
        exchange(learnerUrl, "edit").then().statusCode(403).body("error.reason", equalTo("view_only"));
        String viewInBuilder = Suite.BASE_URL + "/play/builder?w=" + ws + learnerUrl.substring(learnerUrl.indexOf('#'));

        List<Map<String, Object>> author = new ArrayList<>(List.of(
                Map.of("do", "open", "url", editUrl, "viewport", Map.of("width", 1280, "height", 900)),
                Map.of("do", "options", "listbox", "Screens", "as", "initial"),
                Map.of("do", "axe", "as", "builder"),
                Map.of("do", "click", "role", "option", "name", WELCOME),
                Map.of("do", "click", "name", "Add screen"),
                Map.of("do", "see", "role", "dialog", "name", "Add a screen after “" + WELCOME + "”"),
                Map.of("do", "axe", "as", "picker"),
                Map.of("do", "click", "role", List.of("option", "button", "radio"), "name", "Flip cards"),
                Map.of("do", "gone", "role", "dialog", "name", "Add a screen after “" + WELCOME + "”"),
                Map.of("do", "options", "listbox", "Screens", "as", "added"),
                Map.of("do", "fill", "label", "Front", "value", FRONT),
                Map.of("do", "fill", "label", "Back", "value", BACK),
                Map.of("do", "click", "role", "option", "name", CHECK),
                Map.of("do", "fill", "label", "Question", "value", PROMPT),
                Map.of("do", "fill", "label", "Answer 2", "value", ANSWER),
                Map.of("do", "axe", "as", "question"),
                Map.of("do", "focus", "role", "option", "name", CHECK),
                Map.of("do", "press", "key", "Alt+ArrowUp"),
                Map.of("do", "options", "listbox", "Screens", "as", "reordered"),
                Map.of("do", "click", "name", "Undo"),
                Map.of("do", "options", "listbox", "Screens", "as", "undone"),
                Map.of("do", "status", "matches", "^Saved at", "timeout", 20000, "as", "saved")));
        author.addAll(List.of(
                // Someone else saves; the author's next change meets it and takes theirs.
                Map.of(
                        "do",
                        "save",
                        "api",
                        Suite.BASE_URL,
                        "key",
                        live,
                        "courseId",
                        courseId,
                        "set",
                        Map.of("title", AGENT_TITLE),
                        "as",
                        "agent1"),
                Map.of("do", "fill", "label", "Course title", "value", "Lost on purpose " + RUN),
                Map.of("do", "click", "name", "Reload theirs"),
                // Theirs may still be on its way when the author chooses it: read once it shows.
                Map.of("do", "value", "label", "Course title", "as", "reloaded", "until", AGENT_TITLE),
                // Again; this time the author keeps their own version.
                Map.of(
                        "do",
                        "save",
                        "api",
                        Suite.BASE_URL,
                        "key",
                        live,
                        "courseId",
                        courseId,
                        "set",
                        Map.of("description", "Overwritten " + RUN),
                        "as",
                        "agent2"),
                Map.of("do", "fill", "label", "Course title", "value", MINE),
                Map.of("do", "click", "name", "Keep mine"),
                Map.of("do", "status", "matches", "^Saved at", "timeout", 20000, "as", "kept"),
                Map.of("do", "click", "role", "option", "name", WELCOME),
                Map.of("do", "click", "name", "Preview"),
                Map.of("do", "see", "text", "Warm up before you swing."),
                Map.of("do", "text", "as", "preview"),
                Map.of("do", "click", "name", "Close preview"),
                Map.of("do", "click", "name", "Publish"),
                Map.of("do", "see", "text", "Published"),
                Map.of("do", "screenshot", "file", "builder-1280.png"),
                Map.of("do", "viewport", "width", 375, "height", 740),
                Map.of("do", "screenshot", "file", "builder-375.png"),
                Map.of("do", "axe", "as", "builder375")));
        List<Map<String, Object>> learner = List.of(
                Map.of(
                        "do",
                        "open",
                        "url",
                        embed(
                                live,
                                "/v1/headless/embed/course",
                                Map.of("courseId", courseId, "identifier", "later-" + RUN)),
                        "viewport",
                        Map.of("width", 1280, "height", 900)),
                Map.of("do", "see", "text", WELCOME),
                Map.of("do", "click", "name", "Next"),
                Map.of("do", "see", "text", FRONT),
                Map.of("do", "text", "as", "second"));
        List<Map<String, Object>> classic = List.of(
                Map.of("do", "open", "url", classicUrl),
                Map.of("do", "click", "name", "Preview conversion"),
                Map.of("do", "see", "text", "Old welcome"),
                Map.of("do", "click", "name", "Keep the conversion"),
                Map.of("do", "options", "listbox", "Screens", "as", "converted"));
        List<Map<String, Object>> library = List.of(
                Map.of("do", "open", "url", screenUrl),
                Map.of("do", "fill", "label", "Screen title", "value", "Library takeaway " + RUN),
                Map.of("do", "status", "matches", "^Saved at", "timeout", 20000),
                Map.of("do", "axe", "as", "screenEditor"));
        List<Map<String, Object>> picked = List.of(
                Map.of("do", "open", "url", pickerUrl),
                Map.of("do", "see", "role", "dialog", "name", "Choose a layout"),
                Map.of("do", "axe", "as", "screenPicker"),
                Map.of("do", "click", "role", List.of("option", "button", "radio"), "name", "Key takeaway"),
                Map.of("do", "fill", "label", "Screen title", "value", "Picked takeaway " + RUN),
                Map.of("do", "status", "matches", "^Saved at", "timeout", 20000));
        List<Map<String, Object>> refused = List.of(
                Map.of("do", "open", "url", viewInBuilder),
                Map.of("do", "see", "text", "editing"),
                Map.of("do", "text", "as", "page"));
        Path out = Path.of("target/course-builder").toAbsolutePath();
        JsonNode done = drive(Map.of(
                "outDir",
                out.toString(),
                "runs",
                List.of(
                        Map.of("name", "author", "steps", author), Map.of("name", "learner", "steps", learner),
                        Map.of("name", "classic", "steps", classic), Map.of("name", "library", "steps", library),
                        Map.of("name", "picked", "steps", picked), Map.of("name", "refused", "steps", refused))));
        String report = done.toPrettyString();
        for (JsonNode run : done.path("runs")) {
            assertThat(run.path("error").isMissingNode())
                    .as("run %s: %s", run.path("name").asText(), report)
                    .isTrue();
        }

        // The picker put the new screen after the selected one; Alt+↑ moved the quiz up; Undo put it back.
        JsonNode values = run(done, "author").path("values");
        assertThat(names(values.path("initial"))).as(report).containsExactly(WELCOME, CHECK);
        assertThat(names(values.path("added"))).as(report).containsExactly(WELCOME, ADDED, CHECK);
        assertThat(names(values.path("reordered"))).as(report).containsExactly(WELCOME, CHECK, ADDED);
        assertThat(names(values.path("undone"))).as(report).containsExactly(WELCOME, ADDED, CHECK);
        // Every save named its revision; the two concurrent saves went through; theirs was reloaded.
        JsonNode calls = run(done, "author").path("calls");
        List<JsonNode> saves = new ArrayList<>();
        calls.forEach(call -> {
            if (call.path("method").asText().equals("PUT")
                    && call.path("path").asText().endsWith("/editor/course/content")) {
                saves.add(call);
            }
        });
        assertThat(saves)
                .as(report)
                .isNotEmpty()
                .allMatch(call -> call.path("ifMatch").asText().matches("\"[0-9]+\""));
        assertThat(saves.stream().map(call -> call.path("status").asInt()))
                .as(report)
                .contains(200, 412);
        assertThat(values.at("/agent1/status").asInt()).as(report).isEqualTo(200);
        assertThat(values.at("/agent2/status").asInt()).as(report).isEqualTo(200);
        assertThat(values.path("reloaded").asText()).as(report).isEqualTo(AGENT_TITLE);
        assertThat(values.path("preview").asText()).as(report).contains(WELCOME);

        // The draft is the author's, published; the learner's new URL shows the new version.
        JsonPath draft = with(live)
                .get("/v1/headless/course/" + courseId + "/content")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(draft.getString("document.title")).isEqualTo(MINE);
        assertThat(draft.getString("document.description"))
                .as("Keep mine saved over the second writer")
                .isNotEqualTo("Overwritten " + RUN);
        assertThat(draft.getList("document.screens.title")).containsExactly(WELCOME, ADDED, CHECK);
        assertThat(draft.getString("document.screens[1].elements.find { it.type == 'flipcard' }.title"))
                .isEqualTo(FRONT);
        assertThat(draft.getString("document.screens[1].elements.find { it.type == 'flipcard' }.cardBack"))
                .isEqualTo(BACK);
        assertThat(draft.getString("document.screens[2].elements[0].question")).isEqualTo(PROMPT);
        assertThat(draft.getString("document.screens[2].elements[0].answers[1].text"))
                .isEqualTo(ANSWER);
        assertThat(draft.getList("document.screens.id", String.class))
                .as("the layout's screen got a fresh id")
                .startsWith("s1")
                .endsWith("s2")
                .doesNotHaveDuplicates()
                .doesNotContain("screen-1");
        with(live)
                .get("/v1/headless/courses/" + courseId)
                .then()
                .statusCode(200)
                .body("published", equalTo(true))
                .body("title", equalTo(MINE));
        assertThat(run(done, "learner").path("values").path("second").asText())
                .as(report)
                .contains(FRONT);
        // A URL issued before publishing plays what is published when it is opened.
        JsonPath old =
                exchange(oldLearnerUrl, null).then().statusCode(201).extract().jsonPath();
        assertThat(old.getList("document.screens.title")).containsExactly(WELCOME, ADDED, CHECK);

        // The builder at 375 px: nothing scrolls sideways.
        assertThat(values.path("scrollWidth:builder-375.png").asInt())
                .as(report)
                .isPositive()
                .isLessThanOrEqualTo(375);
        assertThat(Path.of(values.path("screenshot:builder-375.png").asText())).exists();

        // Classic → Builder 2 through the migration preview, identities kept.
        assertThat(names(run(done, "classic").path("values").path("converted")))
                .as(report)
                .containsExactly("Old welcome", "Old check");
        with(live)
                .get("/v1/headless/courses/" + classicId)
                .then()
                .statusCode(200)
                .body("format", equalTo("builder2"));

        // The library screens: the edited one and the picked one carry their new titles.
        assertThat(libraryTitle(live, libraryId)).isEqualTo("Library takeaway " + RUN);
        long pickedId = pickedScreen(run(done, "picked"), report);
        assertThat(pickedId).isNotEqualTo(libraryId);
        assertThat(libraryTitle(live, pickedId)).isEqualTo("Picked takeaway " + RUN);

        // A view URL opened as the builder: a page that says why, and nothing of the course.
        String page = run(done, "refused").path("values").path("page").asText();
        assertThat(page).as(report).containsIgnoringCase("edit").doesNotContain(WELCOME, CHECK);

        // axe-core: no serious or critical violation in the builder, the picker, the screen editor.
        for (var named : List.of(
                List.of("author", "builder"),
                List.of("author", "picker"),
                List.of("author", "question"),
                List.of("author", "builder375"),
                List.of("library", "screenEditor"),
                List.of("picked", "screenPicker"))) {
            JsonNode axe = run(done, named.get(0)).path("values").path("axe:" + named.get(1));
            assertThat(axe.isArray()).as("axe ran on %s: %s", named, report).isTrue();
            List<String> serious = new ArrayList<>();
            for (JsonNode violation : axe) {
                if (List.of("serious", "critical")
                        .contains(violation.path("impact").asText())) {
                    serious.add(violation.path("id").asText() + ": "
                            + violation.path("help").asText() + " " + violation.path("nodes"));
                }
            }
            assertThat(serious).as("axe on %s", named).isEmpty();
        }
    }

    private static RequestSpecification with(String authorization) {
        return Suite.ingress().header("Authorization", authorization).contentType(ContentType.JSON);
    }

    private static String embed(String key, String path, Map<String, Object> body) {
        return with(key)
                .body(body)
                .post(path)
                .then()
                .statusCode(200)
                .contentType(ContentType.TEXT)
                .extract()
                .asString();
    }

    private static Response exchange(String url, String intent) {
        Map<String, Object> body =
                new HashMap<>(Map.of("token", url.substring(url.indexOf("#token=") + "#token=".length())));
        if (intent != null) {
            body.put("intent", intent);
        }
        return Suite.ingress().contentType(ContentType.JSON).body(body).post("/v1/headless/player/sessions");
    }

    /** The title of a library screen as a learner's Screen Player session shows it. */
    private static String libraryTitle(String key, long screenId) {
        String url =
                embed(key, "/embed/screen", Map.of("action", "view", "id", screenId, "identifier", "reader-" + RUN));
        return exchange(url, null).then().statusCode(201).extract().jsonPath().getString("document.screens[0].title");
    }

    /** The screen the picker made: the editor API's POST /screen answer. */
    private static long pickedScreen(JsonNode run, String report) {
        for (JsonNode call : run.path("calls")) {
            if (call.path("method").asText().equals("POST")
                    && call.path("path").asText().endsWith("/editor/screen")) {
                assertThat(call.path("status").asInt()).as(report).isEqualTo(201);
                return call.at("/response/screens/0/id").asLong();
            }
        }
        throw new AssertionError("the picker made no screen: " + report);
    }

    /** Option names as the listbox shows them, without any numbering the page puts in front. */
    private static List<String> names(JsonNode options) {
        List<String> names = new ArrayList<>();
        options.forEach(o -> names.add(o.asText().replaceFirst("^\\d+[.:)]?\\s+", "")));
        return names;
    }

    private static JsonNode run(JsonNode done, String name) {
        for (JsonNode run : done.path("runs")) {
            if (run.path("name").asText().equals(name)) {
                return run;
            }
        }
        throw new AssertionError("no run " + name + " in " + done);
    }

    /** Runs src/test/js/course-builder.mjs with node, its npm packages installed under target/browser. */
    static JsonNode drive(Map<String, Object> plan) throws Exception {
        String out = NodeScripts.browser(
                "course-builder.mjs",
                List.of("playwright-core", "axe-core"),
                Duration.ofMinutes(6),
                JSON.writeValueAsString(plan));
        Files.createDirectories(Path.of("target/course-builder"));
        Files.writeString(Path.of("target/course-builder/report.json"), out, StandardCharsets.UTF_8);
        return JSON.readTree(out);
    }
}

package org.courseplatform.courses.theme;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.courseplatform.courses.course.CourseLifecycleTest.BUILDER2;
import static org.courseplatform.courses.course.CourseLifecycleTest.CLASSIC;
import static org.courseplatform.courses.course.CourseLifecycleTest.importCourse;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.util.List;
import javax.imageio.ImageIO;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.courseplatform.courses.course.AgentTenancyTest;
import org.courseplatform.courses.course.DraftRevisionTest;
import org.courseplatform.courses.editor.EditorResourceTest;
import org.courseplatform.courses.player.CoursePlayerTest;
import org.courseplatform.platform.testing.TestKafka;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/**
 * Themes (docs/themes.md): the built-in catalogue, workspace themes with their tenancy, limits and
 * validation, the preview image, applying a theme to a course, and the player and builder
 * answering the resolved theme.
 */
@QuarkusTest
public class ThemesTest {

    public static final int BUILT_INS = 12;
    public static final String OCEANIC =
            "{\"name\":\"Oceanic\",\"colors\":{\"primary\":\"#0B5394\",\"background\":\"#ffffff\","
                    + "\"surface\":\"#f3f6fa\",\"text\":\"#102030\",\"accent\":\"#0f766e\"},"
                    + "\"fonts\":{\"heading\":\"serif\",\"body\":\"humanist\"},\"cornerStyle\":\"pill\"%s}";

    public static RequestSpecification as(String key) {
        return given().header("Authorization", key).contentType(ContentType.JSON);
    }

    public static String oceanic(String tenant) {
        return OCEANIC.formatted(tenant == null ? "" : ",\"clientIdentifier\":\"" + tenant + "\"");
    }

    public static long createTheme(String key, String tenant) {
        return as(key).body(oceanic(tenant))
                .post("/v1/headless/themes")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    public static long revision(String key, long courseId) {
        return DraftRevisionTest.revision(key, courseId);
    }

    public static Response applyTheme(String key, long courseId, String themeId, String ifMatch) {
        RequestSpecification call = as(key).body("{\"themeId\":" + themeId + "}");
        if (ifMatch != null) {
            call.header("If-Match", ifMatch);
        }
        return call.put("/v1/headless/course/" + courseId + "/theme");
    }

    @Test
    void theCatalogueListsTheBuiltInsFirstWithPreviewUrls() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        Response list = given().header("Authorization", key).get("/v1/headless/themes");
        list.then()
                .statusCode(200)
                .header("X-Total-Count", String.valueOf(BUILT_INS))
                .body("size()", equalTo(BUILT_INS))
                .body("[0].id", equalTo(1))
                .body("[0].builtIn", equalTo(true))
                .body("[0].clientIdentifier", nullValue())
                .body("[0].name", equalTo("Indigo"))
                .body("[0].colors.primary", equalTo("#4f46e5"))
                .body("[0].fonts.heading", equalTo("system-sans"))
                .body("[0].cornerStyle", equalTo("rounded"))
                .body("[0].previewUrl", equalTo(CoursePlayerTest.base() + "/v1/headless/themes/1/preview.png"))
                .body("[" + (BUILT_INS - 1) + "].id", equalTo(BUILT_INS));
        given().header("Authorization", key)
                .get("/v1/headless/themes/8")
                .then()
                .statusCode(200)
                .body("name", equalTo("Terminal"))
                .body("fonts.body", equalTo("mono"))
                .body("builtIn", equalTo(true));
        // Paging runs over built-ins then workspace themes.
        long own = createTheme(key, null);
        given().header("Authorization", key)
                .queryParam("page", 1)
                .queryParam("length", 10)
                .get("/v1/headless/themes")
                .then()
                .statusCode(200)
                .header("X-Total-Count", String.valueOf(BUILT_INS + 1))
                .body("size()", equalTo(BUILT_INS - 10 + 1))
                .body("[" + (BUILT_INS - 10) + "].id", equalTo((int) own));
        given().header("Authorization", key)
                .get("/v1/headless/themes/" + (BUILT_INS + 1))
                .then()
                .statusCode(404);
        given().header("Authorization", key)
                .get("/v1/headless/themes/abc")
                .then()
                .statusCode(400);
        given().header("Authorization", key)
                .queryParam("length", "x")
                .get("/v1/headless/themes")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("length"));
        given().header("Authorization", TestKeys.header(ws, "starter", "", "", "live"))
                .get("/v1/headless/themes")
                .then()
                .statusCode(403);
    }

    @Test
    void aWorkspaceThemeIsCreatedReadChangedAndDeleted() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        Response created = as(key).body(oceanic("t1")).post("/v1/headless/themes");
        created.then()
                .statusCode(201)
                .body("id", greaterThanOrEqualTo(1000))
                .body("builtIn", equalTo(false))
                .body("clientIdentifier", equalTo("t1"))
                .body("name", equalTo("Oceanic"))
                .body("colors.primary", equalTo("#0b5394"))
                .body("fonts.heading", equalTo("serif"))
                .body("cornerStyle", equalTo("pill"))
                .body("createdAt", not(nullValue()));
        long id = created.jsonPath().getLong("id");
        assertThat(created.jsonPath().getString("previewUrl"))
                .isEqualTo(CoursePlayerTest.base() + "/v1/headless/themes/" + id + "/preview.png");
        given().header("Authorization", key)
                .get("/v1/headless/themes/" + id)
                .then()
                .statusCode(200)
                .body("name", equalTo("Oceanic"));
        given().header("Authorization", key)
                .get("/v1/headless/themes")
                .then()
                .statusCode(200)
                .header("X-Total-Count", String.valueOf(BUILT_INS + 1))
                .body("id", hasItem((int) id));

        // A patch changes what it names; a colour or font left out keeps its value.
        as(key).body("{\"name\":\"Oceanic 2\",\"colors\":{\"primary\":\"#7C2D12\"},\"fonts\":{\"body\":\"mono\"}}")
                .patch("/v1/headless/themes/" + id)
                .then()
                .statusCode(200)
                .body("name", equalTo("Oceanic 2"))
                .body("colors.primary", equalTo("#7c2d12"))
                .body("colors.background", equalTo("#ffffff"))
                .body("fonts.heading", equalTo("serif"))
                .body("fonts.body", equalTo("mono"))
                .body("cornerStyle", equalTo("pill"));
        as(key).body("{\"cornerStyle\":\"square\"}")
                .patch("/v1/headless/themes/" + id)
                .then()
                .statusCode(200)
                .body("cornerStyle", equalTo("square"))
                .body("name", equalTo("Oceanic 2"));

        given().header("Authorization", key)
                .delete("/v1/headless/themes/" + id)
                .then()
                .statusCode(204);
        given().header("Authorization", key)
                .get("/v1/headless/themes/" + id)
                .then()
                .statusCode(404);
        given().header("Authorization", key)
                .delete("/v1/headless/themes/" + id)
                .then()
                .statusCode(404);
    }

    @Test
    void anotherTenantsOrWorkspacesThemeIsUnknown() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = createTheme(key, "t1");
        for (String tenant : List.of("t2")) {
            given().header("Authorization", key)
                    .queryParam("clientIdentifier", tenant)
                    .get("/v1/headless/themes/" + id)
                    .then()
                    .statusCode(404);
            as(key).queryParam("clientIdentifier", tenant)
                    .body("{\"name\":\"X\"}")
                    .patch("/v1/headless/themes/" + id)
                    .then()
                    .statusCode(404);
            given().header("Authorization", key)
                    .queryParam("clientIdentifier", tenant)
                    .delete("/v1/headless/themes/" + id)
                    .then()
                    .statusCode(404);
            given().header("Authorization", key)
                    .queryParam("clientIdentifier", tenant)
                    .get("/v1/headless/themes")
                    .then()
                    .statusCode(200)
                    .header("X-Total-Count", String.valueOf(BUILT_INS))
                    .body("id", not(hasItem((int) id)));
        }
        given().header("Authorization", key)
                .queryParam("clientIdentifier", "t1")
                .get("/v1/headless/themes/" + id)
                .then()
                .statusCode(200);
        String other = TestKeys.enterprise(TestKeys.newWorkspace());
        given().header("Authorization", other)
                .get("/v1/headless/themes/" + id)
                .then()
                .statusCode(404);
        given().header("Authorization", other)
                .get("/v1/headless/themes/" + id + "/preview.png")
                .then()
                .statusCode(404);
        // An agent sees its own tenant's themes only, and creates only there.
        String agentT2 = AgentTenancyTest.agent(ws, "agent-1", "t2");
        given().auth().oauth2(agentT2).get("/v1/headless/themes/" + id).then().statusCode(404);
        AgentTenancyTest.as(agentT2)
                .body(oceanic("t1"))
                .post("/v1/headless/themes")
                .then()
                .statusCode(403);
        AgentTenancyTest.as(agentT2)
                .body(oceanic(null))
                .post("/v1/headless/themes")
                .then()
                .statusCode(201)
                .body("clientIdentifier", equalTo("t2"));
        String agentT1 = AgentTenancyTest.agent(ws, "agent-2", "t1");
        given().auth().oauth2(agentT1).get("/v1/headless/themes/" + id).then().statusCode(200);
    }

    @Test
    void everyBadFieldIs400NamingItAndBuiltInsCannotChange() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        String[][] cases = {
            {
                "{\"colors\":{\"primary\":\"#0b5394\",\"background\":\"#ffffff\",\"surface\":\"#ffffff\",\"text\":\"#000000\",\"accent\":\"#000000\"},\"fonts\":{\"heading\":\"serif\",\"body\":\"serif\"},\"cornerStyle\":\"pill\"}",
                "name"
            },
            {oceanic(null).replace("\"Oceanic\"", "\"" + "x".repeat(101) + "\""), "name"},
            {oceanic(null).replace("\"#0B5394\"", "\"blue\""), "colors.primary"},
            {oceanic(null).replace("\"#102030\"", "\"#1020\""), "colors.text"},
            {oceanic(null).replace(",\"accent\":\"#0f766e\"", ""), "colors.accent"},
            {oceanic(null).replace("\"humanist\"", "\"Comic Sans\""), "fonts.body"},
            {oceanic(null).replace("\"pill\"", "\"round\""), "cornerStyle"},
            {oceanic(null).replace(",\"fonts\":{\"heading\":\"serif\",\"body\":\"humanist\"}", ""), "fonts"},
            // Light grey text on white is unreadable (2.3:1).
            {oceanic(null).replace("\"#102030\"", "\"#aaaaaa\""), "colors.text"},
            // Neither white nor dark text reads on a mid grey.
            {oceanic(null).replace("\"#0B5394\"", "\"#808080\""), "colors.primary"},
            {oceanic(null).replace("\"Oceanic\"", "\"Oceanic\",\"clientIdentifier\":\"\""), "clientIdentifier"},
        };
        for (String[] c : cases) {
            assertThat(c[0]).as("case %s changes the body", c[1]).isNotEqualTo(oceanic(null));
            as(key).body(c[0])
                    .post("/v1/headless/themes")
                    .then()
                    .statusCode(400)
                    .body("error.code", equalTo("BAD_REQUEST"))
                    .body("details.field", hasItem(c[1]));
        }
        // Unknown fields are refused too (strict JSON).
        as(key).body(oceanic(null).replace("\"pill\"", "\"pill\",\"logo\":\"x\""))
                .post("/v1/headless/themes")
                .then()
                .statusCode(400);
        long id = createTheme(key, null);
        as(key).body("{\"colors\":{\"text\":\"#eeeeee\"}}")
                .patch("/v1/headless/themes/" + id)
                .then()
                .statusCode(400)
                .body("details.field", hasItem("colors.text"));
        as(key).body("{\"name\":\"" + "y".repeat(101) + "\"}")
                .patch("/v1/headless/themes/" + id)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("name"));
        given().header("Authorization", key)
                .get("/v1/headless/themes/" + id)
                .then()
                .body("colors.text", equalTo("#102030"));

        as(key).body("{\"name\":\"Mine\"}")
                .patch("/v1/headless/themes/3")
                .then()
                .statusCode(409)
                .body("error.code", equalTo("CONFLICT"));
        given().header("Authorization", key)
                .delete("/v1/headless/themes/3")
                .then()
                .statusCode(409);
        given().header("Authorization", key)
                .get("/v1/headless/themes/3")
                .then()
                .statusCode(200)
                .body("name", equalTo("Forest"));
    }

    @Test
    void aWorkspaceHasAtMost200Themes() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        for (int i = 0; i < 200; i++) {
            createTheme(key, i % 2 == 0 ? null : "t" + i);
        }
        as(key).body(oceanic("other"))
                .post("/v1/headless/themes")
                .then()
                .statusCode(409)
                .body("message", containsString("200"));
        given().header("Authorization", key)
                .get("/v1/headless/themes")
                .then()
                .header("X-Total-Count", String.valueOf(BUILT_INS + 200));
    }

    @Test
    void thePreviewIsAPngOfTheThemeWithAnETag() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        Response builtIn = given().header("Authorization", key).get("/v1/headless/themes/2/preview.png");
        builtIn.then().statusCode(200).contentType("image/png").header("Cache-Control", containsString("private"));
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(builtIn.asByteArray()));
        assertThat(image.getWidth()).isEqualTo(480);
        assertThat(image.getHeight()).isEqualTo(300);
        assertThat(image.getRGB(4, 4) & 0xffffff).isEqualTo(0x0f172a);
        String etag = builtIn.header("ETag");
        assertThat(etag).matches("\"[0-9a-f]{24}\"");
        given().header("Authorization", key)
                .header("If-None-Match", etag)
                .get("/v1/headless/themes/2/preview.png")
                .then()
                .statusCode(304);

        long id = createTheme(key, null);
        Response own = given().header("Authorization", key).get("/v1/headless/themes/" + id + "/preview.png");
        own.then().statusCode(200).contentType("image/png");
        assertThat(ImageIO.read(new ByteArrayInputStream(own.asByteArray())).getRGB(4, 4) & 0xffffff)
                .isEqualTo(0xffffff);
        as(key).body("{\"colors\":{\"background\":\"#fdf6e3\"}}")
                .patch("/v1/headless/themes/" + id)
                .then()
                .statusCode(200);
        Response changed = given().header("Authorization", key)
                .header("If-None-Match", own.header("ETag"))
                .get("/v1/headless/themes/" + id + "/preview.png");
        changed.then().statusCode(200);
        assertThat(changed.header("ETag")).isNotEqualTo(own.header("ETag"));
        assertThat(ImageIO.read(new ByteArrayInputStream(changed.asByteArray())).getRGB(4, 4) & 0xffffff)
                .isEqualTo(0xfdf6e3);
        given().header("Authorization", key)
                .get("/v1/headless/themes/999/preview.png")
                .then()
                .statusCode(404);
    }

    @Test
    void applyingAThemeStoresItInTheDraftAndBumpsTheRevision() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long course = importCourse(
                key,
                "a",
                "t1",
                BUILDER2.replace("\"locale\":\"en\",", "\"locale\":\"en\",\"theme\":{\"colorPrimary\":\"#0a7f3c\"},"));
        long before = revision(key, course);
        Response applied = applyTheme(key, course, "4", null);
        applied.then().statusCode(200).body("courseId", equalTo((int) course)).body("themeId", equalTo(4));
        long after = applied.jsonPath().getLong("revision");
        assertThat(after).isGreaterThan(before);
        assertThat(applied.header("ETag")).isEqualTo("\"" + after + "\"");
        given().header("Authorization", key)
                .get("/v1/headless/course/" + course + "/content")
                .then()
                .statusCode(200)
                .body("revision", equalTo((int) after))
                .body("document.theme.themeId", equalTo(4))
                .body("document.theme.colorPrimary", equalTo("#0a7f3c"));

        // If-Match: a stale revision is 412 and changes nothing; the current one applies.
        applyTheme(key, course, "5", "\"" + before + "\"")
                .then()
                .statusCode(412)
                .body("error.code", equalTo("PRECONDITION_FAILED"))
                .body("details[0].field", equalTo("If-Match"));
        long own = createTheme(key, "t1");
        Response second = applyTheme(key, course, String.valueOf(own), "\"" + after + "\"");
        second.then().statusCode(200).body("themeId", equalTo((int) own));
        assertThat(second.jsonPath().getLong("revision")).isGreaterThan(after);

        // Unknown themes, another tenant's theme and bad ids.
        long otherTenant = createTheme(key, "t2");
        applyTheme(key, course, String.valueOf(otherTenant), null).then().statusCode(404);
        applyTheme(key, course, "999", null).then().statusCode(404);
        applyTheme(key, course, "424242", null).then().statusCode(404);
        applyTheme(key, course, "0", null).then().statusCode(400).body("details[0].field", equalTo("themeId"));
        applyTheme(key, course, "\"blue\"", null).then().statusCode(400);
        as(key).queryParam("clientIdentifier", "t2")
                .body("{\"themeId\":4}")
                .put("/v1/headless/course/" + course + "/theme")
                .then()
                .statusCode(404);
        given().header("Authorization", key)
                .get("/v1/headless/course/" + course + "/content")
                .then()
                .body("document.theme.themeId", equalTo((int) own));

        // null clears it; the colour stays.
        applyTheme(key, course, "null", null).then().statusCode(200).body("themeId", nullValue());
        given().header("Authorization", key)
                .get("/v1/headless/course/" + course + "/content")
                .then()
                .body("document.theme.themeId", nullValue())
                .body("document.theme.colorPrimary", equalTo("#0a7f3c"));

        long classic = importCourse(key, "a", null, CLASSIC);
        applyTheme(key, classic, "4", null).then().statusCode(422);

        // Each application is a draft change: course.updated.
        assertThat(eventTypes(course, 4))
                .containsSubsequence("course.created", "course.updated", "course.updated", "course.updated");
    }

    @Test
    void aDocumentMayNameAThemeButOnlyByAPositiveId() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long course = importCourse(key, "a", null, BUILDER2);
        for (String bad : List.of("0", "-3", "\"4\"", "1.5")) {
            as(key).body("{\"document\":"
                            + BUILDER2.replace(
                                    "\"locale\":\"en\",", "\"locale\":\"en\",\"theme\":{\"themeId\":" + bad + "},")
                            + "}")
                    .put("/v1/headless/course/" + course + "/content")
                    .then()
                    .statusCode(400)
                    .body("details[0].field", equalTo("document.theme.themeId"));
        }
        as(key).body("{\"document\":"
                        + BUILDER2.replace("\"locale\":\"en\",", "\"locale\":\"en\",\"theme\":{\"themeId\":6},") + "}")
                .put("/v1/headless/course/" + course + "/content")
                .then()
                .statusCode(200);
    }

    @Test
    void thePlayerAnswersTheResolvedThemeAndFallsBackWhenItIsGone() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long course = importCourse(key, "author", "t1", BUILDER2);
        applyTheme(key, course, "2", null).then().statusCode(200);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + course + "/publish")
                .then()
                .statusCode(200);
        String url = CoursePlayerTest.embed(
                key,
                "{\"courseId\":" + course + ",\"identifier\":\"learner\",\"clientIdentifier\":\"t1\","
                        + "\"themeId\":\"5\"}");
        // The course's own theme wins over the URL's themeId.
        CoursePlayerTest.exchange(CoursePlayerTest.token(url))
                .then()
                .statusCode(201)
                .body("theme.themeId", equalTo(2))
                .body("theme.name", equalTo("Slate Night"))
                .body("theme.colors.background", equalTo("#0f172a"))
                .body("theme.colors.text", equalTo("#f1f5f9"))
                .body("theme.fonts.heading", equalTo("system-sans"))
                .body("theme.fontStacks.heading", containsString("system-ui"))
                .body("theme.cornerStyle", equalTo("rounded"))
                .body("theme.colorPrimary", nullValue())
                .body("options.themeId", equalTo(5));

        // A course without a theme shows the URL's; its colorPrimary stays the override.
        long plain = CoursePlayerTest.publishedCourse(key, "t1");
        String withOption = CoursePlayerTest.embed(
                key,
                "{\"courseId\":" + plain + ",\"identifier\":\"learner\","
                        + "\"clientIdentifier\":\"t1\",\"themeId\":\"8\",\"colorPrimary\":\"#123456\"}");
        CoursePlayerTest.exchange(CoursePlayerTest.token(withOption))
                .then()
                .statusCode(201)
                .body("theme.themeId", equalTo(8))
                .body("theme.fonts.body", equalTo("mono"))
                .body("theme.colorPrimary", equalTo("#123456"));

        // A workspace theme of the course's tenant, then deleted: the default look (no colours).
        long own = createTheme(key, "t1");
        applyTheme(key, course, String.valueOf(own), null).then().statusCode(200);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + course + "/publish")
                .then()
                .statusCode(200);
        String learner = "{\"courseId\":" + course + ",\"identifier\":\"learner-2\",\"clientIdentifier\":\"t1\"}";
        CoursePlayerTest.exchange(CoursePlayerTest.token(CoursePlayerTest.embed(key, learner)))
                .then()
                .statusCode(201)
                .body("theme.themeId", equalTo((int) own))
                .body("theme.colors.primary", equalTo("#0b5394"))
                .body("theme.fonts.heading", equalTo("serif"))
                .body("theme.cornerStyle", equalTo("pill"));
        given().header("Authorization", key)
                .delete("/v1/headless/themes/" + own)
                .then()
                .statusCode(204);
        CoursePlayerTest.exchange(CoursePlayerTest.token(CoursePlayerTest.embed(key, learner)))
                .then()
                .statusCode(201)
                .body("theme.colors", nullValue())
                .body("theme.fonts", nullValue())
                .body("theme.cornerStyle", nullValue());
    }

    @Test
    void theBuilderListsTheThemesItsCourseMayWear() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long course = importCourse(key, "author", "t1", BUILDER2);
        long mine = createTheme(key, "t1");
        long theirs = createTheme(key, "t2");
        String session = EditorResourceTest.editSession(EditorResourceTest.editUrl(
                key, "{\"action\":\"edit\",\"courseId\":" + course + ",\"identifier\":\"author\"}"));
        List<Integer> ids = EditorResourceTest.editor(session)
                .get(EditorResourceTest.EDITOR + "/themes")
                .then()
                .statusCode(200)
                .body("[0].id", equalTo(1))
                .body("[0].colors.primary", equalTo("#4f46e5"))
                .extract()
                .jsonPath()
                .getList("id");
        assertThat(ids).hasSize(BUILT_INS + 1).contains((int) mine).doesNotContain((int) theirs);

        String view = CoursePlayerTest.session(CoursePlayerTest.embed(
                key,
                "{\"courseId\":" + CoursePlayerTest.publishedCourse(key, "t1")
                        + ",\"identifier\":\"learner\",\"clientIdentifier\":\"t1\"}"));
        EditorResourceTest.editor(view)
                .get(EditorResourceTest.EDITOR + "/themes")
                .then()
                .statusCode(403)
                .body("error.reason", equalTo("view_only"));
        EditorResourceTest.editor("0".repeat(64))
                .get(EditorResourceTest.EDITOR + "/themes")
                .then()
                .statusCode(401);
    }

    private static List<String> eventTypes(long courseId, int expected) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        String subject = "\"subject\":\"" + courseId + "\"";
        List<ConsumerRecord<String, String>> records = TestKafka.readUntil(
                "course-events",
                all -> all.stream().filter(r -> r.value().contains(subject)).count() >= expected,
                Duration.ofSeconds(30));
        return records.stream()
                .filter(r -> r.value().contains(subject))
                .map(r -> {
                    try {
                        JsonNode event = mapper.readTree(r.value());
                        return event.get("type").asText();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                })
                .toList();
    }
}

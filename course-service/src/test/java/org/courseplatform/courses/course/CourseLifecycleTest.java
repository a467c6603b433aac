package org.courseplatform.courses.course;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.courseplatform.platform.testing.TestKafka;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/** Courses as data: create, import, list, get, content, lifecycle and their events. */
@QuarkusTest
public class CourseLifecycleTest {

    public static final String BUILDER2 = """
            {"format":"builder2","title":"Golf basics","description":"","locale":"en","screens":[
             {"id":"s1","type":"blocks","typeId":1,"title":"Welcome","description":"",
              "asset":{"url":"https://cdn.example.com/hero.jpg","mime":"image/jpeg"},"assetAltText":"A green",
              "elements":[{"id":"e1","type":"text","title":"Intro","description":"<p>Golf is <b>fun</b>.</p>"},
                          {"id":"e2","type":"flipcard","title":"Par","cardBack":"Expected strokes"},
                          {"id":"e3","type":"timeEstimate","minutes":12}]},
             {"id":"s2","type":"blocksQuiz","typeId":2,"title":"Check","elements":[{"id":"q1","type":"question",
              "question":"What is par?","answers":[{"id":"a1","text":"Expected strokes","correct":true},
              {"id":"a2","text":"A club","correct":false}]}]}],
             "translations":{"fr":{"title":"Bases du golf","screens":{"s1":{"title":"Bienvenue","elements":{"e1":{"title":"Intro FR"}}}}}}}""";

    public static final String CLASSIC = """
            {"format":"classic","title":"Old course","slides":[
             {"id":101,"kind":"content","heading":"Intro","body":"<p>Hello</p>","image":{"url":"https://cdn.example.com/a.png","alt":"A"}},
             {"id":102,"kind":"flashcards","heading":"Terms","cards":[{"id":1,"front":"Par","back":"Expected"}]},
             {"id":103,"kind":"quiz","heading":"Check","questions":[{"id":7,"prompt":"Why?","choices":[{"id":1,"text":"Because","correct":true}]}]}]}""";

    private final ObjectMapper mapper = new ObjectMapper();

    public static RequestSpecification as(String key) {
        return given().header("Authorization", key).contentType(ContentType.JSON);
    }

    public static long importCourse(String key, String identifier, String tenant, String document) {
        String body = "{\"identifier\":\"" + identifier + "\","
                + (tenant == null ? "" : "\"clientIdentifier\":\"" + tenant + "\",") + "\"document\":" + document + "}";
        return as(key).body(body)
                .post("/v1/headless/courses/import")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    @Test
    void createMakesABuilder2CourseAndACourseCreatedEventInTheKeysMode() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "test");
        long id = as(key).body("{\"title\":\"First\",\"identifier\":\"author-1\",\"clientIdentifier\":\"t1\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(201)
                .body("type", equalTo("course"))
                .body("format", equalTo("builder2"))
                .body("title", equalTo("First"))
                .body("identifier", equalTo("author-1"))
                .body("clientIdentifier", equalTo("t1"))
                .body("published", equalTo(false))
                .body("deleted", equalTo(false))
                .body("screenCount", equalTo(1))
                .body("timeEstimateMinutes", nullValue())
                .body("key", notNullValue())
                .extract()
                .jsonPath()
                .getLong("id");
        List<ConsumerRecord<String, String>> records = TestKafka.readUntil(
                "course-events",
                all -> all.stream().anyMatch(r -> r.value().contains("\"subject\":\"" + id + "\"")),
                Duration.ofSeconds(30));
        JsonNode event = mapper.readTree(records.stream()
                .filter(r -> r.value().contains("\"subject\":\"" + id + "\""))
                .findFirst()
                .orElseThrow()
                .value());
        assertThat(event.get("type").asText()).isEqualTo("course.created");
        assertThat(event.get("testmode").asBoolean()).isTrue();
        assertThat(event.get("workspaceid").asLong()).isEqualTo(ws);
        assertThat(event.at("/data/course/id").asLong()).isEqualTo(id);
        assertThat(event.at("/data/course/title").asText()).isEqualTo("First");
        assertThat(event.at("/data/course/clientIdentifier").asText()).isEqualTo("t1");
        assertThat(event.at("/data/course/type").asText()).isEqualTo("course");
        assertThat(event.at("/data/course/key").asText()).isNotBlank();
    }

    @Test
    void importsBothFormatsAndReadsTimeEstimate() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long modern = importCourse(key, "a", null, BUILDER2);
        given().header("Authorization", key)
                .get("/v1/headless/courses/" + modern)
                .then()
                .statusCode(200)
                .body("format", equalTo("builder2"))
                .body("timeEstimateMinutes", equalTo(12))
                .body("screenCount", equalTo(2));
        long classic = importCourse(key, "a", null, CLASSIC);
        given().header("Authorization", key)
                .get("/v1/headless/courses/" + classic)
                .then()
                .statusCode(200)
                .body("format", equalTo("classic"))
                .body("screenCount", equalTo(3))
                .body("timeEstimateMinutes", nullValue());
    }

    @Test
    void anInvalidDocumentIs400NamingThePlace() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        String bad = BUILDER2.replace("\"type\":\"flipcard\"", "\"type\":\"hologram\"")
                .replace("\"id\":\"e3\"", "\"id\":\"e1\"");
        as(key).body("{\"identifier\":\"a\",\"document\":" + bad + "}")
                .post("/v1/headless/courses/import")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("details.field", hasItem("document.screens[0].elements[1].type"))
                .body("details.field", hasItem("document.screens[0].elements[2].id"));
        as(key).body("{\"identifier\":\"a\"}")
                .post("/v1/headless/courses/import")
                .then()
                .statusCode(400)
                .body("details.field", hasItem("document"));
        as(key).body("{\"title\":\"\",\"identifier\":\"a\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(400)
                .body("details.field", hasItem("title"));
    }

    @Test
    void listFiltersByTitleOwnerTenantAndDeletedWithPaging() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        for (int i = 0; i < 3; i++) {
            as(key).body("{\"title\":\"Golf " + i + "\",\"identifier\":\"owner-a\",\"clientIdentifier\":\"t1\"}")
                    .post("/v1/headless/courses")
                    .then()
                    .statusCode(201);
        }
        long other = as(key).body("{\"title\":\"Tennis\",\"identifier\":\"owner-b\",\"clientIdentifier\":\"t2\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        given().header("Authorization", key)
                .get("/v1/headless/courses")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "4");
        given().header("Authorization", key)
                .queryParam("title", "gOLF")
                .get("/v1/headless/courses")
                .then()
                .header("X-Total-Count", "3")
                .body("title", not(hasItem("Tennis")));
        given().header("Authorization", key)
                .queryParam("identifier", "owner-b")
                .get("/v1/headless/courses")
                .then()
                .header("X-Total-Count", "1")
                .body("[0].id", equalTo((int) other));
        given().header("Authorization", key)
                .queryParam("clientIdentifier", "t1")
                .queryParam("length", "2")
                .queryParam("page", "1")
                .get("/v1/headless/courses")
                .then()
                .header("X-Total-Count", "3")
                .body("size()", equalTo(1));
        given().header("Authorization", key)
                .delete("/v1/headless/course/" + other)
                .then()
                .statusCode(200)
                .body("deleted", equalTo(true));
        given().header("Authorization", key).get("/v1/headless/courses").then().header("X-Total-Count", "3");
        given().header("Authorization", key)
                .queryParam("deleted", "true")
                .get("/v1/headless/courses")
                .then()
                .header("X-Total-Count", "4");
        given().header("Authorization", key)
                .post("/v1/headless/course/" + other + "/restore")
                .then()
                .statusCode(200)
                .body("deleted", equalTo(false));
        given().header("Authorization", key).get("/v1/headless/courses").then().header("X-Total-Count", "4");
    }

    @Test
    void aPageBeyondAnyOffsetIsA400NotAnOverflow() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        given().header("Authorization", key)
                .queryParam("page", "2147483647")
                .queryParam("length", "1000")
                .get("/v1/headless/courses")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("details[0].field", equalTo("page"));
        given().header("Authorization", key)
                .queryParam("page", "2147482")
                .queryParam("length", "1000")
                .get("/v1/headless/courses")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "0");
    }

    @Test
    void tenantsAndWorkspacesNeverSeeEachOthersCourses() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long t1 = importCourse(key, "a", "tenant-1", BUILDER2);
        given().header("Authorization", key)
                .get("/v1/headless/courses/" + t1)
                .then()
                .statusCode(200);
        given().header("Authorization", key)
                .queryParam("clientIdentifier", "tenant-1")
                .get("/v1/headless/courses/" + t1)
                .then()
                .statusCode(200);
        given().header("Authorization", key)
                .queryParam("clientIdentifier", "tenant-2")
                .get("/v1/headless/courses/" + t1)
                .then()
                .statusCode(404);
        given().header("Authorization", key)
                .queryParam("clientIdentifier", "tenant-2")
                .get("/v1/headless/course/content/" + t1)
                .then()
                .statusCode(404);
        given().header("Authorization", key)
                .queryParam("clientIdentifier", "tenant-2")
                .post("/v1/headless/course/" + t1 + "/publish")
                .then()
                .statusCode(404);
        given().header("Authorization", TestKeys.enterprise(TestKeys.newWorkspace()))
                .get("/v1/headless/courses/" + t1)
                .then()
                .statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        given().header("Authorization", key)
                .get("/v1/headless/courses/abc")
                .then()
                .statusCode(400);
        given().header("Authorization", key)
                .get("/v1/headless/courses/999999999")
                .then()
                .statusCode(404);
    }

    @Test
    void contentIsNormalisedWithTranslationsAndAssets() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = importCourse(key, "a", null, BUILDER2);
        given().header("Authorization", key)
                .get("/v1/headless/course/content/" + id)
                .then()
                .statusCode(200)
                .body("id", equalTo((int) id))
                .body("title", equalTo("Golf basics"))
                .body("locales", hasItem("fr"))
                .body("screens[0].title", equalTo("Welcome"))
                .body("screens[0].elements[0].description", equalTo("Golf is fun."))
                .body("screens[0].elements[1].cardBack", equalTo("Expected strokes"))
                .body("screens[1].elements[0].question", equalTo("What is par?"))
                .body("assets.url", hasItem("https://cdn.example.com/hero.jpg"));
        long classic = importCourse(key, "a", null, CLASSIC);
        given().header("Authorization", key)
                .get("/v1/headless/course/content/" + classic)
                .then()
                .statusCode(200)
                .body("screens[0].title", equalTo("Intro"))
                .body("screens[0].description", equalTo("Hello"))
                .body("assets.url", hasItem("https://cdn.example.com/a.png"));
    }

    @Test
    void publishRevertAndDuplicate() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = importCourse(key, "owner", "t1", BUILDER2);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/revert")
                .then()
                .statusCode(409)
                .body("error.code", equalTo("CONFLICT"));
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/publish")
                .then()
                .statusCode(200)
                .body("published", equalTo(true))
                .body("publishedAt", notNullValue());
        as(key).body("{\"document\":" + BUILDER2.replace("Golf basics", "Golf advanced") + "}")
                .put("/v1/headless/course/" + id + "/content")
                .then()
                .statusCode(200)
                .body("title", equalTo("Golf advanced"));
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/revert")
                .then()
                .statusCode(200)
                .body("title", equalTo("Golf basics"))
                .body("published", equalTo(true));
        long copy = as(key).body("{\"identifier\":\"new-owner\",\"clientIdentifier\":\"t2\"}")
                .post("/v1/headless/course/" + id + "/duplicate")
                .then()
                .statusCode(201)
                .body("title", containsString("Golf basics"))
                .body("title", containsString("copy"))
                .body("published", equalTo(false))
                .body("identifier", equalTo("new-owner"))
                .body("clientIdentifier", equalTo("t2"))
                .extract()
                .jsonPath()
                .getLong("id");
        assertThat(copy).isNotEqualTo(id);
        given().header("Authorization", key)
                .get("/v1/headless/course/content/" + copy)
                .then()
                .statusCode(200)
                .body("screens.size()", equalTo(2));
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/duplicate")
                .then()
                .statusCode(201)
                .body("identifier", equalTo("owner"))
                .body("clientIdentifier", equalTo("t1"));
        // A literal JSON null is "no body", as an empty one is: a plain copy, not a 500.
        as(key).body("null")
                .post("/v1/headless/course/" + id + "/duplicate")
                .then()
                .statusCode(201)
                .body("identifier", equalTo("owner"))
                .body("clientIdentifier", equalTo("t1"));
    }

    @Test
    void aDocumentOverTheLimitIs413AndOneJustUnderIsAccepted() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = importCourse(key, "a", null, BUILDER2);
        int limit = 5 * 1024 * 1024;
        as(key).body("{\"document\":" + documentOfSize(limit + 1000) + "}")
                .put("/v1/headless/course/" + id + "/content")
                .then()
                .statusCode(413)
                .body("error.code", equalTo("PAYLOAD_TOO_LARGE"));
        as(key).body("{\"document\":" + documentOfSize(limit - 1000) + "}")
                .put("/v1/headless/course/" + id + "/content")
                .then()
                .statusCode(200);
    }

    /** A valid Builder 2 document of about {@code bytes} bytes (strings kept under the per-string limit). */
    public static String documentOfSize(int bytes) {
        StringBuilder sb = new StringBuilder(
                "{\"format\":\"builder2\",\"title\":\"Big\",\"screens\":[{\"id\":\"s1\",\"type\":\"blocks\",\"elements\":[");
        int chunk = 90_000;
        int i = 0;
        String tail = "]}]}";
        while (sb.length() + tail.length() < bytes) {
            int room = bytes - sb.length() - tail.length() - 60;
            int size = Math.max(1, Math.min(chunk, room));
            sb.append(i == 0 ? "" : ",")
                    .append("{\"id\":\"e")
                    .append(i)
                    .append("\",\"type\":\"text\",\"description\":\"")
                    .append("x".repeat(size))
                    .append("\"}");
            i++;
        }
        return sb.append(tail).toString();
    }
}

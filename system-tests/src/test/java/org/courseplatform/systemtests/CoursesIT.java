package org.courseplatform.systemtests;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Courses through the ingress: their whole lifecycle, thumbnails, and tenant isolation. */
class CoursesIT {

    static final String DOCUMENT = """
            {"format":"builder2","title":"System golf","locale":"en","screens":[
             {"id":"s1","type":"blocks","title":"Welcome","elements":[
               {"id":"e1","type":"text","title":"Intro","description":"<p>Swing <i>easy</i></p>"},
               {"id":"e2","type":"timeEstimate","minutes":7}]},
             {"id":"s2","type":"blocksQuiz","title":"Check","elements":[{"id":"q1","type":"question","question":"Par?",
               "answers":[{"id":"a1","text":"Strokes","correct":true}]}]}]}""";

    @Test
    void aCourseLivesItsWholeLifeThroughTheIngress() {
        String tenant = "sys-" + System.nanoTime();
        long id = Suite.demo()
                .contentType(ContentType.JSON)
                .body("{\"identifier\":\"author\",\"clientIdentifier\":\"" + tenant + "\",\"document\":" + DOCUMENT
                        + "}")
                .post("/v1/headless/courses/import")
                .then()
                .statusCode(201)
                .body("timeEstimateMinutes", equalTo(7))
                .extract()
                .jsonPath()
                .getLong("id");
        long created = Suite.demo()
                .contentType(ContentType.JSON)
                .body("{\"title\":\"Blank\",\"identifier\":\"author\",\"clientIdentifier\":\"" + tenant + "\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        Suite.demo()
                .queryParam("clientIdentifier", tenant)
                .get("/v1/headless/courses")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "2")
                .body("id", hasItem((int) created));
        Suite.demo()
                .get("/v1/headless/course/content/" + id)
                .then()
                .statusCode(200)
                .body("screens[0].elements[0].description", equalTo("Swing easy"));
        Suite.demo().post("/v1/headless/course/" + id + "/revert").then().statusCode(409);
        Suite.demo()
                .post("/v1/headless/course/" + id + "/publish")
                .then()
                .statusCode(200)
                .body("published", equalTo(true));
        Suite.demo()
                .contentType(ContentType.JSON)
                .body("{\"document\":" + DOCUMENT.replace("System golf", "Changed") + "}")
                .put("/v1/headless/course/" + id + "/content")
                .then()
                .statusCode(200)
                .body("title", equalTo("Changed"));
        Suite.demo()
                .post("/v1/headless/course/" + id + "/revert")
                .then()
                .statusCode(200)
                .body("title", equalTo("System golf"));
        long copy = Suite.demo()
                .post("/v1/headless/course/" + id + "/duplicate")
                .then()
                .statusCode(201)
                .body("title", containsString("copy"))
                .body("published", equalTo(false))
                .extract()
                .jsonPath()
                .getLong("id");
        assertThat(copy).isNotEqualTo(id);
        Suite.demo().delete("/v1/headless/course/" + id).then().statusCode(200).body("deleted", equalTo(true));
        Suite.demo()
                .queryParam("clientIdentifier", tenant)
                .get("/v1/headless/courses")
                .then()
                .body("id", not(hasItem((int) id)));
        Suite.demo()
                .queryParam("clientIdentifier", tenant)
                .queryParam("deleted", "true")
                .get("/v1/headless/courses")
                .then()
                .body("id", hasItem((int) id));
        Suite.demo()
                .post("/v1/headless/course/" + id + "/restore")
                .then()
                .statusCode(200)
                .body("deleted", equalTo(false));
    }

    @Test
    void aRegeneratedThumbnailLoadsAsAJpegWithoutCredentials() {
        long id = Suite.demo()
                .contentType(ContentType.JSON)
                .body("{\"title\":\"Thumb\",\"identifier\":\"author\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        Response regenerated = Suite.demo().post("/v1/headless/course/" + id + "/thumbnail");
        regenerated.then().statusCode(200).body("thumbnailRevision", equalTo(2)).body("queued", equalTo(true));
        String url = regenerated.jsonPath().getString("thumbnail");
        assertThat(url).startsWith(Suite.BASE_URL);
        Response image = await().alias("the regenerated thumbnail " + url + " to load")
                .atMost(Duration.ofSeconds(30))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(250))
                .until(() -> given().get(url), answer -> answer.statusCode() == 200);
        assertThat(image.contentType()).isEqualTo("image/jpeg");
        assertThat(image.asByteArray()).startsWith((byte) 0xFF, (byte) 0xD8);
    }

    @Test
    void twoTenantsOfOneWorkspaceNeverSeeEachOthersCourses() {
        String a = "tenant-a-" + System.nanoTime();
        String b = "tenant-b-" + System.nanoTime();
        long ofA = Suite.demo()
                .contentType(ContentType.JSON)
                .body("{\"title\":\"A only\",\"identifier\":\"u\",\"clientIdentifier\":\"" + a + "\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        Suite.demo()
                .queryParam("clientIdentifier", b)
                .get("/v1/headless/courses/" + ofA)
                .then()
                .statusCode(404);
        Suite.demo()
                .queryParam("clientIdentifier", b)
                .get("/v1/headless/course/content/" + ofA)
                .then()
                .statusCode(404);
        Suite.demo()
                .queryParam("clientIdentifier", b)
                .get("/v1/headless/courses")
                .then()
                .header("X-Total-Count", "0");
        Suite.demo()
                .queryParam("clientIdentifier", a)
                .get("/v1/headless/courses/" + ofA)
                .then()
                .statusCode(200);
        long other = Suite.workspace("build");
        String otherKey = Suite.key(other, "live")[1];
        given().baseUri(Suite.BASE_URL)
                .header("Authorization", otherKey)
                .get("/v1/headless/courses/" + ofA)
                .then()
                .statusCode(404);
    }

    @Test
    void aDocumentJustUnderTheLimitPassesTheIngressAndOneOverIt413() {
        long id = Suite.demo()
                .contentType(ContentType.JSON)
                .body("{\"title\":\"Big\",\"identifier\":\"author\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        int limit = 5 * 1024 * 1024;
        Suite.demo()
                .contentType(ContentType.JSON)
                .body("{\"document\":" + documentOfSize(limit - 1000) + "}")
                .put("/v1/headless/course/" + id + "/content")
                .then()
                .statusCode(200);
        Suite.demo()
                .contentType(ContentType.JSON)
                .body("{\"document\":" + documentOfSize(limit + 1000) + "}")
                .put("/v1/headless/course/" + id + "/content")
                .then()
                .statusCode(413)
                .body("error.code", equalTo("PAYLOAD_TOO_LARGE"));
    }

    static String documentOfSize(int bytes) {
        StringBuilder sb = new StringBuilder(
                "{\"format\":\"builder2\",\"title\":\"Big\",\"screens\":[{\"id\":\"s1\",\"type\":\"blocks\",\"elements\":[");
        String tail = "]}]}";
        for (int i = 0; sb.length() + tail.length() < bytes; i++) {
            int size = Math.max(1, Math.min(90_000, bytes - sb.length() - tail.length() - 60));
            sb.append(i == 0 ? "" : ",")
                    .append("{\"id\":\"e")
                    .append(i)
                    .append("\",\"type\":\"text\",\"description\":\"")
                    .append("x".repeat(size))
                    .append("\"}");
        }
        return sb.append(tail).toString();
    }
}

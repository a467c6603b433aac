package org.courseplatform.migrations;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import org.eclipse.microprofile.config.ConfigProvider;

/** Courses made and read through the real course-service the tests run next to this service. */
final class Courses {

    static final String CONVERTIBLE = """
            {"format":"classic","title":"Convertible","slides":[
             {"id":101,"kind":"content","heading":"Intro","body":"<p>Hello</p>","image":{"url":"https://cdn.example.com/a.png","alt":"A"}},
             {"id":102,"kind":"flashcards","heading":"Terms","cards":[{"id":1,"front":"Par","back":"Expected"}]},
             {"id":103,"kind":"quiz","heading":"Check","questions":[{"id":7,"prompt":"Why?","choices":[{"id":1,"text":"Because","correct":true},{"id":2,"text":"No"}]}]},
             {"id":104,"kind":"video","heading":"Swing","video":{"url":"https://cdn.example.com/swing.mp4"}}]}""";

    static final String WITH_FLASH = """
            {"format":"classic","title":"Has flash","slides":[
             {"id":201,"kind":"content","heading":"Intro","body":"Hi"},
             {"id":205,"kind":"flash","heading":"Legacy animation","swf":"anim.swf"}]}""";

    /** WITH_FLASH after its author replaced the Flash slide with a video. */
    static final String FLASH_FIXED = """
            {"format":"classic","title":"Has flash","slides":[
             {"id":201,"kind":"content","heading":"Intro","body":"Hi"},
             {"id":205,"kind":"video","heading":"Legacy animation","video":{"url":"https://cdn.example.com/anim.mp4"}}]}""";

    static final String BUILDER2 = """
            {"format":"builder2","title":"Modern","screens":[{"id":"s1","type":"blocks","title":"One"},
             {"id":"s2","type":"blocks","title":"Two"}]}""";

    private Courses() {}

    static String url() {
        return ConfigProvider.getConfig().getValue("platform.services.course-service.url", String.class);
    }

    static long importCourse(String key, String document) {
        return importCourse(key, null, document);
    }

    /** A course of the tenant {@code clientIdentifier} (null: the workspace-default tenant). */
    static long importCourse(String key, String clientIdentifier, String document) {
        String tenant = clientIdentifier == null ? "" : "\"clientIdentifier\":\"" + clientIdentifier + "\",";
        return given().baseUri(url())
                .header("Authorization", key)
                .contentType(ContentType.JSON)
                .body("{\"identifier\":\"author\"," + tenant + "\"document\":" + document + "}")
                .post("/v1/headless/courses/import")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    static void replaceContent(String key, long id, String document) {
        given().baseUri(url())
                .header("Authorization", key)
                .contentType(ContentType.JSON)
                .body("{\"document\":" + document + "}")
                .put("/v1/headless/course/" + id + "/content")
                .then()
                .statusCode(200);
    }

    static JsonPath course(String key, long id) {
        return given().baseUri(url())
                .header("Authorization", key)
                .get("/v1/headless/courses/" + id)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    /** The course with its draft, through the internal API (a service token of this service). */
    static JsonPath draft(String serviceToken, long workspaceId, long id) {
        return given().baseUri(url())
                .auth()
                .oauth2(serviceToken)
                .queryParam("workspaceId", workspaceId)
                .get("/internal/v1/courses/" + id)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }
}

package org.courseplatform.courses.brandvoice;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.courseplatform.courses.course.AgentTenancyTest;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/** The brand voice: the workspace's, a tenant's override of it, what is effective, its limits and tenancy. */
@QuarkusTest
class BrandVoiceTest {

    static final String PATH = "/v1/headless/brand-voice";
    static final String WORKSPACE_VOICE = """
            {"name":"Acme","tone":"Warm, plain","audience":"New staff","do":["Use short sentences"," Say you "],
             "dont":["Use jargon"],"vocabulary":[{"term":"learner","note":"never student"},{"term":"Acme"}]}""";

    static RequestSpecification as(String key) {
        return given().header("Authorization", key).contentType(ContentType.JSON);
    }

    @Test
    void aTenantOverridesTheWorkspaceVoiceWhole() {
        String key = TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live");
        as(key).get(PATH)
                .then()
                .statusCode(200)
                .body("source", equalTo("none"))
                .body("name", equalTo(""))
                .body("do", empty())
                .body("dont", empty())
                .body("vocabulary", empty())
                .body("updatedAt", nullValue());

        as(key).body(WORKSPACE_VOICE)
                .put(PATH)
                .then()
                .statusCode(200)
                .body("source", equalTo("workspace"))
                .body("clientIdentifier", nullValue())
                .body("name", equalTo("Acme"))
                .body("tone", equalTo("Warm, plain"))
                .body("do", contains("Use short sentences", "Say you"))
                .body("dont", contains("Use jargon"))
                .body("vocabulary[0].term", equalTo("learner"))
                .body("vocabulary[0].note", equalTo("never student"))
                .body("vocabulary[1].note", equalTo(""))
                .body("updatedAt", notNullValue());
        as(key).get(PATH)
                .then()
                .statusCode(200)
                .body("source", equalTo("workspace"))
                .body("audience", equalTo("New staff"))
                .body("do", contains("Use short sentences", "Say you"));
        as(key).queryParam("clientIdentifier", "t1")
                .get(PATH)
                .then()
                .body("source", equalTo("workspace"))
                .body("clientIdentifier", equalTo("t1"))
                .body("name", equalTo("Acme"));

        as(key).body("{\"clientIdentifier\":\"t1\",\"name\":\"Acme Retail\",\"do\":[\"Be brief\"]}")
                .put(PATH)
                .then()
                .statusCode(200)
                .body("source", equalTo("tenant"))
                .body("clientIdentifier", equalTo("t1"));
        // The override replaces the workspace's voice whole: what it leaves out is empty, not inherited.
        as(key).queryParam("clientIdentifier", "t1")
                .get(PATH)
                .then()
                .body("source", equalTo("tenant"))
                .body("name", equalTo("Acme Retail"))
                .body("tone", equalTo(""))
                .body("do", contains("Be brief"))
                .body("vocabulary", empty());
        as(key).queryParam("clientIdentifier", "t2").get(PATH).then().body("source", equalTo("workspace"));
        as(key).get(PATH).then().body("source", equalTo("workspace")).body("name", equalTo("Acme"));

        // A PUT replaces the voice it sets.
        as(key).body("{\"name\":\"Acme\"}").put(PATH).then().statusCode(200).body("tone", equalTo(""));
        as(key).get(PATH).then().body("tone", equalTo("")).body("do", empty());

        as(key).queryParam("clientIdentifier", "t1").delete(PATH).then().statusCode(204);
        as(key).queryParam("clientIdentifier", "t1").get(PATH).then().body("source", equalTo("workspace"));
        as(key).delete(PATH).then().statusCode(204);
        as(key).delete(PATH).then().statusCode(204);
        as(key).queryParam("clientIdentifier", "t1")
                .get(PATH)
                .then()
                .body("source", equalTo("none"))
                .body("clientIdentifier", equalTo("t1"));
    }

    @Test
    void badVoicesAre400NamingTheField() {
        String key = TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live");
        String many = IntStream.range(0, 51).mapToObj(i -> "\"item " + i + "\"").collect(Collectors.joining(","));
        String terms = IntStream.range(0, 201)
                .mapToObj(i -> "{\"term\":\"t" + i + "\"}")
                .collect(Collectors.joining(","));
        for (String[] bad : List.of(
                new String[] {"{}", "name"},
                new String[] {"{\"name\":\" \"}", "name"},
                new String[] {"{\"name\":\"" + "n".repeat(101) + "\"}", "name"},
                new String[] {"{\"name\":\"A\",\"tone\":\"" + "t".repeat(501) + "\"}", "tone"},
                new String[] {"{\"name\":\"A\",\"audience\":\"" + "a".repeat(501) + "\"}", "audience"},
                new String[] {"{\"name\":\"A\",\"do\":[" + many + "]}", "do"},
                new String[] {"{\"name\":\"A\",\"do\":[\"ok\",\" \"]}", "do[1]"},
                new String[] {"{\"name\":\"A\",\"dont\":[\"" + "d".repeat(301) + "\"]}", "dont[0]"},
                new String[] {"{\"name\":\"A\",\"vocabulary\":[" + terms + "]}", "vocabulary"},
                new String[] {"{\"name\":\"A\",\"vocabulary\":[{\"note\":\"n\"}]}", "vocabulary[0].term"},
                new String[] {
                    "{\"name\":\"A\",\"vocabulary\":[{\"term\":\"Go\"},{\"term\":\"go\"}]}", "vocabulary[1].term"
                },
                new String[] {
                    "{\"name\":\"A\",\"vocabulary\":[{\"term\":\"x\",\"note\":\"" + "n".repeat(301) + "\"}]}",
                    "vocabulary[0].note"
                },
                new String[] {"{\"name\":\"A\",\"clientIdentifier\":\"\"}", "clientIdentifier"})) {
            as(key).body(bad[0])
                    .put(PATH)
                    .then()
                    .statusCode(400)
                    .body("error.code", equalTo("BAD_REQUEST"))
                    .body("details[0].field", equalTo(bad[1]));
        }
        as(key).body("{\"name\":\"A\",\"style\":\"x\"}").put(PATH).then().statusCode(400);
        as(key).get(PATH).then().body("source", equalTo("none"));
    }

    @Test
    void anotherWorkspaceSeesNoneAndAnAgentSetsOnlyItsTenantsVoice() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        as(key).body(WORKSPACE_VOICE).put(PATH).then().statusCode(200);
        as(TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live"))
                .get(PATH)
                .then()
                .statusCode(200)
                .body("source", equalTo("none"));

        String agent = AgentTenancyTest.agent(ws, "agent-2", "t2");
        given().auth()
                .oauth2(agent)
                .get(PATH)
                .then()
                .statusCode(200)
                .body("source", equalTo("workspace"))
                .body("clientIdentifier", equalTo("t2"));
        given().auth()
                .oauth2(agent)
                .contentType(ContentType.JSON)
                .body("{\"name\":\"T2 voice\"}")
                .put(PATH)
                .then()
                .statusCode(200)
                .body("source", equalTo("tenant"))
                .body("clientIdentifier", equalTo("t2"));
        given().auth()
                .oauth2(agent)
                .contentType(ContentType.JSON)
                .body("{\"name\":\"X\",\"clientIdentifier\":\"t1\"}")
                .put(PATH)
                .then()
                .statusCode(403);
        given().auth()
                .oauth2(agent)
                .queryParam("clientIdentifier", "t1")
                .delete(PATH)
                .then()
                .statusCode(403);
        as(key).queryParam("clientIdentifier", "t2").get(PATH).then().body("name", equalTo("T2 voice"));
        as(key).get(PATH).then().body("name", equalTo("Acme"));
        as(TestKeys.header(ws, "starter", "", "", "live")).get(PATH).then().statusCode(403);
    }
}

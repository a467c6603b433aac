package org.courseplatform.courses.collection;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.courseplatform.courses.course.CourseLifecycleTest.BUILDER2;
import static org.courseplatform.courses.course.CourseLifecycleTest.importCourse;
import static org.courseplatform.courses.player.CoursePlayerTest.embed;
import static org.courseplatform.courses.player.CoursePlayerTest.progress;
import static org.courseplatform.courses.player.CoursePlayerTest.publishedCourse;
import static org.courseplatform.courses.player.CoursePlayerTest.session;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.courseplatform.courses.course.AgentTenancyTest;
import org.courseplatform.courses.player.CoursePlayerTest;
import org.courseplatform.platform.testing.TestKeys;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/** Collections: their ordered courses and rules, their tenancy, and embedding a course within one. */
@QuarkusTest
public class CollectionsTest {

    public static RequestSpecification as(String key) {
        return given().header("Authorization", key).contentType(ContentType.JSON);
    }

    /** A new collection of the tenant holding these courses, as answered. */
    public static JsonNode collection(String key, String tenant, long... courseIds) {
        String ids = Arrays.stream(courseIds).mapToObj(String::valueOf).collect(Collectors.joining(","));
        String body = "{\"title\":\"Path\"," + (tenant == null ? "" : "\"clientIdentifier\":\"" + tenant + "\",")
                + "\"courseIds\":[" + ids + "]}";
        return CoursePlayerTest.parse(as(key).body(body)
                .post("/v1/headless/collections")
                .then()
                .statusCode(201)
                .extract()
                .asString());
    }

    /** The {@code {id, key}} of an embed request's collection. */
    public static String ref(JsonNode collection) {
        return "{\"id\":" + collection.path("id").asLong() + ",\"key\":\""
                + collection.path("key").asText() + "\"}";
    }

    public static String key() {
        return TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live");
    }

    @Test
    void aCollectionKeepsItsCoursesInOrder() {
        String key = key();
        long a = importCourse(key, "author", "t1", BUILDER2);
        long b = importCourse(key, "author", "t1", BUILDER2);
        long c = importCourse(key, "author", "t1", BUILDER2);
        String path = "/v1/headless/collections/";
        long id = as(key).body(
                        "{\"title\":\" Onboarding \",\"description\":\"First weeks\",\"clientIdentifier\":\"t1\","
                                + "\"courseIds\":[" + a + "," + b + "]}")
                .post("/v1/headless/collections")
                .then()
                .statusCode(201)
                .body("title", equalTo("Onboarding"))
                .body("description", equalTo("First weeks"))
                .body("clientIdentifier", equalTo("t1"))
                .body("key", matchesPattern("[A-Z2-9]{4}-[A-Z2-9]{4}"))
                .body("courseIds", contains((int) a, (int) b))
                .body("courseCount", equalTo(2))
                .extract()
                .jsonPath()
                .getLong("id");
        as(key).get(path + id).then().statusCode(200).body("courseIds", contains((int) a, (int) b));

        as(key).body("{\"courseId\":" + c + ",\"position\":0}")
                .post(path + id + "/courses")
                .then()
                .statusCode(200)
                .body("courseIds", contains((int) c, (int) a, (int) b))
                .body("courseCount", equalTo(3));
        // A course it holds moves: to a position, or to the end.
        as(key).body("{\"courseId\":" + a + ",\"position\":2}")
                .post(path + id + "/courses")
                .then()
                .statusCode(200)
                .body("courseIds", contains((int) c, (int) b, (int) a));
        as(key).body("{\"courseId\":" + b + "}")
                .post(path + id + "/courses")
                .then()
                .statusCode(200)
                .body("courseIds", contains((int) c, (int) a, (int) b));
        as(key).delete(path + id + "/courses/" + a).then().statusCode(200).body("courseIds", contains((int) c, (int)
                b));
        as(key).delete(path + id + "/courses/" + a).then().statusCode(404);
        as(key).get(path + id).then().body("courseIds", contains((int) c, (int) b));

        as(key).body("{\"title\":\"Onboarding 2\"}")
                .patch(path + id)
                .then()
                .statusCode(200)
                .body("title", equalTo("Onboarding 2"))
                .body("description", equalTo("First weeks"))
                .body("courseIds", contains((int) c, (int) b));
        as(key).body("{\"description\":\"\"}")
                .patch(path + id)
                .then()
                .statusCode(200)
                .body("description", equalTo(""));

        long other = collection(key, null).path("id").asLong();
        as(key).get("/v1/headless/collections")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "2")
                .body("id", contains((int) id, (int) other));
        as(key).queryParam("length", 1)
                .queryParam("page", 1)
                .get("/v1/headless/collections")
                .then()
                .header("X-Total-Count", "2")
                .body("id", contains((int) other))
                .body("[0].courseIds", empty());

        as(key).delete(path + id).then().statusCode(204);
        as(key).get(path + id).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
    }

    @Test
    void badCollectionRequestsAre400NamingTheFieldAndCoursesMustBeOfItsTenant() {
        String key = key();
        long a = importCourse(key, "author", "t1", BUILDER2);
        long otherTenant = importCourse(key, "author", "t2", BUILDER2);
        long gone = importCourse(key, "author", "t1", BUILDER2);
        given().header("Authorization", key)
                .delete("/v1/headless/course/" + gone)
                .then()
                .statusCode(200);
        for (String[] bad : List.of(
                new String[] {"{}", "title"},
                new String[] {"{\"title\":\"  \"}", "title"},
                new String[] {"{\"title\":\"" + "x".repeat(201) + "\"}", "title"},
                new String[] {"{\"title\":\"T\",\"description\":\"" + "x".repeat(2001) + "\"}", "description"},
                new String[] {
                    "{\"title\":\"T\",\"clientIdentifier\":\"t1\",\"courseIds\":[" + a + "," + a + "]}", "courseIds[1]"
                },
                new String[] {"{\"title\":\"T\",\"courseIds\":[0]}", "courseIds[0]"},
                new String[] {"{\"title\":\"T\",\"clientIdentifier\":\"t1\",\"courseIds\":[999999999]}", "courseIds[0]"
                },
                new String[] {
                    "{\"title\":\"T\",\"clientIdentifier\":\"t1\",\"courseIds\":[" + gone + "]}", "courseIds[0]"
                },
                new String[] {"{\"title\":\"T\",\"courseIds\":[1,2,3,4,5,6]}", "courseIds"})) {
            as(key).body(bad[0])
                    .post("/v1/headless/collections")
                    .then()
                    .statusCode(400)
                    .body("error.code", equalTo("BAD_REQUEST"))
                    .body("details[0].field", equalTo(bad[1]));
        }
        as(key).body("{\"title\":\"T\",\"colour\":\"red\"}")
                .post("/v1/headless/collections")
                .then()
                .statusCode(400);
        as(key).body("{\"title\":\"T\",\"clientIdentifier\":\"t1\",\"courseIds\":[" + otherTenant + "]}")
                .post("/v1/headless/collections")
                .then()
                .statusCode(409)
                .body("error.code", equalTo("CONFLICT"));

        long id = collection(key, "t1", a).path("id").asLong();
        String courses = "/v1/headless/collections/" + id + "/courses";
        as(key).body("{\"courseId\":" + otherTenant + "}").post(courses).then().statusCode(409);
        as(key).body("{}").post(courses).then().statusCode(400).body("details[0].field", equalTo("courseId"));
        as(key).body("{\"courseId\":" + gone + "}")
                .post(courses)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("courseId"));
        as(key).body("{\"courseId\":" + a + ",\"position\":-1}")
                .post(courses)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("position"));
        long b = importCourse(key, "author", "t1", BUILDER2);
        as(key).body("{\"courseId\":" + b + ",\"position\":2}")
                .post(courses)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("position"));
        as(key).body("{\"title\":\"\"}")
                .patch("/v1/headless/collections/" + id)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("title"));

        // The test profile's limit (courses.collections.max-courses) is 5; the default is 500.
        for (int i = 0; i < 4; i++) {
            as(key).body("{\"courseId\":" + importCourse(key, "author", "t1", BUILDER2) + "}")
                    .post(courses)
                    .then()
                    .statusCode(200);
        }
        as(key).body("{\"courseId\":" + b + "}")
                .post(courses)
                .then()
                .statusCode(409)
                .body("error.code", equalTo("CONFLICT"));
        // Moving a course it holds is not adding one.
        as(key).body("{\"courseId\":" + a + ",\"position\":4}")
                .post(courses)
                .then()
                .statusCode(200)
                .body("courseIds[4]", equalTo((int) a));
    }

    @Test
    void anotherWorkspaceOrTenantSeesNoCollectionAndAnAgentWorksInItsOwnTenant() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long a = importCourse(key, "author", "t1", BUILDER2);
        long id = collection(key, "t1", a).path("id").asLong();
        String path = "/v1/headless/collections/" + id;

        String stranger = key();
        as(stranger).get(path).then().statusCode(404);
        as(stranger).body("{\"title\":\"X\"}").patch(path).then().statusCode(404);
        as(stranger)
                .body("{\"courseId\":" + a + "}")
                .post(path + "/courses")
                .then()
                .statusCode(404);
        as(stranger).delete(path + "/courses/" + a).then().statusCode(404);
        as(stranger).delete(path).then().statusCode(404);
        as(stranger).get("/v1/headless/collections").then().header("X-Total-Count", "0");
        as(key).queryParam("clientIdentifier", "t2").get(path).then().statusCode(404);
        as(key).queryParam("clientIdentifier", "t1")
                .get("/v1/headless/collections")
                .then()
                .header("X-Total-Count", "1");

        String agentT2 = AgentTenancyTest.agent(ws, "agent-2", "t2");
        given().auth().oauth2(agentT2).get(path).then().statusCode(404);
        given().auth().oauth2(agentT2).get("/v1/headless/collections").then().header("X-Total-Count", "0");
        given().auth()
                .oauth2(agentT2)
                .contentType(ContentType.JSON)
                .body("{\"title\":\"Mine\"}")
                .post("/v1/headless/collections")
                .then()
                .statusCode(201)
                .body("clientIdentifier", equalTo("t2"));
        given().auth()
                .oauth2(agentT2)
                .contentType(ContentType.JSON)
                .body("{\"title\":\"Mine\",\"courseIds\":[" + a + "]}")
                .post("/v1/headless/collections")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("courseIds[0]"));
        as(TestKeys.header(ws, "starter", "", "", "live"))
                .get("/v1/headless/collections")
                .then()
                .statusCode(403);
    }

    @Test
    void anEmbedNamesACollectionOfTheScopeWithItsKeyHoldingTheCourse() {
        String key = key();
        long id = publishedCourse(key, "t1");
        long outside = publishedCourse(key, "t1");
        JsonNode path = collection(key, "t1", id);
        JsonNode t2 = collection(key, "t2");
        String embed = "/v1/headless/embed/course";
        String learner = "{\"identifier\":\"l\",\"clientIdentifier\":\"t1\",\"courseId\":";

        as(key).body(learner + id + ",\"collection\":{\"id\":999999999,\"key\":\""
                        + path.path("key").asText() + "\"}}")
                .post(embed)
                .then()
                .statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        as(key).body(learner + id + ",\"collection\":{\"id\":" + path.path("id").asLong() + ",\"key\":\"WRONG-KEY\"}}")
                .post(embed)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("collection.key"));
        as(key).body(learner + outside + ",\"collection\":" + ref(path) + "}")
                .post(embed)
                .then()
                .statusCode(404);
        as(key).body(learner + id + ",\"collection\":" + ref(t2) + "}")
                .post(embed)
                .then()
                .statusCode(404);
        as(key).body(learner + id + ",\"collection\":{\"id\":\"col-1\",\"key\":\"K\"}}")
                .post(embed)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("collection.id"));
        as(key).body(learner + id + ",\"collection\":{\"id\":" + path.path("id").asLong() + "}}")
                .post(embed)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("collection.key"));
        as(key).body("{\"action\":\"edit\",\"identifier\":\"l\",\"collection\":" + ref(path) + "}")
                .post(embed)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("collection"));
        as(TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live"))
                .body("{\"identifier\":\"l\",\"courseId\":" + id + ",\"collection\":" + ref(path) + "}")
                .post(embed)
                .then()
                .statusCode(404);
        embed(key, learner + id + ",\"collection\":" + ref(path) + "}");
    }

    @Test
    void aLearnerHasOneTrackingRecordStandaloneAndOneInTheCollection() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long id = publishedCourse(key, null);
        JsonNode path = collection(key, null, id);
        String standalone = session(embed(key, "{\"courseId\":" + id + ",\"identifier\":\"learner-1\"}"));
        String inPath = session(
                embed(key, "{\"courseId\":" + id + ",\"identifier\":\"learner-1\",\"collection\":" + ref(path) + "}"));
        progress(standalone, "{\"screenIndex\":1,\"visibleSeconds\":3}")
                .then()
                .statusCode(200)
                .body("progress.commenced", equalTo(true));
        // The collection's record starts afresh: nothing of the standalone progress.
        progress(inPath, "{\"screenIndex\":0,\"visibleSeconds\":4}")
                .then()
                .statusCode(200)
                .body("progress.screenIndex", equalTo(0))
                .body("progress.percent", equalTo(50));
        progress(inPath, "{\"screenIndex\":1,\"visibleSeconds\":4,\"answers\":{\"q1\":[\"a1\"]}}")
                .then()
                .statusCode(200)
                .body("progress.completed", equalTo(true));

        given().header("Authorization", key)
                .queryParam("identifier", "learner-1")
                .get("/v1/headless/course/" + id + "/tracking")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "2")
                .body("[0].collection", Matchers.nullValue())
                .body("[0].totalTime", equalTo(3))
                .body("[1].collection.id", equalTo(path.path("id").asInt()))
                .body("[1].collection.key", equalTo(path.path("key").asText()))
                .body("[1].totalTime", equalTo(8))
                .body("[1].percent", equalTo(100));

        List<JsonNode> events =
                CoursePlayerTest.events(ws, id, e -> e.path("type").asText().equals("course.completed"));
        List<JsonNode> commenced = events.stream()
                .filter(e -> e.path("type").asText().equals("course.commenced"))
                .toList();
        assertThat(commenced).hasSize(2);
        assertThat(commenced.stream()
                        .filter(e -> e.path("data").has("collection"))
                        .toList())
                .hasSize(1);
        JsonNode completed = events.stream()
                .filter(e -> e.path("type").asText().equals("course.completed"))
                .findFirst()
                .orElseThrow();
        JsonNode collection = completed.path("data").path("collection");
        assertThat(collection.path("id").isIntegralNumber()).isTrue();
        assertThat(collection.path("id").asLong()).isEqualTo(path.path("id").asLong());
        assertThat(collection.path("key").asText()).isEqualTo(path.path("key").asText());
        assertThat(completed.path("data").path("tracking").path("totalTime").asLong())
                .isEqualTo(8);
    }
}

package org.courseplatform.members;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.courseplatform.platform.testing.TestKafka;
import org.junit.jupiter.api.Test;

/**
 * Nothing of one workspace is visible or changeable with another workspace's key: every
 * members, groups and enrolments endpoint answers 404 (or an empty list) for another
 * workspace's ids, and the owner's data is unchanged afterwards.
 */
@QuarkusTest
class IsolationTest {

    @Test
    void anotherWorkspacesKeySeesAndChangesNothing() {
        long wsA = Admin.workspace("build", "[]");
        Admin.Key a = Admin.key(wsA, "live");
        Admin.Key b = Admin.key(Admin.workspace("build", "[]"), "live");
        String email = MembersApiTest.unique("owned");
        long member = MembersApiTest.as(a)
                .body("{\"email\":\"" + email + "\",\"lastname\":\"Owned\",\"active\":true}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
        long group = MembersApiTest.as(a)
                .body("{\"name\":\"Private group\"}")
                .post("/api/v1/groups")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        long course = 8_000_000 + System.nanoTime() % 1_000_000;
        TestKafka.send(
                "course-events",
                Long.toString(course),
                "{\"specversion\":\"1.0\",\"id\":\"" + UUID.randomUUID()
                        + "\",\"source\":\"/course-service\",\"type\":\"course.created\",\"subject\":\"" + course
                        + "\",\"time\":\""
                        + OffsetDateTime.now() + "\",\"datacontenttype\":\"application/json\",\"workspaceid\":" + wsA
                        + ",\"testmode\":false,\"data\":{\"course\":{\"id\":" + course
                        + ",\"title\":\"Private course\",\"key\":\"PC\","
                        + "\"clientIdentifier\":null,\"identifier\":\"a\",\"type\":\"course\"}}}");
        await().atMost(Duration.ofSeconds(20))
                .until(() -> form(a).formParam("user", member)
                                .formParam("course", course)
                                .post("/api/v1/enrolments")
                                .statusCode()
                        == 201);
        form(a).formParam("user", member)
                .formParam("group", group)
                .post("/api/v1/enrolments")
                .then()
                .statusCode(201);
        long bMember = MembersApiTest.as(b)
                .body("{\"email\":\"" + MembersApiTest.unique("bee") + "\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
        long bGroup = MembersApiTest.as(b)
                .body("{\"name\":\"B group\"}")
                .post("/api/v1/groups")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");

        // Reads: 404 for ids, nothing in lists and searches.
        as(b).get("/api/v1/members/" + member).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        as(b).get("/api/v1/members/" + member + "/groups").then().statusCode(404);
        as(b).queryParam("search", email)
                .get("/api/v1/members")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "0");
        as(b).get("/api/v1/members").then().header("X-Total-Count", "1").body("id", equalTo(List.of((int) bMember)));
        as(b).get("/api/v1/groups/" + group).then().statusCode(404);
        as(b).get("/api/v1/groups").then().header("X-Total-Count", "1");
        as(b).get("/api/v1/enrolments").then().statusCode(200).header("X-Total-Count", "0");
        as(b).queryParam("course", course).get("/api/v1/enrolments").then().header("X-Total-Count", "0");
        as(b).queryParam("user", member).get("/api/v1/enrolments").then().header("X-Total-Count", "0");
        as(b).queryParam("group", group).get("/api/v1/enrolments").then().header("X-Total-Count", "0");
        as(b).queryParam("search", "Private").get("/api/v1/enrolments").then().header("X-Total-Count", "0");

        // Writes: 404 and nothing changes.
        as(b).patch("/api/v1/members/unlink/" + member).then().statusCode(404);
        as(b).delete("/api/v1/members/" + member).then().statusCode(404);
        as(b).delete("/api/v1/groups/" + group).then().statusCode(404);
        form(b).formParam("user", member)
                .formParam("course", course)
                .post("/api/v1/enrolments")
                .then()
                .statusCode(404);
        form(b).formParam("user", bMember)
                .formParam("course", course)
                .post("/api/v1/enrolments")
                .then()
                .statusCode(404);
        form(b).formParam("user", bMember)
                .formParam("group", group)
                .post("/api/v1/enrolments")
                .then()
                .statusCode(404);
        form(b).formParam("group", bGroup)
                .formParam("course", course)
                .post("/api/v1/enrolments")
                .then()
                .statusCode(404);
        as(b).queryParam("user", member)
                .queryParam("course", course)
                .delete("/api/v1/enrolment")
                .then()
                .statusCode(404);
        as(b).queryParam("user", member)
                .queryParam("group", group)
                .delete("/api/v1/enrolment")
                .then()
                .statusCode(404);
        MembersApiTest.as(b)
                .body("{\"students\":[" + member + "],\"courses\":[" + course + "]}")
                .post("/api/v1/enrolments/batch")
                .then()
                .statusCode(404);
        MembersApiTest.as(b)
                .body("{\"students\":[" + bMember + "],\"groups\":[" + group + "]}")
                .post("/api/v1/enrolments/batch")
                .then()
                .statusCode(404);
        MembersApiTest.as(b)
                .body("{\"group\":" + group + ",\"courses\":[" + course + "]}")
                .post("/api/v1/enrolments/group/batch")
                .then()
                .statusCode(404);

        // The owner's data is as it was.
        as(a).get("/api/v1/members/" + member).then().statusCode(200).body("state", equalTo("active"));
        as(a).get("/api/v1/groups/" + group).then().statusCode(200);
        as(a).queryParam("user", member).get("/api/v1/enrolments").then().header("X-Total-Count", "2");
        as(a).get("/api/v1/members/" + member + "/groups").then().body("id", equalTo(List.of((int) group)));
        as(b).get("/api/v1/enrolments").then().header("X-Total-Count", "0");
    }

    private static RequestSpecification as(Admin.Key key) {
        return given().header("Authorization", key.header());
    }

    private static RequestSpecification form(Admin.Key key) {
        return given().header("Authorization", key.header()).contentType(ContentType.URLENC);
    }
}

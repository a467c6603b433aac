package org.courseplatform.members;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.courseplatform.platform.testing.TestKafka;
import org.courseplatform.platform.testing.TestTokens;
import org.junit.jupiter.api.Test;

/** The internal user API agent-gateway's consumer MCP endpoint reads: memberships and enrolled courses. */
@QuarkusTest
class InternalUserApiTest {

    private static String gateway() {
        return "Bearer " + TestTokens.serviceToken("agent-gateway", "members-service");
    }

    /** Tells members-service of a course as course-service would: a course.created event. */
    static void course(long ws, long id, String title, String tenant) {
        String event = "{\"specversion\":\"1.0\",\"id\":\"" + UUID.randomUUID()
                + "\",\"source\":\"/course-service\",\"type\":"
                + "\"course.created\",\"subject\":\"" + id + "\",\"time\":\"" + OffsetDateTime.now()
                + "\",\"datacontenttype\":\"application/json\",\"workspaceid\":" + ws
                + ",\"testmode\":false,\"data\":{\"course\":"
                + "{\"id\":" + id + ",\"title\":\"" + title + "\",\"key\":\"K-" + id + "\",\"clientIdentifier\":"
                + (tenant == null ? "null" : "\"" + tenant + "\"") + ",\"identifier\":\"a\",\"type\":\"course\"}}}";
        TestKafka.send("course-events", Long.toString(id), event);
    }

    private static int enrol(Admin.Key key, String field, long value, String other, long otherValue) {
        return given().header("Authorization", key.header())
                .contentType(ContentType.URLENC)
                .formParam(field, value)
                .formParam(other, otherValue)
                .post("/api/v1/enrolments")
                .statusCode();
    }

    @Test
    void membershipsListEveryWorkspaceWithStateTypeAndPlan() {
        long build = Admin.workspace("build", "[\"scorm_hosting\"]");
        long starter = Admin.workspace("starter", "[]");
        String email = MembersApiTest.unique("consumer");
        long user = MembersApiTest.as(Admin.key(build, "live"))
                .body("{\"email\":\"" + email + "\",\"userType\":\"team\",\"active\":true}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
        Admin.Key starterKey = Admin.key(starter, "live");
        MembersApiTest.as(starterKey)
                .body("{\"email\":\"" + email + "\",\"userType\":\"student\",\"active\":true}")
                .post("/api/v1/members")
                .then()
                .statusCode(200);
        MembersApiTest.as(starterKey)
                .patch("/api/v1/members/unlink/" + user)
                .then()
                .statusCode(204);

        given().header("Authorization", gateway())
                .get("/internal/v1/users/" + user + "/memberships")
                .then()
                .statusCode(200)
                .body("", hasSize(2))
                .body("[0].workspaceId", equalTo((int) build))
                .body("[0].memberId", equalTo((int) user))
                .body("[0].email", equalTo(email))
                .body("[0].userType", equalTo("team"))
                .body("[0].status", equalTo("active"))
                .body("[0].plan", equalTo("build"))
                .body("[0].addons", contains("scorm_hosting"))
                .body("[1].workspaceId", equalTo((int) starter))
                .body("[1].userType", equalTo("student"))
                .body("[1].status", equalTo("inactive"))
                .body("[1].plan", equalTo("starter"));
        given().header("Authorization", gateway())
                .get("/internal/v1/users/999999999/memberships")
                .then()
                .statusCode(200)
                .body("", empty());
    }

    @Test
    void coursesAreTheDirectAndGroupEnrolmentsWithTitlesEachOnce() {
        long ws = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(ws, "live");
        long direct = 7_000_000 + System.nanoTime() % 1_000_000;
        long viaGroup = direct + 1;
        long both = direct + 2;
        course(ws, direct, "Direct course", null);
        course(ws, viaGroup, "Group course", "tenant-a");
        course(ws, both, "Both ways", null);
        long student = MembersApiTest.as(key)
                .body("{\"email\":\"" + MembersApiTest.unique("learner")
                        + "\",\"userType\":\"student\",\"active\":true}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
        long group = MembersApiTest.as(key)
                .body("{\"name\":\"Cohort\"}")
                .post("/api/v1/groups")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        await().atMost(Duration.ofSeconds(20)).until(() -> enrol(key, "user", student, "course", direct) == 201);
        await().atMost(Duration.ofSeconds(20)).until(() -> enrol(key, "group", group, "course", viaGroup) == 201);
        await().atMost(Duration.ofSeconds(20)).until(() -> enrol(key, "group", group, "course", both) == 201);
        enrol(key, "user", student, "group", group);
        enrol(key, "user", student, "course", both);

        given().header("Authorization", gateway())
                .get("/internal/v1/users/" + student + "/courses?workspaceId=" + ws)
                .then()
                .statusCode(200)
                .body("courseId", contains((int) direct, (int) viaGroup, (int) both))
                .body("[0].title", equalTo("Direct course"))
                .body("[0].groupId", nullValue())
                .body("[1].clientIdentifier", equalTo("tenant-a"))
                .body("[1].groupId", equalTo((int) group))
                .body("[1].role", equalTo("student"))
                .body("[2].groupId", nullValue());
        given().header("Authorization", gateway())
                .get("/internal/v1/users/" + student + "/courses?workspaceId=" + (ws + 1000))
                .then()
                .statusCode(200)
                .body("", empty());
    }

    @Test
    void onlyAgentGatewayMayAskAndIdsAreChecked() {
        given().get("/internal/v1/users/1/memberships").then().statusCode(401);
        given().header("Authorization", "Bearer " + TestTokens.serviceToken("course-service", "members-service"))
                .get("/internal/v1/users/1/memberships")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"));
        given().header("Authorization", gateway())
                .get("/internal/v1/users/abc/memberships")
                .then()
                .statusCode(400);
        given().header("Authorization", gateway())
                .get("/internal/v1/users/1/courses")
                .then()
                .statusCode(400);
    }
}

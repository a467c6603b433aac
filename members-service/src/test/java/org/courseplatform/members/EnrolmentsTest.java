package org.courseplatform.members;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.courseplatform.platform.testing.TestKafka;
import org.junit.jupiter.api.Test;

/** Groups and enrolments, checked against the workspace's members, groups and the course projection. */
@QuarkusTest
class EnrolmentsTest {

    static long course(long ws, long id, String title, String type) {
        return course(ws, id, title, type, OffsetDateTime.now());
    }

    static long course(long ws, long id, String title, String type, OffsetDateTime time) {
        String event = "{\"specversion\":\"1.0\",\"id\":\"" + UUID.randomUUID()
                + "\",\"source\":\"/course-service\",\"type\":\"" + type
                + "\",\"subject\":\"" + id + "\",\"time\":\"" + time
                + "\",\"datacontenttype\":\"application/json\","
                + "\"workspaceid\":" + ws + ",\"testmode\":false,\"data\":{\"course\":{\"id\":" + id + ",\"title\":\""
                + title
                + "\",\"key\":\"K-" + id + "\",\"clientIdentifier\":null,\"identifier\":\"a\",\"type\":\"course\"}}}";
        TestKafka.send("course-events", Long.toString(id), event);
        return id;
    }

    static long member(Admin.Key key, String name) {
        return MembersApiTest.as(key)
                .body("{\"email\":\"" + MembersApiTest.unique(name) + "\",\"lastname\":\"" + name
                        + "\",\"active\":true}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    static long group(Admin.Key key, String name) {
        return MembersApiTest.as(key)
                .body("{\"name\":\"" + name + "\"}")
                .post("/api/v1/groups")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    static Response enrol(Admin.Key key, String form) {
        var request = given().header("Authorization", key.header()).contentType(ContentType.URLENC);
        for (String pair : form.split("&")) {
            String[] kv = pair.split("=");
            request.formParam(kv[0], kv[1]);
        }
        return request.post("/api/v1/enrolments");
    }

    @Test
    void theThreeKindsOfEnrolmentAreCreatedOnceAndRemovedBySingularDelete() {
        long ws = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(ws, "live");
        long courseId = course(ws, 5_000_000 + System.nanoTime() % 1_000_000, "Golf for beginners", "course.created");
        long ann = member(key, "Ann");
        long g = group(key, "Team A");
        await().atMost(Duration.ofSeconds(20))
                .until(() -> enrol(key, "user=" + ann + "&course=" + courseId).statusCode() == 201);
        long first = enrol(key, "user=" + ann + "&course=" + courseId)
                .then()
                .statusCode(201)
                .body("user", equalTo((int) ann))
                .body("course", equalTo((int) courseId))
                .body("group", nullValue())
                .body("role", equalTo("student"))
                .extract()
                .jsonPath()
                .getLong("id");
        given().header("Authorization", key.header())
                .queryParam("user", ann)
                .get("/api/v1/enrolments")
                .then()
                .header("X-Total-Count", "1")
                .body("[0].id", equalTo((int) first));
        enrol(key, "user=" + ann + "&group=" + g + "&role=teacher")
                .then()
                .statusCode(201)
                .body("role", equalTo("teacher"))
                .body("course", nullValue());
        enrol(key, "group=" + g + "&course=" + courseId).then().statusCode(201).body("user", nullValue());
        given().header("Authorization", key.header())
                .queryParam("type", "teacher")
                .get("/api/v1/members/" + ann + "/groups")
                .then()
                .statusCode(200)
                .body("name", contains("Team A"))
                .body("[0].role", equalTo("teacher"));
        given().header("Authorization", key.header())
                .queryParam("action", "study")
                .get("/api/v1/members/" + ann + "/groups")
                .then()
                .statusCode(200)
                .body("size()", equalTo(0));
        given().header("Authorization", key.header())
                .queryParam("action", "teach")
                .get("/api/v1/members/" + ann + "/groups")
                .then()
                .statusCode(200)
                .body("name", contains("Team A"));
        given().header("Authorization", key.header())
                .get("/api/v1/members/" + ann + "/groups")
                .then()
                .body("size()", equalTo(1));
        given().header("Authorization", key.header())
                .queryParam("type", "student")
                .get("/api/v1/members/" + ann + "/groups")
                .then()
                .body("size()", equalTo(0));
        given().header("Authorization", key.header())
                .queryParam("type", "boss")
                .get("/api/v1/members/" + ann + "/groups")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("type"));
        given().header("Authorization", key.header())
                .queryParam("action", "learn")
                .get("/api/v1/members/" + ann + "/groups")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("action"));
        given().header("Authorization", key.header())
                .queryParam("search", "beginners")
                .get("/api/v1/enrolments")
                .then()
                .header("X-Total-Count", "2");
        given().header("Authorization", key.header())
                .queryParam("search", "Ann")
                .get("/api/v1/enrolments")
                .then()
                .header("X-Total-Count", "2");
        given().header("Authorization", key.header())
                .queryParam("user", ann)
                .queryParam("group", g)
                .queryParam("role", "teacher")
                .delete("/api/v1/enrolment")
                .then()
                .statusCode(201);
        given().header("Authorization", key.header())
                .queryParam("user", ann)
                .queryParam("group", g)
                .queryParam("role", "teacher")
                .delete("/api/v1/enrolment")
                .then()
                .statusCode(404);
        // A teacher is removed only with role=teacher; the student-role default finds nothing.
        enrol(key, "user=" + ann + "&group=" + g + "&role=teacher").then().statusCode(201);
        given().header("Authorization", key.header())
                .queryParam("user", ann)
                .queryParam("group", g)
                .delete("/api/v1/enrolment")
                .then()
                .statusCode(404);
        given().header("Authorization", key.header())
                .queryParam("user", ann)
                .queryParam("course", courseId)
                .delete("/api/v1/enrolment")
                .then()
                .statusCode(201);
        given().header("Authorization", key.header())
                .queryParam("group", g)
                .queryParam("course", courseId)
                .delete("/api/v1/enrolment")
                .then()
                .statusCode(201);
        given().header("Authorization", key.header())
                .queryParam("user", ann)
                .get("/api/v1/enrolments")
                .then()
                .header("X-Total-Count", "1")
                .body("[0].role", equalTo("teacher"));
        given().header("Authorization", key.header())
                .queryParam("user", ann)
                .delete("/api/v1/enrolment")
                .then()
                .statusCode(400);
    }

    @Test
    void theRoleAskedIsTheRoleStoredOrA400SaysWhichRolesApply() {
        long ws = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(ws, "live");
        long courseId = course(ws, 11_000_000 + System.nanoTime() % 1_000_000, "Coaching", "course.created");
        long tom = member(key, "Tom");
        long g = group(key, "Coaches");
        await().atMost(Duration.ofSeconds(20))
                .until(() -> enrol(key, "user=" + tom + "&course=" + courseId + "&role=teacher")
                                .statusCode()
                        == 201);
        long id = enrol(key, "user=" + tom + "&course=" + courseId + "&role=teacher")
                .then()
                .statusCode(201)
                .body("role", equalTo("teacher"))
                .body("course", equalTo((int) courseId))
                .extract()
                .jsonPath()
                .getLong("id");
        given().header("Authorization", key.header())
                .queryParam("user", tom)
                .queryParam("course", courseId)
                .get("/api/v1/enrolments")
                .then()
                .header("X-Total-Count", "1")
                .body("[0].role", equalTo("teacher"));
        // Repeating without a role keeps the role; another role changes the same row.
        enrol(key, "user=" + tom + "&course=" + courseId)
                .then()
                .statusCode(201)
                .body("id", equalTo((int) id))
                .body("role", equalTo("teacher"));
        enrol(key, "user=" + tom + "&course=" + courseId + "&role=student")
                .then()
                .statusCode(201)
                .body("id", equalTo((int) id))
                .body("role", equalTo("student"));
        // A group in a course has no role of its own: teacher there is refused, not dropped.
        enrol(key, "group=" + g + "&course=" + courseId + "&role=teacher")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("details[0].field", equalTo("role"))
                .body("details[0].message", containsString("student or teacher"));
        given().header("Authorization", key.header())
                .queryParam("group", g)
                .get("/api/v1/enrolments")
                .then()
                .header("X-Total-Count", "0");
        enrol(key, "group=" + g + "&course=" + courseId + "&role=student")
                .then()
                .statusCode(201)
                .body("role", equalTo("student"));
        enrol(key, "user=" + tom + "&course=" + courseId + "&role=boss")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("role"));
    }

    @Test
    void unknownIdsAre404AndBadInputIs400() {
        long ws = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(ws, "live");
        long ann = member(key, "Bea");
        enrol(key, "user=" + ann + "&course=999999999")
                .then()
                .statusCode(404)
                .body("details[0].field", equalTo("course"));
        enrol(key, "user=999999999&group=1").then().statusCode(404);
        enrol(key, "user=" + ann).then().statusCode(400);
        enrol(key, "user=abc&course=1").then().statusCode(400).body("details[0].field", equalTo("user"));
        given().header("Authorization", key.header())
                .queryParam("search", "drop;table")
                .get("/api/v1/enrolments")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("search"));
        given().header("Authorization", key.header())
                .queryParam("length", "101")
                .get("/api/v1/enrolments")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("length"));
        given().header("Authorization", key.header())
                .queryParam("sort", "name")
                .get("/api/v1/enrolments")
                .then()
                .statusCode(400);
    }

    @Test
    void batchesApplyAllOrNothing() {
        long ws = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(ws, "live");
        long c1 = course(ws, 6_000_000 + System.nanoTime() % 1_000_000, "One", "course.created");
        long c2 = course(ws, c1 + 1, "Two", "course.created");
        long a = member(key, "Cid");
        long b = member(key, "Dee");
        long g = group(key, "Batch group");
        await().atMost(Duration.ofSeconds(20))
                .until(() -> enrol(key, "group=" + g + "&course=" + c2).statusCode() == 201);
        MembersApiTest.as(key)
                .body("{\"students\":[" + a + "," + b + ",999999999],\"courses\":[" + c1 + "]}")
                .post("/api/v1/enrolments/batch")
                .then()
                .statusCode(404);
        given().header("Authorization", key.header())
                .queryParam("course", c1)
                .get("/api/v1/enrolments")
                .then()
                .header("X-Total-Count", "0");
        MembersApiTest.as(key)
                .body("{\"students\":[" + a + "," + b + "],\"courses\":[" + c1 + "],\"groups\":[" + g + "]}")
                .post("/api/v1/enrolments/batch")
                .then()
                .statusCode(204);
        given().header("Authorization", key.header())
                .queryParam("course", c1)
                .get("/api/v1/enrolments")
                .then()
                .header("X-Total-Count", "2");
        given().header("Authorization", key.header())
                .queryParam("group", g)
                .get("/api/v1/enrolments")
                .then()
                .header("X-Total-Count", "3");
        MembersApiTest.as(key)
                .body("{\"group\":" + g + ",\"courses\":[" + c1 + "," + c2 + "]}")
                .post("/api/v1/enrolments/group/batch")
                .then()
                .statusCode(204);
        given().header("Authorization", key.header())
                .queryParam("group", g)
                .queryParam("user", "")
                .get("/api/v1/enrolments")
                .then()
                .body("course", hasItem((int) c1));
        // The unfiltered total comes from the workspace's counter: group→c2, 2×c1, 2×group, group→c1.
        given().header("Authorization", key.header())
                .get("/api/v1/enrolments")
                .then()
                .header("X-Total-Count", "6");
        MembersApiTest.as(key)
                .body("{\"students\":[],\"courses\":[" + c1 + "]}")
                .post("/api/v1/enrolments/batch")
                .then()
                .statusCode(400);
    }

    @Test
    void batchesAreCappedPerListAndInTotal() {
        long ws = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(ws, "live");
        String thousandAndOne = ids(1, 1001);
        MembersApiTest.as(key)
                .body("{\"students\":[" + thousandAndOne + "],\"courses\":[1]}")
                .post("/api/v1/enrolments/batch")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("details[0].field", equalTo("students"));
        MembersApiTest.as(key)
                .body("{\"students\":[1],\"groups\":[" + thousandAndOne + "]}")
                .post("/api/v1/enrolments/batch")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("groups"));
        // 200 students x 51 courses = 10,200 enrolments: over the product cap though each list is short.
        MembersApiTest.as(key)
                .body("{\"students\":[" + ids(1, 200) + "],\"courses\":[" + ids(1, 51) + "]}")
                .post("/api/v1/enrolments/batch")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("students"))
                .body("details[0].message", containsString("10200"));
        MembersApiTest.as(key)
                .body("{\"group\":1,\"courses\":[" + thousandAndOne + "]}")
                .post("/api/v1/enrolments/group/batch")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("courses"));
        // Under the caps, unknown ids are still the ordinary 404.
        MembersApiTest.as(key)
                .body("{\"students\":[" + ids(1, 100) + "],\"courses\":[" + ids(1, 100) + "]}")
                .post("/api/v1/enrolments/batch")
                .then()
                .statusCode(404);
    }

    private static String ids(int from, int count) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < count; i++) {
            sb.append(i == 0 ? "" : ",").append(900_000_000 + from + i);
        }
        return sb.toString();
    }

    @Test
    void aCourseRenamedInABurstOfEventsIsSearchedByItsNewestTitleWhateverOrderTheyArriveIn() {
        long ws = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(ws, "live");
        long c = 8_000_000 + System.nanoTime() % 1_000_000;
        OffsetDateTime t0 = OffsetDateTime.now().minusMinutes(1);
        course(ws, c, "Firstname" + c, "course.created", t0);
        course(ws, c, "Newest" + c, "course.updated", t0.plusSeconds(3));
        course(ws, c, "Middle" + c, "course.updated", t0.plusSeconds(2)); // older, arriving last
        course(ws, c + 1, "Other" + c, "course.created", t0); // another course in the same burst
        long m = member(key, "Gil");
        await().atMost(Duration.ofSeconds(20))
                .until(() -> enrol(key, "user=" + m + "&course=" + c).statusCode() == 201);
        await().atMost(Duration.ofSeconds(20))
                .until(() -> enrol(key, "user=" + m + "&course=" + (c + 1)).statusCode() == 201);
        for (String[] search : new String[][] {{"Newest" + c, "1"}, {"Middle" + c, "0"}, {"Firstname" + c, "0"}}) {
            given().header("Authorization", key.header())
                    .queryParam("search", search[0])
                    .get("/api/v1/enrolments")
                    .then()
                    .statusCode(200)
                    .header("X-Total-Count", search[1]);
        }
    }

    @Test
    void deletingAMemberRemovesTheirEnrolmentsAndADeletedCourseCannotBeEnrolled() {
        long ws = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(ws, "live");
        long c = course(ws, 7_000_000 + System.nanoTime() % 1_000_000, "Gone soon", "course.created");
        long m = member(key, "Eve");
        await().atMost(Duration.ofSeconds(20))
                .until(() -> enrol(key, "user=" + m + "&course=" + c).statusCode() == 201);
        given().header("Authorization", key.header())
                .delete("/api/v1/members/" + m)
                .then()
                .statusCode(201);
        given().header("Authorization", key.header())
                .queryParam("course", c)
                .get("/api/v1/enrolments")
                .then()
                .header("X-Total-Count", "0");
        course(ws, c, "Gone soon", "course.deleted");
        long n = member(key, "Fay");
        await().atMost(Duration.ofSeconds(20))
                .until(() -> enrol(key, "user=" + n + "&course=" + c).statusCode() == 404);
    }

    @Test
    void listPagesTenByDefaultOldestFirstAndSearchesEmailsAndCourseKeys() {
        long ws = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(ws, "live");
        long c = course(ws, 9_000_000 + System.nanoTime() % 1_000_000, "Paging course", "course.created");
        long first = member(key, "Pager0");
        await().atMost(Duration.ofSeconds(20))
                .until(() -> enrol(key, "user=" + first + "&course=" + c).statusCode() == 201);
        List<Integer> ids = new ArrayList<>();
        ids.add(enrol(key, "user=" + first + "&course=" + c)
                .then()
                .extract()
                .jsonPath()
                .getInt("id"));
        for (int i = 1; i <= 10; i++) {
            long m = member(key, "Pager" + i);
            ids.add(enrol(key, "user=" + m + "&course=" + c)
                    .then()
                    .statusCode(201)
                    .extract()
                    .jsonPath()
                    .getInt("id"));
        }
        var list = given().header("Authorization", key.header());
        list.get("/api/v1/enrolments")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "11")
                .body("id", equalTo(ids.subList(0, 10)));
        given().header("Authorization", key.header())
                .queryParam("page", "1")
                .queryParam("sort", "created")
                .get("/api/v1/enrolments")
                .then()
                .body("id", equalTo(ids.subList(10, 11)));
        given().header("Authorization", key.header())
                .queryParam("length", "3")
                .queryParam("page", "2")
                .get("/api/v1/enrolments")
                .then()
                .body("id", equalTo(ids.subList(6, 9)));
        given().header("Authorization", key.header())
                .queryParam("length", "0")
                .get("/api/v1/enrolments")
                .then()
                .header("X-Total-Count", "11")
                .body("size()", equalTo(0));
        given().header("Authorization", key.header())
                .queryParam("length", "100")
                .get("/api/v1/enrolments")
                .then()
                .body("size()", equalTo(11));
        // Search: member name, email, course key and title; word characters, hyphen and spaces only.
        given().header("Authorization", key.header())
                .queryParam("search", "pager1")
                .get("/api/v1/enrolments")
                .then()
                .header("X-Total-Count", "2");
        given().header("Authorization", key.header())
                .queryParam("search", "K-" + c)
                .get("/api/v1/enrolments")
                .then()
                .header("X-Total-Count", "11");
        given().header("Authorization", key.header())
                .queryParam("search", "paging COURSE")
                .get("/api/v1/enrolments")
                .then()
                .header("X-Total-Count", "11");
        given().header("Authorization", key.header())
                .queryParam("search", "pager10")
                .queryParam("course", c)
                .get("/api/v1/enrolments")
                .then()
                .header("X-Total-Count", "1")
                .body("[0].id", equalTo(ids.get(10)));
        for (String bad : new String[] {"a@b", "100%", "x'y", "a.b"}) {
            given().header("Authorization", key.header())
                    .queryParam("search", bad)
                    .get("/api/v1/enrolments")
                    .then()
                    .statusCode(400)
                    .body("details[0].field", equalTo("search"));
        }
        for (String[] bad : new String[][] {
            {"length", "-1"},
            {"length", "ten"},
            {"page", "-1"},
            {"page", "1e3"},
            {"course", "abc"},
            {"group", "-4"},
            {"user", "x"}
        }) {
            given().header("Authorization", key.header())
                    .queryParam(bad[0], bad[1])
                    .get("/api/v1/enrolments")
                    .then()
                    .statusCode(400)
                    .body("details[0].field", equalTo(bad[0]));
        }
    }
}

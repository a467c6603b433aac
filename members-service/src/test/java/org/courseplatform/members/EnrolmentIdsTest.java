package org.courseplatform.members;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The spec's enrolment batches take their ids as numbers or strings of digits (one id rule for the
 * whole API); any other value is a 400 naming the entry.
 */
@QuarkusTest
class EnrolmentIdsTest {

    @Test
    void batchesTakeDigitStringIdsAndAnswerNumbers() {
        long ws = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(ws, "live");
        long course = EnrolmentsTest.course(ws, 7_000_000 + System.nanoTime() % 1_000_000, "Ids", "course.created");
        long other = EnrolmentsTest.course(ws, course + 1, "Ids two", "course.created");
        long student = EnrolmentsTest.member(key, "Idris");
        long group = EnrolmentsTest.group(key, "Id group");
        await().atMost(Duration.ofSeconds(20))
                .until(() -> EnrolmentsTest.enrol(key, "group=" + group + "&course=" + other)
                                .statusCode()
                        == 201);

        MembersApiTest.as(key)
                .body("{\"students\":[\"" + student + "\"],\"courses\":[\"" + course + "\"],\"groups\":[\"" + group
                        + "\"]}")
                .post("/api/v1/enrolments/batch")
                .then()
                .statusCode(204);
        given().header("Authorization", key.header())
                .queryParam("user", student)
                .queryParam("course", course)
                .get("/api/v1/enrolments")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "1")
                .body("[0].user", equalTo((int) student))
                .body("[0].course", equalTo((int) course));
        MembersApiTest.as(key)
                .body("{\"group\":\"" + group + "\",\"courses\":[\"" + course + "\"," + other + "]}")
                .post("/api/v1/enrolments/group/batch")
                .then()
                .statusCode(204);
        given().header("Authorization", key.header())
                .queryParam("group", group)
                .queryParam("user", "")
                .get("/api/v1/enrolments")
                .then()
                .body("course", hasItem((int) course));

        for (String bad : List.of("\"abc\"", "\"-1\"", "-1", "1.5", "\"\"", "\"1234567890123456789\"", "true")) {
            MembersApiTest.as(key)
                    .body("{\"students\":[" + student + "," + bad + "],\"courses\":[" + course + "]}")
                    .post("/api/v1/enrolments/batch")
                    .then()
                    .statusCode(400)
                    .body("error.code", equalTo("BAD_REQUEST"))
                    .body("details[0].field", equalTo("students[1]"));
            MembersApiTest.as(key)
                    .body("{\"group\":" + bad + ",\"courses\":[" + course + "]}")
                    .post("/api/v1/enrolments/group/batch")
                    .then()
                    .statusCode(400)
                    .body("details[0].field", equalTo("group"));
        }
    }
}

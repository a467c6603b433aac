package org.courseplatform.systemtests;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.restassured.http.ContentType;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A member's life through the ingress, with a course that course-service announced on course-events. */
class MembersIT {

    @Test
    void aMembersLifeFromCreationToDeletion() {
        long ws = Suite.workspace("build");
        String key = Suite.key(ws, "live")[1];
        String email = "life-" + System.nanoTime() + "@example.com";
        long member = Suite.ingress()
                .header("Authorization", key)
                .contentType(ContentType.JSON)
                .body("{\"email\":\"" + email + "\",\"firstname\":\"Lena\",\"lastname\":\"Life\",\"active\":true}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .body("state", equalTo("active"))
                .extract()
                .jsonPath()
                .getLong("id");
        Suite.ingress()
                .header("Authorization", key)
                .contentType(ContentType.JSON)
                .body("{\"emails\":[\"b1-" + System.nanoTime() + "@example.com\",\"b2-" + System.nanoTime()
                        + "@example.com\"]}")
                .queryParam("userType", "student")
                .post("/api/v1/members/batch")
                .then()
                .statusCode(200)
                .body("size()", equalTo(2));
        long group = Suite.ingress()
                .header("Authorization", key)
                .contentType(ContentType.JSON)
                .body("{\"name\":\"Life group\"}")
                .post("/api/v1/groups")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        long course = Suite.ingress()
                .header("Authorization", key)
                .contentType(ContentType.JSON)
                .body("{\"title\":\"Lifelong golf\",\"identifier\":\"author\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        // course-service's course.created reaches members-service's projection through Kafka.
        await().alias("the enrolment of member " + member + " in course " + course + " to be created")
                .atMost(Duration.ofSeconds(30))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(250))
                .until(
                        () -> Suite.ingress()
                                .header("Authorization", key)
                                .contentType(ContentType.URLENC)
                                .formParam("user", member)
                                .formParam("course", course)
                                .post("/api/v1/enrolments")
                                .statusCode(),
                        status -> status == 201);
        Suite.ingress()
                .header("Authorization", key)
                .contentType(ContentType.URLENC)
                .formParam("user", member)
                .formParam("group", group)
                .formParam("role", "teacher")
                .post("/api/v1/enrolments")
                .then()
                .statusCode(201);
        Suite.ingress()
                .header("Authorization", key)
                .queryParam("search", "Lifelong")
                .get("/api/v1/enrolments")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "1");
        Suite.ingress()
                .header("Authorization", key)
                .queryParam("search", "life")
                .queryParam("sort", "email")
                .get("/api/v1/members")
                .then()
                .statusCode(200)
                .body("email", hasItem(email));
        Suite.ingress()
                .header("Authorization", key)
                .queryParam("type", "teacher")
                .get("/api/v1/members/" + member + "/groups")
                .then()
                .statusCode(200)
                .body("[0].name", equalTo("Life group"));
        Suite.ingress()
                .header("Authorization", key)
                .patch("/api/v1/members/unlink/" + member)
                .then()
                .statusCode(204);
        Suite.ingress()
                .header("Authorization", key)
                .get("/api/v1/members/" + member)
                .then()
                .body("state", equalTo("inactive"));
        Suite.ingress()
                .header("Authorization", key)
                .delete("/api/v1/members/" + member)
                .then()
                .statusCode(201);
        Suite.ingress()
                .header("Authorization", key)
                .get("/api/v1/members/" + member)
                .then()
                .statusCode(404);
        Suite.ingress()
                .header("Authorization", key)
                .queryParam("user", member)
                .get("/api/v1/enrolments")
                .then()
                .header("X-Total-Count", "0");
    }
}

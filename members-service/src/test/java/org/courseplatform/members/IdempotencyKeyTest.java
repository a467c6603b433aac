package org.courseplatform.members;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.is;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Member and enrolment creates honour an Idempotency-Key: a repeat answers the first result, replayed. */
@QuarkusTest
class IdempotencyKeyTest {

    @Test
    void aRepeatedMemberCreateAnswersTheFirstMemberAndAnotherRequestIsRefused() {
        Admin.Key apiKey = Admin.key(Admin.workspace("build", "[]"), "live");
        String key = UUID.randomUUID().toString();
        String email = MembersApiTest.unique("keyed");
        String body = "{\"email\":\"" + email + "\",\"lastname\":\"Keyed\",\"password\":\"correct horse\"}";

        Response first = MembersApiTest.as(apiKey)
                .header("Idempotency-Key", key)
                .body(body)
                .post("/api/v1/members");
        Response again = MembersApiTest.as(apiKey)
                .header("Idempotency-Key", key)
                .body(body)
                .post("/api/v1/members");

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.asString()).isEqualTo(first.asString());
        MembersApiTest.as(apiKey)
                .header("Idempotency-Key", key)
                .body("{\"email\":\"" + MembersApiTest.unique("other") + "\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(422)
                .body("error.status", is(422));
    }

    @Test
    void aRepeatedEnrolmentAnswersTheFirstEnrolment() {
        long workspace = Admin.workspace("build", "[]");
        Admin.Key apiKey = Admin.key(workspace, "live");
        long member = MembersApiTest.as(apiKey)
                .body("{\"email\":\"" + MembersApiTest.unique("learner") + "\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
        long course = 7_000_000 + System.nanoTime() % 1_000_000;
        InternalUserApiTest.course(workspace, course, "Keyed course", null);
        String key = UUID.randomUUID().toString();
        await().atMost(Duration.ofSeconds(20))
                .until(() -> enrol(apiKey, key, member, course).statusCode() == 201);

        Response again = enrol(apiKey, key, member, course);

        assertThat(again.statusCode()).isEqualTo(201);
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.jsonPath().getLong("id")).isPositive();
    }

    private static Response enrol(Admin.Key apiKey, String key, long member, long course) {
        return io.restassured.RestAssured.given()
                .header("Authorization", apiKey.header())
                .header("Idempotency-Key", key)
                .contentType(ContentType.URLENC)
                .formParam("user", member)
                .formParam("course", course)
                .post("/api/v1/enrolments");
    }
}

package org.courseplatform.courses;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.courseplatform.platform.testing.ServiceContract;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

@QuarkusTest
class CourseServiceContractTest extends ServiceContract {

    @Override
    protected Response callPublicEndpoint(String authorization) {
        return as(authorization).get("/v1/headless/courses");
    }

    @Test
    void emptyWorkspaceListsNoCoursesWithTotal() {
        given().header("Authorization", TestKeys.enterprise(TestKeys.newWorkspace()))
                .get("/v1/headless/courses")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "0")
                .body("size()", equalTo(0));
    }

    @Test
    void badPagingIs400NamingTheParameter() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        given().header("Authorization", key)
                .queryParam("page", "-1")
                .get("/v1/headless/courses")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("page"));
        given().header("Authorization", key)
                .queryParam("deleted", "maybe")
                .get("/v1/headless/courses")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("deleted"));
    }
}

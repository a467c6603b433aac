package org.courseplatform.migrations;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.UUID;
import org.courseplatform.platform.testing.ServiceContract;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

@QuarkusTest
class MigrationServiceContractTest extends ServiceContract {

    @Override
    protected Response callPublicEndpoint(String authorization) {
        return as(authorization).get("/v1/headless/course-migrations/" + UUID.randomUUID());
    }

    @Override
    protected int successStatus() {
        return 404;
    }

    @Test
    void unknownOrMalformedBatchIdIs404() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        given().header("Authorization", key)
                .get("/v1/headless/course-migrations/" + UUID.randomUUID())
                .then()
                .statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        given().header("Authorization", key)
                .get("/v1/headless/course-migrations/123")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
    }
}

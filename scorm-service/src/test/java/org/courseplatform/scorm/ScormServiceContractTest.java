package org.courseplatform.scorm;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.courseplatform.platform.testing.ServiceContract;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

@QuarkusTest
class ScormServiceContractTest extends ServiceContract {

    @Override
    protected Response callPublicEndpoint(String authorization) {
        return as(authorization).get("/v1/headless/scorm-package/987654321");
    }

    /** An entitled caller asking for a package that does not exist gets 404. */
    @Override
    protected int successStatus() {
        return 404;
    }

    @Override
    protected String[] entitlement() {
        return new String[] {"build", "scorm_hosting", ""};
    }

    @Test
    void unknownPackageIs404InTheErrorShape() {
        given().header("Authorization", TestKeys.enterprise(TestKeys.newWorkspace()))
                .get("/v1/headless/scorm-package/42")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        given().header("Authorization", TestKeys.enterprise(TestKeys.newWorkspace()))
                .get("/v1/headless/scorm-package/not-a-number")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        given().header("Authorization", TestKeys.enterprise(TestKeys.newWorkspace()))
                .get("/v1/headless/scorm-package/+42")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
    }
}

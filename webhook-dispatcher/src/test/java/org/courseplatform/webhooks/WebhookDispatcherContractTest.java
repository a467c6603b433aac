package org.courseplatform.webhooks;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.courseplatform.platform.testing.ServiceContract;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

@QuarkusTest
class WebhookDispatcherContractTest extends ServiceContract {

    @Override
    protected Response callPublicEndpoint(String authorization) {
        return as(authorization).get("/v1/headless/webhooks");
    }

    @Test
    void newWorkspaceHasNoEndpoints() {
        given().header("Authorization", TestKeys.enterprise(TestKeys.newWorkspace()))
                .get("/v1/headless/webhooks")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "0")
                .body("size()", equalTo(0));
    }
}

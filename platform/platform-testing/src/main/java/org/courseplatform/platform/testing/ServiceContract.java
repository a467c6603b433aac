package org.courseplatform.platform.testing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * What every service promises from day one, inherited by one test class per service: its public
 * endpoint behind the platform's authentication and entitlements, the error shape for unknown
 * paths and bad credentials, health (database and Kafka), metrics and OpenAPI.
 */
public abstract class ServiceContract {

    /** A request carrying this Authorization header, or none when null. */
    protected static io.restassured.specification.RequestSpecification as(String authorization) {
        io.restassured.specification.RequestSpecification request = given();
        return authorization == null ? request : request.header("Authorization", authorization);
    }

    /** Calls the service's public endpoint with this Authorization header (null: none). */
    protected abstract Response callPublicEndpoint(String authorization);

    /** The status the public endpoint answers an entitled caller with. */
    protected int successStatus() {
        return 200;
    }

    /** A key of a new workspace with this plan, add-ons and features (comma-free, '+'-joined). */
    protected String keyFor(String plan, String addons, String features) {
        long workspace = TestKeys.newWorkspace();
        return TestKeys.header(workspace, plan, addons, features, "live");
    }

    /** A key that once worked and was revoked. */
    protected String revokedKey() {
        return TestKeys.revoked(TestKeys.newWorkspace());
    }

    /** The plan, add-ons and features the public endpoint needs; starter with none when it needs only a key. */
    protected String[] entitlement() {
        return new String[] {"build", "", ""};
    }

    /** A key that is valid but lacks the endpoint's entitlement, or null when every key is entitled. */
    protected String unentitledKey() {
        String[] needed = entitlement();
        if (!needed[1].isEmpty() || !needed[2].isEmpty()) {
            return keyFor("enterprise", "", "");
        }
        return "build".equals(needed[0]) ? keyFor("starter", "", "") : null;
    }

    @Test
    void publicEndpointWithoutCredentialsIs401InTheErrorShape() {
        callPublicEndpoint(null).then().statusCode(401).contentType(ContentType.JSON)
                .body("error.code", equalTo("UNAUTHORIZED")).body("error.status", equalTo(401));
    }

    @Test
    void unknownOrRevokedKeyIs401() {
        callPublicEndpoint("SERVICE:" + TestKeys.newWorkspace() + ":cp_live_notakeyatallnotakeyatallnotakeyatall123")
                .then().statusCode(401).body("error.code", equalTo("UNAUTHORIZED"));
        callPublicEndpoint(revokedKey()).then().statusCode(401).body("error.code", equalTo("UNAUTHORIZED"));
    }

    @Test
    void entitledKeySucceeds() {
        String[] needed = entitlement();
        callPublicEndpoint(keyFor(needed[0], needed[1], needed[2])).then().statusCode(successStatus());
    }

    @Test
    void keyWithoutTheEntitlementIs403() {
        String key = unentitledKey();
        Assumptions.assumeTrue(key != null, "every valid key may call this endpoint");
        callPublicEndpoint(key).then().statusCode(403).contentType(ContentType.JSON)
                .body("error.code", equalTo("FORBIDDEN")).body("message", containsString("needs"));
    }

    @Test
    void unknownPathIsJson404() {
        given().get("/definitely/not/here").then().statusCode(404).contentType(ContentType.JSON)
                .body("error.code", equalTo("NOT_FOUND"));
    }

    @Test
    void readinessChecksDatabaseAndKafka() {
        given().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"))
                .body("checks.name", hasItem("kafka"))
                .body("checks.name", hasItem(containsString("Reactive PostgreSQL")));
        given().get("/q/health/live").then().statusCode(200);
    }

    @Test
    void metricsAndOpenApiAreServed() {
        given().get("/q/metrics").then().statusCode(200).body(containsString("jvm_"));
        given().accept("application/json").get("/q/openapi").then().statusCode(200).body("openapi", containsString("3."));
    }
}

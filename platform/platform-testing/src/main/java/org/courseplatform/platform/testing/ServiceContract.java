package org.courseplatform.platform.testing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.Map;
import java.util.function.Predicate;
import org.courseplatform.platform.testing.fuzz.ApiFuzzer;
import org.courseplatform.platform.testing.fuzz.FuzzSettings;
import org.courseplatform.platform.testing.fuzz.Operation;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * What every service promises from day one, inherited by one test class per service: its public
 * endpoint behind the platform's authentication and entitlements, the error shape for unknown
 * paths and bad credentials, health (database and Kafka), metrics and OpenAPI, and a bounded
 * fuzz run of every operation in the service's OpenAPI document ({@link ApiFuzzer}).
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

    /** The Authorization value the fuzz run sends: a key entitled to everything, so requests reach the input handling. */
    protected String fuzzAuthorization() {
        return keyFor("enterprise", "scorm_hosting", "scorm_export");
    }

    /** Operations the fuzz run must not send (say why where you override it); none by default. */
    protected Predicate<Operation> fuzzExcluded() {
        return operation -> false;
    }

    /** Valid JSON bodies for operations whose schema is free-form, by {@code "METHOD /path"}. */
    protected Map<String, String> fuzzExamples() {
        return Map.of();
    }

    /**
     * Valid requests and their mutations for every operation of the service's OpenAPI document:
     * no 5xx, every 4xx in the error shape. 300 requests or 30 s by default; {@code -Dfuzz.seed},
     * {@code -Dfuzz.requests} and {@code -Dfuzz.seconds} replay or lengthen a run.
     */
    @Test
    void fuzzedRequestsNeverAnswer5xxAndEvery4xxIsInTheErrorShape() {
        String service = RestAssured.baseURI + ":" + RestAssured.port;
        ApiFuzzer.builder()
                .openApi(service + "/q/openapi?format=json")
                .target(service)
                .authorization(this::fuzzAuthorization)
                .operatorToken(ConfigProvider.getConfig().getOptionalValue("platform.auth.operator-token", String.class).orElse(null))
                .exclude(fuzzExcluded())
                .examples(fuzzExamples())
                .settings(FuzzSettings.fromSystemProperties(300, 30))
                .build().run().assertNoFailures();
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

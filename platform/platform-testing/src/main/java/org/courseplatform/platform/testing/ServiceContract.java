package org.courseplatform.platform.testing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.restassured.RestAssured;
import io.restassured.builder.RequestSpecBuilder;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.courseplatform.platform.auth.Scopes;
import org.courseplatform.platform.testing.fuzz.ApiFuzzer;
import org.courseplatform.platform.testing.fuzz.FuzzSettings;
import org.courseplatform.platform.testing.fuzz.OpenApi;
import org.courseplatform.platform.testing.fuzz.Operation;
import org.courseplatform.platform.web.TraceIds;
import org.eclipse.microprofile.config.ConfigProvider;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * What every service promises from day one, inherited by one test class per service: its public
 * endpoint behind the platform's authentication and entitlements, the error shape for unknown
 * paths and bad credentials, health (database and Kafka), metrics and OpenAPI, and a bounded
 * fuzz run of every operation in the service's OpenAPI document ({@link ApiFuzzer}), and the
 * service's section of {@code docs/endpoints.md} naming exactly the operations of that document
 * ({@link EndpointsTable}).
 */
public abstract class ServiceContract {

    /** A request carrying this Authorization header, or none when null. */
    protected static RequestSpecification as(String authorization) {
        RequestSpecification request = given();
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
     * no 5xx, every 4xx in the error shape, every answer as the document promises. 300 requests or 30 s by default; {@code -Dfuzz.seed},
     * {@code -Dfuzz.requests} and {@code -Dfuzz.seconds} replay or lengthen a run.
     */
    @Test
    void fuzzedRequestsNeverAnswer5xxKeepTheErrorShapeAndTheOpenApiDocument() {
        String service = RestAssured.baseURI + ":" + RestAssured.port;
        ApiFuzzer.builder()
                .openApi(service + "/q/openapi?format=json")
                .target(service)
                .authorization(this::fuzzAuthorization)
                .operatorToken(ConfigProvider.getConfig()
                        .getOptionalValue("platform.auth.operator-token", String.class)
                        .orElse(null))
                .exclude(fuzzExcluded())
                .examples(fuzzExamples())
                .settings(FuzzSettings.fromSystemProperties(300, 30))
                .build()
                .run()
                .assertNoFailures();
    }

    @Test
    void publicEndpointWithoutCredentialsIs401InTheErrorShape() {
        callPublicEndpoint(null)
                .then()
                .statusCode(401)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("UNAUTHORIZED"))
                .body("error.status", equalTo(401));
    }

    @Test
    void unknownOrRevokedKeyIs401() {
        callPublicEndpoint("SERVICE:" + TestKeys.newWorkspace() + ":cp_live_notakeyatallnotakeyatallnotakeyatall123")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("UNAUTHORIZED"));
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
        callPublicEndpoint(key)
                .then()
                .statusCode(403)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("FORBIDDEN"))
                .body("message", containsString("needs"));
    }

    // ------------------------------------------------------------ service, agent and embed tokens

    /** This service's name: the audience of tokens addressed to it. */
    protected static String self() {
        return ConfigProvider.getConfig().getValue("quarkus.application.name", String.class);
    }

    /** The services whose service tokens this one accepts ({@code platform.auth.service-callers}). */
    protected static List<String> serviceCallers() {
        return ConfigProvider.getConfig()
                .getOptionalValues("platform.auth.service-callers", String.class)
                .orElse(List.of());
    }

    private static String bearer(String token) {
        return "Bearer " + token;
    }

    /** A service token authenticates (then lacks the public endpoint's entitlement: 403) only from a listed caller. */
    @Test
    void serviceTokensAreAcceptedOnlyFromTheServicesAllowedToCall() {
        for (String service : PlatformServices.names()) {
            Response response = callPublicEndpoint(bearer(TestTokens.serviceToken(service, self())));
            if (serviceCallers().contains(service)) {
                response.then().statusCode(403).body("error.code", equalTo("FORBIDDEN"));
            } else {
                response.then()
                        .statusCode(401)
                        .contentType(ContentType.JSON)
                        .body("error.code", equalTo("UNAUTHORIZED"));
            }
        }
    }

    @Test
    void tokensSignedWithAnotherServicesKeyOrAnUnknownKeyAre401() {
        for (String claimed : PlatformServices.names()) {
            String other = PlatformServices.names().stream()
                    .filter(s -> !s.equals(claimed))
                    .findFirst()
                    .orElseThrow();
            for (String type : List.of("service", "agent", "embed")) {
                callPublicEndpoint(bearer(TestTokens.sign(other, claimed, type, self(), Map.of("workspaceId", 1))))
                        .then()
                        .statusCode(401)
                        .body("error.code", equalTo("UNAUTHORIZED"));
                callPublicEndpoint(
                                bearer(TestTokens.signWithUnknownKey(claimed, type, self(), Map.of("workspaceId", 1))))
                        .then()
                        .statusCode(401)
                        .body("error.code", equalTo("UNAUTHORIZED"));
            }
        }
    }

    /** Agent tokens count only from agent-gateway, on agent-gateway; embed tokens are never bearer credentials. */
    @Test
    void agentAndEmbedTokensFromAnotherIssuerAre401() {
        Map<String, Object> agent =
                Map.of("workspaceId", TestKeys.newWorkspace(), "keyId", 1, "identifier", "learner-1", "readonly", true);
        for (String service : PlatformServices.names()) {
            Response response = callPublicEndpoint(bearer(TestTokens.sign(service, "agent", self(), agent)));
            if (service.equals("agent-gateway") && self().equals("agent-gateway")) {
                response.then().statusCode(403).body("error.code", equalTo("FORBIDDEN"));
            } else {
                response.then().statusCode(401).body("error.code", equalTo("UNAUTHORIZED"));
            }
            callPublicEndpoint(
                            bearer(TestTokens.sign(service, "embed", self(), Map.of("workspaceId", 1, "courseId", 1))))
                    .then()
                    .statusCode(401)
                    .body("error.code", equalTo("UNAUTHORIZED"));
        }
    }

    // ------------------------------------------------------------ failed API-key attempts

    private static final AtomicInteger ADDRESSES = new AtomicInteger();

    /** A client address of its own for one test (127.0.0.1 is a trusted proxy in component tests). */
    protected static String newClientAddress() {
        int n = ADDRESSES.incrementAndGet();
        return "198.18." + (n >> 8 & 255) + "." + (n & 255);
    }

    /** Calls the public endpoint as if from {@code address}. */
    protected Response callPublicEndpointFrom(String address, String authorization) {
        RestAssured.requestSpecification =
                new RequestSpecBuilder().addHeader("X-Forwarded-For", address).build();
        try {
            return callPublicEndpoint(authorization);
        } finally {
            RestAssured.requestSpecification = null;
        }
    }

    /**
     * How many API keys members-service has been asked to verify so far. Other services count the
     * calls their members-service stub got; members-service overrides this.
     */
    protected long verificationCalls() {
        String members = ConfigProvider.getConfig().getValue("platform.auth.members-url", String.class);
        return Long.parseLong(given().baseUri(members)
                .port(-1)
                .get("/stub/calls")
                .then()
                .statusCode(200)
                .extract()
                .asString());
    }

    /** Credentials that cannot be an API key: refused without a call to members-service. */
    protected static List<String> implausibleKeys(long workspace) {
        String wellFormed = TestKeys.unknown();
        return List.of(
                "SERVICE:" + workspace + ":cp_live_notakeyatall",
                "SERVICE:" + workspace + ":" + wellFormed + "A",
                "SERVICE:" + workspace + ":" + wellFormed.substring(1),
                "SERVICE:" + workspace + ":cp_prod_" + wellFormed.substring(8),
                "SERVICE:" + workspace + ":" + wellFormed.substring(0, 20) + "+" + wellFormed.substring(21),
                "SERVICE:" + workspace + ":" + wellFormed.substring(0, 20) + "%" + wellFormed.substring(21),
                "SERVICE:0:" + wellFormed,
                "SERVICE:" + workspace + ":stub." + workspace + ".build.-.-.live.x");
    }

    @Test
    void malformedKeysNeverReachMembersService() {
        String address = newClientAddress();
        long before = verificationCalls();
        for (String credential : implausibleKeys(TestKeys.newWorkspace())) {
            callPublicEndpointFrom(address, credential)
                    .then()
                    .statusCode(401)
                    .body("error.code", equalTo("UNAUTHORIZED"));
        }
        assertEquals(before, verificationCalls(), "verifications asked of members-service");
        callPublicEndpointFrom(address, "SERVICE:" + TestKeys.newWorkspace() + ":" + TestKeys.unknown())
                .then()
                .statusCode(401);
        assertEquals(before + 1, verificationCalls(), "a well-formed unknown key is asked about");
    }

    @Test
    void aFloodOfImplausibleKeysLeavesAGoodKeysAnswerInPlace() {
        String[] needed = entitlement();
        String good = keyFor(needed[0], needed[1], needed[2]);
        callPublicEndpointFrom(newClientAddress(), good).then().statusCode(successStatus());
        long before = verificationCalls();
        long workspace = TestKeys.newWorkspace();
        for (int i = 0; i < 300; i++) {
            String address = newClientAddress();
            callPublicEndpointFrom(address, "SERVICE:" + workspace + ":cp_live_flood" + i)
                    .then()
                    .statusCode(401);
        }
        callPublicEndpointFrom(newClientAddress(), good).then().statusCode(successStatus());
        assertEquals(before, verificationCalls(), "the good key's answer was still remembered");
    }

    /**
     * A flood of bogus keys from one address (an office's egress, or the ingress itself when the
     * client address is not forwarded) must not lock out the good keys sent from it: further bad
     * keys from that address get 429, a good key from it is still let in.
     */
    @Test
    void aFloodOfBadKeysFromOneAddressGets429ForBadKeysButNeverForAGoodKeyFromIt() {
        int burst = ConfigProvider.getConfig()
                .getOptionalValue("platform.auth.failure-limit.burst", Integer.class)
                .orElse(100);
        String flooding = newClientAddress();
        long workspace = TestKeys.newWorkspace();
        String[] needed = entitlement();
        String good = keyFor(needed[0], needed[1], needed[2]);
        for (int i = 0; i < burst; i++) {
            callPublicEndpointFrom(flooding, "SERVICE:" + workspace + ":cp_live_bad" + i)
                    .then()
                    .statusCode(401);
        }
        badKeyUntilLimited(flooding, workspace)
                .then()
                .statusCode(429)
                .contentType(ContentType.JSON)
                .header("Retry-After", Matchers.matchesPattern("[1-9][0-9]*"))
                .body("error.code", equalTo("TOO_MANY_REQUESTS"))
                .body("error.status", equalTo(429));
        callPublicEndpointFrom(flooding, good).then().statusCode(successStatus());
        badKeyUntilLimited(flooding, workspace).then().statusCode(429).body("error.code", equalTo("TOO_MANY_REQUESTS"));
        callPublicEndpointFrom(flooding, good).then().statusCode(successStatus());
        callPublicEndpointFrom(newClientAddress(), good).then().statusCode(successStatus());
        // Bearer tokens are verified locally and never limited by address: other services share
        // an address with clients (one host, one proxy), and their calls must still get through.
        String caller = serviceCallers().isEmpty()
                ? PlatformServices.names().get(0)
                : serviceCallers().iterator().next();
        callPublicEndpointFrom(flooding, bearer(TestTokens.serviceToken(caller, self())))
                .then()
                .statusCode(serviceCallers().isEmpty() ? 401 : 403);
    }

    /**
     * Sends well-formed unknown keys from {@code address} until one gets 429, at most 20 (the
     * budget refills at 60 a minute while the test runs): the last answer.
     */
    private Response badKeyUntilLimited(String address, long workspace) {
        Response answer = callPublicEndpointFrom(address, "SERVICE:" + workspace + ":" + TestKeys.unknown());
        for (int extra = 0; extra < 20 && answer.statusCode() == 401; extra++) {
            answer = callPublicEndpointFrom(address, "SERVICE:" + workspace + ":" + TestKeys.unknown());
        }
        return answer;
    }

    @Test
    void unknownPathIsJson404() {
        given().get("/definitely/not/here")
                .then()
                .statusCode(404)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("NOT_FOUND"));
    }

    /**
     * Every answer names its trace in {@code X-Trace-Id}, and an error body quotes the same id as
     * {@code traceId}: what a tenant quotes to support and an operator finds in every log line of
     * the request. A caller's {@code traceparent} is continued, not replaced.
     */
    @Test
    void errorAnswersCarryTheTraceIdOfTheirHeaderAndACallersTraceparentIsContinued() {
        Response notFound = given().get("/definitely/not/here");
        String traceId = notFound.header(TraceIds.HEADER);
        assertThat(traceId, Matchers.matchesPattern("[0-9a-f]{32}"));
        assertThat(traceId, Matchers.not(equalTo("0".repeat(32))));
        notFound.then().statusCode(404).body("traceId", equalTo(traceId));

        Response unauthorized = callPublicEndpoint(null);
        unauthorized.then().statusCode(401).body("traceId", equalTo(unauthorized.header(TraceIds.HEADER)));
        assertThat(unauthorized.header(TraceIds.HEADER), Matchers.not(equalTo(traceId)));

        String callers = "4bf92f3577b34da6a3ce929d0e0e4736";
        given().header("traceparent", "00-" + callers + "-00f067aa0ba902b7-01")
                .get("/definitely/not/here")
                .then()
                .statusCode(404)
                .header(TraceIds.HEADER, callers)
                .body("traceId", equalTo(callers));
    }

    @Test
    void readinessChecksDatabaseAndKafka() {
        given().get("/q/health/ready")
                .then()
                .statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem("kafka"))
                .body("checks.name", hasItem(containsString("Reactive PostgreSQL")));
        given().get("/q/health/live").then().statusCode(200);
    }

    @Test
    void metricsAndOpenApiAreServed() {
        given().get("/q/metrics").then().statusCode(200).body(containsString("jvm_"));
        given().accept("application/json")
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .body("openapi", containsString("3."));
    }

    /**
     * The service's section of {@code docs/endpoints.md} lists exactly the (method, path) pairs of
     * its OpenAPI document. The section as it should be is written to {@code target/endpoints.md};
     * with {@code -Dendpoints.update=true} it replaces the section in {@code docs/endpoints.md}
     * (summaries already written there are kept).
     */
    @Test
    void endpointsTableMatchesTheOpenApiDocument() {
        String document = given().accept("application/json")
                .get("/q/openapi?format=json")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        Path module = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        List<EndpointsTable.Row> rows = EndpointsTable.rows(
                document,
                module.resolve("target/classes"),
                module.resolve("target/test-classes"),
                Thread.currentThread().getContextClassLoader());
        Path file = RepoRoot.find().resolve(EndpointsTable.FILE);
        String markdown = EndpointsTable.read(file);
        String section = EndpointsTable.section(self(), rows, EndpointsTable.documentedSummaries(self(), markdown));
        Path expected = module.resolve("target/endpoints.md");
        EndpointsTable.write(expected, section);
        if (Boolean.getBoolean("endpoints.update")) {
            markdown = EndpointsTable.replaceSection(self(), markdown, section);
            EndpointsTable.write(file, markdown);
        }
        String differences = EndpointsTable.differences(self(), markdown, rows);
        if (differences != null) {
            fail(differences + "\nThe whole section as it should be is in " + expected
                    + "; run this test with -Dendpoints.update=true to write it into " + EndpointsTable.FILE + ".");
        }
    }

    // ------------------------------------------------------------ scoped keys

    /**
     * An {@code Authorization} value of a key of an enterprise workspace (every add-on and
     * feature) issued with exactly these scopes.
     */
    protected String scopedKey(List<String> scopes) {
        return TestKeys.scoped(TestKeys.newWorkspace(), scopes);
    }

    /**
     * Every operation of the service's OpenAPI document that takes API keys and belongs to a scope
     * family (platform-auth {@code Scopes}): a key with every scope but the family's is refused
     * with 403, {@code reason: missing_scope} and the family's message (for members, the spec's
     * "Caller not authorized to manage members"); a key with just the needed scope is not. An
     * operation takes API keys when it answers 401 without credentials and not with a key of
     * full access. Generated from the document, so a new endpoint is covered without a new test.
     */
    @Test
    void everyEndpointOfAScopeFamilyRefusesAKeyWithoutItsScope() {
        List<Operation> operations;
        try (HttpClient client = HttpClient.newHttpClient()) {
            operations = OpenApi.fetch(client, RestAssured.baseURI + ":" + RestAssured.port + "/q/openapi?format=json");
        }
        String fullKey = fuzzAuthorization();
        List<String> checked = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Operation operation : operations) {
            String path = operation.path().replaceAll("\\{[^}/]+}", "1");
            if (!(Scopes.required(operation.method(), path) instanceof Scopes.Needs needs)) {
                continue;
            }
            if (send(operation, path, null).statusCode() != 401
                    || send(operation, path, fullKey).statusCode() == 401) {
                continue; // takes no credentials, or other ones (player sessions, agent tokens)
            }
            List<String> others = Scopes.CATALOGUE.stream()
                    .filter(scope -> !scope.equals(needs.family().scope(false))
                            && !scope.equals(needs.family().scope(true)))
                    .toList();
            Response refused = send(operation, path, scopedKey(others));
            String expected = needs.family().refusal(needs.writes());
            if (refused.statusCode() != 403
                    || !"missing_scope".equals(refused.jsonPath().getString("error.reason"))
                    || !expected.equals(refused.jsonPath().getString("message"))) {
                problems.add(operation.name() + " with scopes " + others + ": expected 403 \"" + expected + "\", got "
                        + refused.statusCode() + " " + refused.asString());
            }
            Response allowed = send(operation, path, scopedKey(List.of(needs.scope())));
            if (allowed.statusCode() == 403
                    && "missing_scope".equals(allowed.jsonPath().getString("error.reason"))) {
                problems.add(operation.name() + " with scope " + needs.scope() + ": refused " + allowed.asString());
            }
            checked.add(operation.name() + " (" + needs.scope() + ")");
        }
        System.out.println("scoped keys: " + checked.size() + " operations checked: " + checked);
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }

    /** The operation with an empty body of its first media type, if it takes one. */
    private static Response send(Operation operation, String path, String authorization) {
        RequestSpecification request = as(authorization).redirects().follow(false);
        if (!operation.bodies().isEmpty()) {
            Operation.Body body = operation.bodies().getFirst();
            request = request.contentType(body.mediaType());
            if (body.json()) {
                request = request.body("{}".getBytes(StandardCharsets.UTF_8));
            } else if (body.form()) {
                request = request.formParam("_", "");
            } else {
                request = request.body(new byte[0]);
            }
        }
        return request.request(operation.method(), path);
    }
}

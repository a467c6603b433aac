package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.restassured.http.ContentType;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/** The six-service suite through the ingress: auth, entitlements, errors, keys and events end to end. */
class FoundationIT {

    static final List<PublicEndpoints> ENDPOINTS = PublicEndpoints.ALL;

    @ParameterizedTest
    @FieldSource("ENDPOINTS")
    void withoutCredentialsEachServiceAnswers401InTheErrorShape(PublicEndpoints endpoint) {
        endpoint.call(Suite.ingress())
                .then()
                .statusCode(401)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("UNAUTHORIZED"))
                .body("error.status", equalTo(401))
                .body("message", startsWith(""));
    }

    @ParameterizedTest
    @FieldSource("ENDPOINTS")
    void withTheDemoKeyEachServiceAnswers(PublicEndpoints endpoint) {
        endpoint.call(Suite.demo()).then().statusCode(endpoint.success());
    }

    @Test
    void aPathNoServiceOwnsGetsTheJson404FromTheIngress() {
        Suite.ingress()
                .get("/nothing/here")
                .then()
                .statusCode(404)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("NOT_FOUND"));
        Suite.ingress()
                .get("/internal/v1/auth/api-keys/verify")
                .then()
                .statusCode(404)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("NOT_FOUND"));
        // nginx's own answers are JSON whatever the path's extension (not image/jpeg for .jpg).
        Suite.ingress()
                .get("/v1/headless/thumbnails/x/..%2F..%2Fetc%2Fpasswd.jpg")
                .then()
                .statusCode(404)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("NOT_FOUND"));
        Suite.ingress().get("/nothing/here.html").then().statusCode(404).contentType(ContentType.JSON);
    }

    /** nginx's own refusals (a NUL in the path, an overlong request line or header) in the error shape, never HTML. */
    @Test
    void theIngressOwnErrorsAreInTheErrorShape() throws Exception {
        URI base = URI.create(Suite.BASE_URL);
        assertThat(rawGet(base, "/v1/head%00less/courses", ""))
                .startsWith("HTTP/1.1 400")
                .contains("\"code\":\"BAD_REQUEST\"")
                .doesNotContain("<html");
        assertThat(rawGet(base, "/v1/headless/courses?x=" + "a".repeat(20_000), ""))
                .startsWith("HTTP/1.1 414")
                .contains("\"code\":\"URI_TOO_LONG\"")
                .doesNotContain("<html");
        assertThat(rawGet(base, "/v1/headless/courses", "X-Big: " + "a".repeat(20_000) + "\r\n"))
                .startsWith("HTTP/1.1 431")
                .contains("\"code\":\"HEADERS_TOO_LARGE\"")
                .doesNotContain("<html");
    }

    private static String rawGet(URI base, String target, String headers) throws Exception {
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream()
                    .write(("GET " + target + " HTTP/1.1\r\nHost: " + base.getHost() + "\r\n" + headers
                                    + "Connection: close\r\n\r\n")
                            .getBytes(StandardCharsets.ISO_8859_1));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void anUnknownPathInsideAServiceIsAJson404() {
        Suite.demo()
                .get("/api/v1/members/x/y/z")
                .then()
                .statusCode(404)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("NOT_FOUND"));
        Suite.demo()
                .get("/v1/headless/no-such-thing")
                .then()
                .statusCode(404)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("NOT_FOUND"));
    }

    @Test
    void malformedJsonIs400InTheErrorShape() {
        Suite.demo()
                .contentType(ContentType.JSON)
                .body("{\"identifier\": ")
                .post("/api/v1/agent/auth")
                .then()
                .statusCode(400)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("message", containsString("JSON"));
        Suite.operator()
                .body("{oops")
                .post("/admin/v1/workspaces")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"));
    }

    @Test
    void aKeyIssuedThroughTheAdminApiWorksAtOnceOnEveryService() {
        long ws = Suite.workspace("enterprise");
        String header = Suite.key(ws, "live")[1];
        for (PublicEndpoints endpoint : ENDPOINTS) {
            endpoint.call(Suite.ingress().header("Authorization", header))
                    .then()
                    .statusCode(endpoint.success());
        }
    }

    @Test
    void aRevokedKeyIsRefusedEverywhereWithin30Seconds() {
        long ws = Suite.workspace("enterprise");
        String[] key = Suite.key(ws, "live");
        for (PublicEndpoints endpoint : ENDPOINTS) {
            endpoint.call(Suite.ingress().header("Authorization", key[1]))
                    .then()
                    .statusCode(endpoint.success());
        }
        Suite.operator()
                .delete("/admin/v1/workspaces/" + ws + "/api-keys/" + key[0])
                .then()
                .statusCode(204);
        List<PublicEndpoints> stillAccepting = new ArrayList<>(ENDPOINTS);
        await().atMost(Duration.ofSeconds(35))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> {
                    stillAccepting.removeIf(endpoint -> {
                        int status = endpoint.call(Suite.ingress().header("Authorization", key[1]))
                                .statusCode();
                        return status == 401;
                    });
                    assertThat(stillAccepting)
                            .as("endpoints still accepting the revoked key after 35 s")
                            .isEmpty();
                });
    }

    @Test
    void aStarterWorkspaceGets403OnBuildAndAboveEndpoints() {
        long ws = Suite.workspace("starter");
        String header = Suite.key(ws, "live")[1];
        Suite.ingress()
                .header("Authorization", header)
                .get("/v1/headless/courses")
                .then()
                .statusCode(403)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("FORBIDDEN"))
                .body("message", containsString("Build"));
        Suite.ingress()
                .header("Authorization", header)
                .contentType(ContentType.JSON)
                .body("{\"identifier\":\"u\"}")
                .post("/api/v1/agent/auth")
                .then()
                .statusCode(403);
        Suite.ingress()
                .header("Authorization", header)
                .get("/api/v1/members")
                .then()
                .statusCode(200);
    }

    @Test
    void workspaceEventsReachTheWebhookDispatcherOnce() throws Exception {
        long ws = Suite.workspace("build");
        Suite.operator()
                .body("{\"plan\":\"scale\"}")
                .patch("/admin/v1/workspaces/" + ws)
                .then()
                .statusCode(200);
        record Workspace(String plan, int revision) {}
        Workspace copy;
        try (Connection db = Suite.database();
                PreparedStatement st =
                        db.prepareStatement("select plan, revision from webhooks.workspace where id = ?")) {
            st.setLong(1, ws);
            copy = await().alias("the plan scale in webhook-dispatcher's copy of workspace " + ws)
                    .atMost(Duration.ofSeconds(30))
                    .pollDelay(Duration.ZERO)
                    .pollInterval(Duration.ofMillis(200))
                    .until(
                            () -> {
                                try (ResultSet rs = st.executeQuery()) {
                                    return rs.next()
                                            ? new Workspace(rs.getString(1), rs.getInt(2))
                                            : new Workspace(null, 0);
                                }
                            },
                            w -> "scale".equals(w.plan()));
        }
        assertThat(copy.revision()).as("created + updated, each applied once").isEqualTo(2);
    }
}

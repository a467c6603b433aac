package org.courseplatform.systemtests;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.UUID;
import org.courseplatform.platform.testing.HttpsReceiver;

/** The running suite, as {@code ./suite env} describes it. */
final class Suite {

    static final String BASE_URL = env("BASE_URL");
    static final long WORKSPACE_ID = Long.parseLong(env("WORKSPACE_ID"));
    static final String API_KEY = env("API_KEY");
    static final String OPERATOR_TOKEN = env("OPERATOR_TOKEN");

    private Suite() {}

    static String env(String name) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(name + " is not set: run the system tests through ./suite test");
        }
        return value;
    }

    /**
     * A webhook subscriber on this machine, as a developer would run one: an HTTPS server whose
     * certificate openssl issues from the suite's local CA ({@code WEBHOOK_CA_CERT} and
     * {@code WEBHOOK_CA_KEY}). It records every request and answers 204.
     */
    static HttpsReceiver receiver() throws Exception {
        return HttpsReceiver.issuedBy(Path.of(env("WEBHOOK_CA_CERT")), Path.of(env("WEBHOOK_CA_KEY")))
                .answer(request -> HttpsReceiver.Answer.status(204));
    }

    /** A request to the ingress with the demo workspace's live key. */
    static RequestSpecification demo() {
        return given().baseUri(BASE_URL).header("Authorization", "SERVICE:" + WORKSPACE_ID + ":" + API_KEY);
    }

    static RequestSpecification ingress() {
        return given().baseUri(BASE_URL);
    }

    /**
     * The ingress's access log once every request sent before this call is in it. nginx writes the
     * log in blocks flushed each second, in the order requests end, so a marker request sent now
     * is written after them: the log is read once the marker is there (within 10 s).
     */
    static String accessLog() {
        Path file = Path.of(env("INGRESS_ACCESS_LOG"));
        String marker = "/access-log-marker/" + UUID.randomUUID();
        ingress().get(marker);
        String[] log = new String[1];
        await().alias("the ingress to write " + marker + " to " + file)
                .atMost(Duration.ofSeconds(10))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(100))
                .until(() -> {
                    log[0] = Files.readString(file);
                    return log[0].contains("GET " + marker + " ");
                });
        return log[0];
    }

    static RequestSpecification operator() {
        return given().baseUri(BASE_URL).auth().oauth2(OPERATOR_TOKEN).contentType(ContentType.JSON);
    }

    /** A new workspace through the admin API; answers its id. */
    static long workspace(String plan) {
        return operator()
                .body("{\"name\":\"System test " + plan + "\",\"plan\":\"" + plan
                        + "\",\"addons\":[\"scorm_hosting\"],\"features\":[],\"userLimit\":null}")
                .post("/admin/v1/workspaces")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    /** A new key of the workspace: {id, Authorization header value}. */
    static String[] key(long workspaceId, String mode) {
        var json = operator()
                .body("{\"mode\":\"" + mode + "\",\"name\":\"system test\"}")
                .post("/admin/v1/workspaces/" + workspaceId + "/api-keys")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        return new String[] {json.getString("id"), "SERVICE:" + workspaceId + ":" + json.getString("key")};
    }

    /** An access token of the suite's Keycloak administrator (master realm). */
    static String keycloakAdminToken() {
        return given().contentType(ContentType.URLENC)
                .formParam("grant_type", "password")
                .formParam("client_id", "admin-cli")
                .formParam("username", env("KEYCLOAK_ADMIN_USER"))
                .formParam("password", env("KEYCLOAK_ADMIN_PASSWORD"))
                .post(env("KEYCLOAK_URL") + "/realms/master/protocol/openid-connect/token")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("access_token");
    }

    /** The admin API of the realm whose issuer this is. */
    static String keycloakRealmAdmin(String issuer) {
        return env("KEYCLOAK_URL") + "/admin/realms/" + issuer.substring(issuer.lastIndexOf('/') + 1);
    }

    static Connection database() throws SQLException {
        String url = env("DATABASE_URL");
        URI uri = URI.create(url);
        String user = uri.getUserInfo() == null ? "postgres" : uri.getUserInfo().split(":")[0];
        return DriverManager.getConnection("jdbc:postgresql://" + uri.getHost() + ":"
                + (uri.getPort() < 0 ? 5432 : uri.getPort()) + uri.getPath() + "?user=" + user);
    }
}

package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What one party can do where it does not belong, tried through the ingress and the suite's
 * Keycloak as the attacker would.
 * <ul>
 * <li>A workspace that creates someone's email with a password of its choosing can sign in as that
 * person, but only into itself: the person's real workspace is refused, and the refusal has
 * Keycloak mail the person a link (caught by the suite's mail catcher). With it they set a password
 * of their own and then reach every workspace of theirs; the other workspace's password no longer
 * signs in.</li>
 * <li>A flood of bogus API keys from one address does not lock out a valid key sent from it.</li>
 * </ul>
 */
class TenantTrustIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    private static final String INITIALIZE = """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",
             "capabilities":{},"clientInfo":{"name":"system-test","version":"1"}}}""";
    private static final String REDIRECT = "http://127.0.0.1:9/callback";

    @Test
    void aPasswordChosenByAnotherWorkspaceNeverOpensTheVictimsWorkspace() throws Exception {
        String mcpUrl = Suite.env("MCP_URL");
        String issuer = Suite.env("KEYCLOAK_ISSUER");
        long attacker = Suite.workspace("build");
        String attackerKey = Suite.key(attacker, "live")[1];
        long home = Suite.workspace("build");
        String homeKey = Suite.key(home, "live")[1];
        String victim = "victim-" + RUN + "@corp.example";
        String attackersPassword = "Attacker-" + UUID.randomUUID();

        // 1. The attacker's workspace creates the victim's email with a password it chose.
        long id = member(attackerKey, victim, attackersPassword);
        // 2. The victim's real workspace adds them as a team member, with its own password.
        assertThat(member(homeKey, victim, "Home-" + UUID.randomUUID())).isEqualTo(id);
        // 3. The attacker signs in on Keycloak with its password (once provisioning has run).
        String client = passwordClient(issuer);
        String attackersToken = await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofSeconds(1))
                .until(() -> token(issuer, client, victim, attackersPassword), t -> t != null);
        assertThat(claims(attackersToken).path("email_verified").asBoolean()).isFalse();
        // 4. ... and is refused in the victim's workspace, by name or otherwise.
        Response refused = mcp(mcpUrl + "?workspaceId=" + home, attackersToken);
        assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(403);
        assertThat(refused.jsonPath().getString("message"))
                .contains("opens that workspace only")
                .contains("mailed you a link");
        assertThat(mcp(mcpUrl + "?workspaceId=" + attacker, attackersToken).statusCode())
                .isEqualTo(200);

        // The refusal had Keycloak mail the person a link; they set a password of their own with it.
        String own = "Own-" + UUID.randomUUID();
        ownPasswordByLink(victim, own);
        // Their own password first: a failed sign-in just before it can trip Keycloak's brute-force
        // detection ("user_temporarily_disabled") and refuse the right password too.
        String ownToken = token(issuer, client, victim, own);
        assertThat(ownToken).isNotNull();
        assertThat(token(issuer, client, victim, attackersPassword))
                .as("the attacker's password no longer signs in")
                .isNull();
        assertThat(claims(ownToken).path("email_verified").asBoolean()).isTrue();
        assertThat(mcp(mcpUrl + "?workspaceId=" + home, ownToken).statusCode()).isEqualTo(200);

        // Members a workspace made with a password still sign in to it: the demo members.
        String demo =
                token(issuer, client, Suite.env("DEMO_TEAM_EMAIL").toLowerCase(), Suite.env("DEMO_TEAM_PASSWORD"));
        assertThat(demo).as("the demo team member signs in").isNotNull();
        assertThat(mcp(mcpUrl, demo).statusCode()).isEqualTo(200);
    }

    @Test
    void aFloodOfBogusKeysFromOneAddressDoesNotLockOutAValidKeyFromIt() throws Exception {
        // From an address of its own (127.0.0.3), so the other tests' addresses are not slowed.
        InetAddress from = InetAddress.getByName("127.0.0.3");
        String bogus = "SERVICE:" + Suite.WORKSPACE_ID + ":cp_live_"
                + Base64.getUrlEncoder()
                        .withoutPadding()
                        .encodeToString(UUID.randomUUID().toString().getBytes(StandardCharsets.UTF_8))
                        .substring(0, 43);
        int limited = 0;
        for (int i = 0; i < 300; i++) {
            int status = status(from, "/api/v1/members", bogus);
            assertThat(status).isIn(401, 429);
            limited += status == 429 ? 1 : 0;
        }
        assertThat(limited).as("bogus keys are slowed per address").isPositive();
        assertThat(status(from, "/api/v1/members", "SERVICE:" + Suite.WORKSPACE_ID + ":" + Suite.API_KEY))
                .as("the valid key from the same address")
                .isEqualTo(200);
    }

    /** The status of a GET through the ingress sent from {@code from}, a loopback address. */
    private static int status(InetAddress from, String path, String authorization) throws Exception {
        URI base = URI.create(Suite.BASE_URL);
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(from, 0));
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5000);
            socket.setSoTimeout(15000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort()
                            + "\r\nAuthorization: " + authorization + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int b;
            while ((b = in.read()) != -1 && b != '\n') {
                line.write(b);
            }
            return Integer.parseInt(line.toString(StandardCharsets.US_ASCII).split(" ")[1]);
        }
    }

    private static long member(String key, String email, String password) {
        return RestAssured.given()
                .baseUri(Suite.BASE_URL)
                .header("Authorization", key)
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", password, "userType", "team"))
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    /** An MCP initialize request to the endpoint with this access token. */
    private static Response mcp(String url, String token) {
        return RestAssured.given()
                .contentType(ContentType.JSON)
                .header("Accept", "application/json, text/event-stream")
                .header("Authorization", "Bearer " + token)
                .body(INITIALIZE)
                .post(url);
    }

    /**
     * A client of the realm, made by its administrator as an operator would, that may use the
     * password grant and the browser flow, with the realm's default
     * scopes, {@code mcp} among them: its tokens are for the MCP resource.
     */
    private static String passwordClient(String issuer) {
        String clientId = "trust-" + RUN;
        RestAssured.given()
                .auth()
                .oauth2(Suite.keycloakAdminToken())
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "clientId",
                        clientId,
                        "publicClient",
                        true,
                        "directAccessGrantsEnabled",
                        true,
                        "standardFlowEnabled",
                        true,
                        "redirectUris",
                        java.util.List.of(REDIRECT)))
                .post(Suite.keycloakRealmAdmin(issuer) + "/clients")
                .then()
                .statusCode(201);
        return clientId;
    }

    /** The access token for this email and password, or null when Keycloak refuses them. */
    private static String token(String issuer, String client, String email, String password) {
        Response answer = RestAssured.given()
                .contentType(ContentType.URLENC)
                .formParam("grant_type", "password")
                .formParam("client_id", client)
                .formParam("username", email)
                .formParam("password", password)
                .formParam("scope", "openid")
                .post(issuer + "/protocol/openid-connect/token");
        return answer.statusCode() == 200 ? answer.jsonPath().getString("access_token") : null;
    }

    private static JsonNode claims(String token) throws Exception {
        return JSON.readTree(Base64.getUrlDecoder().decode(token.split("\\.")[1]));
    }

    /** The link in the mail, as a person follows it in a browser: to the form, a new password twice. */
    private static void ownPasswordByLink(String email, String password) throws Exception {
        Browser browser = new Browser();
        String text = await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> mail(email), t -> t != null && t.contains("action-token"));
        Matcher link =
                Pattern.compile("(https?://\\S*login-actions/action-token\\S*)").matcher(text);
        assertThat(link.find()).as(text).isTrue();
        String page = browser.get(link.group(1));
        for (int i = 0; i < 3 && !page.contains("password-new"); i++) {
            page = browser.get(href(page, "login-actions/"));
        }
        assertThat(page).as("the form to choose a password").contains("password-new");
        browser.post(action(page), Map.of("password-new", password, "password-confirm", password));
    }

    /** The text of the newest mail the mail catcher caught for this address. */
    private static String mail(String to) throws Exception {
        String body = RestAssured.given()
                .queryParam("to", to)
                .get(Suite.env("MAIL_URL") + "/messages")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        JsonNode messages = JSON.readTree(body);
        return messages.isEmpty()
                ? null
                : messages.get(messages.size() - 1).path("text").asText();
    }

    private static String href(String html, String containing) {
        Matcher m = Pattern.compile("href=\"([^\"]*" + Pattern.quote(containing) + "[^\"]*)\"")
                .matcher(html);
        assertThat(m.find()).as("a link to %s in %s", containing, html).isTrue();
        return unescape(m.group(1));
    }

    private static String action(String html) {
        Matcher m = Pattern.compile("action=\"([^\"]+)\"").matcher(html);
        assertThat(m.find()).as("a form in %s", html).isTrue();
        return unescape(m.group(1));
    }

    private static String unescape(String value) {
        return value.replace("&amp;", "&").replace("&#x3D;", "=").replace("&#61;", "=");
    }

    /**
     * A browser's part of the flow: cookies, and redirects followed on Keycloak only. Keycloak
     * marks its cookies Secure, which a browser still sends to 127.0.0.1 (a secure context) and
     * Java's cookie manager does not: the jar is kept here.
     */
    private static final class Browser {
        private final Map<String, String> cookies = new LinkedHashMap<>();
        private final HttpClient http = HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(10))
                .build();

        String get(String url) throws Exception {
            return follow(request(absolute(url)).GET().build());
        }

        String post(String url, Map<String, String> form) throws Exception {
            String body = form.entrySet().stream()
                    .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                            + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                    .collect(Collectors.joining("&"));
            return follow(request(absolute(url))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build());
        }

        /** Keycloak's pages link with paths; they are on Keycloak's origin. */
        private static URI absolute(String url) {
            return URI.create(Suite.env("KEYCLOAK_URL")).resolve(url);
        }

        private HttpRequest.Builder request(URI uri) {
            HttpRequest.Builder builder = HttpRequest.newBuilder(uri);
            if (!cookies.isEmpty()) {
                builder.header(
                        "Cookie",
                        cookies.entrySet().stream()
                                .map(e -> e.getKey() + "=" + e.getValue())
                                .collect(Collectors.joining("; ")));
            }
            return builder;
        }

        private HttpResponse<String> send(HttpRequest request) throws Exception {
            HttpResponse<String> answer = http.send(request, HttpResponse.BodyHandlers.ofString());
            for (String header : answer.headers().allValues("Set-Cookie")) {
                String pair = header.split(";", 2)[0];
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    String value = pair.substring(eq + 1);
                    if (value.isEmpty() || header.toLowerCase().contains("max-age=0")) {
                        cookies.remove(pair.substring(0, eq).strip());
                    } else {
                        cookies.put(pair.substring(0, eq).strip(), value);
                    }
                }
            }
            return answer;
        }

        private String follow(HttpRequest request) throws Exception {
            HttpResponse<String> answer = send(request);
            for (int hops = 0; hops < 10 && answer.statusCode() / 100 == 3; hops++) {
                String location = answer.headers().firstValue("Location").orElseThrow();
                URI next = request.uri().resolve(location);
                if (!next.toString().startsWith(Suite.env("KEYCLOAK_URL"))) {
                    return "redirected to " + next; // the client's redirect: the flow is done
                }
                request = request(next).GET().build();
                answer = send(request);
            }
            assertThat(answer.statusCode()).as(answer.body()).isLessThan(400);
            return answer.body();
        }
    }
}

package org.courseplatform.platform.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.jose4j.jwt.consumer.JwtContext;

/**
 * Stands in for members-service's {@code /internal/v1/auth/api-keys/verify} in another service's
 * component tests, so the real client path runs: service token signing, the REST call, the
 * 30 s cache. The stub checks the service token like members-service does: RS256, addressed to
 * members-service, issued by one of the services members-service's application.properties lists
 * in {@code platform.auth.service-callers} and signed with that service's own key. It keeps no
 * state: a key describes its own workspace (see {@link TestKeys}); a key containing
 * {@code revoked} is refused. {@code GET /stub/calls} answers how many verifications it was asked
 * for, so tests can tell that a credential never reached members-service.
 */
final class MembersStub {

    private static final Pattern WORKSPACE = Pattern.compile("\"workspaceId\"\\s*:\\s*(\\d+)");
    private static final Pattern KEY = Pattern.compile("\"apiKey\"\\s*:\\s*\"([^\"]*)\"");
    private static final JwtConsumer UNVERIFIED = new JwtConsumerBuilder()
            .setSkipAllValidators()
            .setDisableRequireSignature()
            .setSkipSignatureVerification()
            .build();

    final HttpServer server;
    final AtomicInteger calls = new AtomicInteger();
    private final Map<String, JwtConsumer> callers;

    private MembersStub(HttpServer server, Map<String, JwtConsumer> callers) {
        this.server = server;
        this.callers = callers;
    }

    static MembersStub start(Path publicKeys) {
        try {
            Map<String, JwtConsumer> callers = new HashMap<>();
            for (String caller : PlatformServices.serviceCallers("members-service")) {
                String pem = Files.readString(publicKeys.resolve(caller + ".pem"))
                        .replaceAll("-----(BEGIN|END) PUBLIC KEY-----", "")
                        .replaceAll("\\s", "");
                PublicKey key = KeyFactory.getInstance("RSA")
                        .generatePublic(
                                new X509EncodedKeySpec(Base64.getDecoder().decode(pem)));
                callers.put(
                        caller,
                        new JwtConsumerBuilder()
                                .setRequireExpirationTime()
                                .setExpectedIssuer(caller)
                                .setExpectedAudience("members-service")
                                .setVerificationKey(key)
                                .setJwsAlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT, "RS256")
                                .build());
            }
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            MembersStub stub = new MembersStub(server, Map.copyOf(callers));
            server.createContext("/internal/v1/auth/api-keys/verify", stub::verify);
            server.createContext("/internal/v1/auth/api-keys/", stub::status);
            server.createContext("/stub/calls", exchange -> reply(exchange, 200, Integer.toString(stub.calls.get())));
            server.createContext("/stub/keys/", stub::change);
            server.start();
            return stub;
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the members-service stub", e);
        }
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void verify(HttpExchange exchange) throws IOException {
        calls.incrementAndGet();
        if (!authorized(exchange)) {
            return;
        }
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Matcher ws = WORKSPACE.matcher(body);
        Matcher key = KEY.matcher(body);
        if (!ws.find() || !key.find()) {
            reply(exchange, 400, "{\"message\":\"bad request\",\"error\":{\"code\":\"BAD_REQUEST\",\"status\":400}}");
            return;
        }
        keys.put((long) Math.abs(key.group(1).hashCode()), key.group(1));
        reply(exchange, 200, answer(Long.parseLong(ws.group(1)), key.group(1)));
    }

    /**
     * {@code GET /internal/v1/auth/api-keys/{keyId}?workspaceId=}: the standing of a key this stub
     * has verified before (agent tokens are minted from verified keys), with the changes a test
     * made through {@code /stub/keys}.
     */
    private void status(HttpExchange exchange) throws IOException {
        calls.incrementAndGet();
        if (!authorized(exchange)) {
            return;
        }
        String id = exchange.getRequestURI().getPath().substring("/internal/v1/auth/api-keys/".length());
        String query = exchange.getRequestURI().getQuery();
        Matcher ws = Pattern.compile("workspaceId=(\\d+)").matcher(query == null ? "" : query);
        String key = id.matches("\\d{1,18}") ? keys.get(Long.parseLong(id)) : null;
        if (key == null || !ws.find() || revoked.contains(Long.parseLong(id))) {
            reply(exchange, 200, "{\"valid\":false,\"addons\":[],\"features\":[]}");
            return;
        }
        String answer = answer(Long.parseLong(ws.group(1)), key);
        String plan = plans.get(Long.parseLong(id));
        reply(
                exchange,
                200,
                plan == null ? answer : answer.replaceFirst("\"plan\":\"[a-z]+\"", "\"plan\":\"" + plan + "\""));
    }

    /**
     * Failure injection for tests: {@code POST /stub/keys/{keyId}/revoke} revokes a key and
     * {@code POST /stub/keys/{keyId}/plan/{plan}} changes its workspace's plan, as an operator would.
     */
    private void change(HttpExchange exchange) throws IOException {
        String[] parts = exchange.getRequestURI()
                .getPath()
                .substring("/stub/keys/".length())
                .split("/");
        long id = Long.parseLong(parts[0]);
        if (parts.length == 2 && "revoke".equals(parts[1])) {
            revoked.add(id);
        } else if (parts.length == 3 && "plan".equals(parts[1])) {
            plans.put(id, parts[2]);
        } else {
            reply(exchange, 404, "{}");
            return;
        }
        reply(exchange, 200, "{}");
    }

    private final Map<Long, String> keys = new ConcurrentHashMap<>();
    private final Set<Long> revoked = ConcurrentHashMap.newKeySet();
    private final Map<Long, String> plans = new ConcurrentHashMap<>();

    /** Checks the service token as members-service does; answers 401 and false when it fails. */
    private boolean authorized(HttpExchange exchange) throws IOException {
        String auth = exchange.getRequestHeaders().getFirst("Authorization");
        try {
            if (auth == null || !auth.startsWith("Bearer ")) {
                throw new IllegalArgumentException("no bearer");
            }
            JwtContext context = UNVERIFIED.process(auth.substring(7));
            JwtConsumer consumer = callers.get(context.getJwtClaims().getIssuer());
            if (consumer == null) {
                throw new IllegalArgumentException("not a caller of members-service");
            }
            consumer.processContext(context);
            if (!"service".equals(context.getJwtClaims().getStringClaimValue("typ"))) {
                throw new IllegalArgumentException("not a service token");
            }
        } catch (Exception e) {
            reply(
                    exchange,
                    401,
                    "{\"message\":\"service token required\",\"error\":{\"code\":\"UNAUTHORIZED\",\"status\":401}}");
            return false;
        }
        return true;
    }

    /** Keys are {@link TestKeys}'s: {@code cp_<mode>_w<workspaceId>-<plan>-<addons>-<features>-<filler>}. */
    static String answer(long workspaceId, String key) {
        TestKeys.Described d = TestKeys.describe(key);
        if (d == null || key.contains("revoked") || d.workspaceId() != workspaceId) {
            return "{\"valid\":false,\"addons\":[],\"features\":[]}";
        }
        return "{\"valid\":true,\"workspaceId\":" + workspaceId + ",\"keyId\":" + Math.abs(key.hashCode())
                + ",\"mode\":\"" + d.mode() + "\",\"plan\":\"" + d.plan() + "\",\"addons\":" + list(d.addons())
                + ",\"features\":" + list(d.features())
                + (d.scopes() == null ? "" : ",\"scopes\":" + list(d.scopes())) + "}";
    }

    private static String list(List<String> names) {
        return "[" + String.join(",", names.stream().map(n -> "\"" + n + "\"").toList()) + "]";
    }

    private static void reply(HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    void stop() {
        server.stop(0);
    }
}

package org.courseplatform.platform.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;

/**
 * Stands in for members-service's {@code /internal/v1/auth/api-keys/verify} in another service's
 * component tests, so the real client path runs: service token signing, the REST call, the
 * 30 s cache. The stub checks the service token like members-service does. It keeps no state:
 * a key describes its own workspace (see {@link TestKeys}); a key containing {@code revoked}
 * is refused.
 */
final class MembersStub {

    private static final Pattern WORKSPACE = Pattern.compile("\"workspaceId\"\\s*:\\s*(\\d+)");
    private static final Pattern KEY = Pattern.compile("\"apiKey\"\\s*:\\s*\"([^\"]*)\"");

    final HttpServer server;
    final AtomicInteger calls = new AtomicInteger();
    private final JwtConsumer tokens;

    private MembersStub(HttpServer server, JwtConsumer tokens) {
        this.server = server;
        this.tokens = tokens;
    }

    static MembersStub start(Path publicKeyPem) {
        try {
            String pem = java.nio.file.Files.readString(publicKeyPem)
                    .replaceAll("-----(BEGIN|END) PUBLIC KEY-----", "").replaceAll("\\s", "");
            PublicKey key = KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(pem)));
            JwtConsumer consumer = new JwtConsumerBuilder().setRequireExpirationTime().setExpectedIssuer("course-platform")
                    .setExpectedAudience("members-service").setVerificationKey(key).build();
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            MembersStub stub = new MembersStub(server, consumer);
            server.createContext("/internal/v1/auth/api-keys/verify", stub::verify);
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
        String auth = exchange.getRequestHeaders().getFirst("Authorization");
        try {
            if (auth == null || !auth.startsWith("Bearer ")) {
                throw new IllegalArgumentException("no bearer");
            }
            var claims = tokens.processToClaims(auth.substring(7));
            if (!"service".equals(claims.getStringClaimValue("typ"))) {
                throw new IllegalArgumentException("not a service token");
            }
        } catch (Exception e) {
            reply(exchange, 401, "{\"message\":\"service token required\",\"error\":{\"code\":\"UNAUTHORIZED\",\"status\":401}}");
            return;
        }
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Matcher ws = WORKSPACE.matcher(body);
        Matcher key = KEY.matcher(body);
        if (!ws.find() || !key.find()) {
            reply(exchange, 400, "{\"message\":\"bad request\",\"error\":{\"code\":\"BAD_REQUEST\",\"status\":400}}");
            return;
        }
        reply(exchange, 200, answer(Long.parseLong(ws.group(1)), key.group(1)));
    }

    /** Keys look like {@code stub.<workspaceId>.<plan>.<addon+addon|->.<feature+feature|->.<mode>.<nonce>}. */
    static String answer(long workspaceId, String key) {
        String[] parts = key.split("\\.");
        if (parts.length != 7 || !parts[0].equals("stub") || key.contains("revoked")
                || !parts[1].equals(Long.toString(workspaceId))) {
            return "{\"valid\":false,\"addons\":[],\"features\":[]}";
        }
        return "{\"valid\":true,\"workspaceId\":" + workspaceId + ",\"keyId\":" + Math.abs(key.hashCode())
                + ",\"mode\":\"" + parts[5] + "\",\"plan\":\"" + parts[2] + "\",\"addons\":" + list(parts[3])
                + ",\"features\":" + list(parts[4]) + "}";
    }

    private static String list(String part) {
        if (part.equals("-")) {
            return "[]";
        }
        List<String> names = Arrays.asList(part.split("\\+"));
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

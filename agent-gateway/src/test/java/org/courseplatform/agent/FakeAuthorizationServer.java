package org.courseplatform.agent;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPublicKey;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;

/**
 * The authorization server of the consumer MCP endpoint's component tests: a tiny HTTP server
 * that serves what a resource server reads of one (the OpenID discovery document and the JWKS)
 * for an RSA key made here. {@link MemberTokens} signs access tokens with that key, as Keycloak
 * would sign them, so the real quarkus-oidc validation runs. Sign-in, consent and registration
 * are the authorization server's business and run against the real Keycloak in the system tests.
 */
public class FakeAuthorizationServer implements QuarkusTestResourceLifecycleManager {

    static final String REALM_PATH = "/realms/course-platform";
    static final String KEY_ID = "test-key-1";

    private HttpServer server;

    @Override
    public Map<String, String> start() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            KeyPair pair = generator.generateKeyPair();
            Path key = Files.createTempFile("cp-test-as-", ".key");
            key.toFile().deleteOnExit();
            Files.write(key, pair.getPrivate().getEncoded());
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            String issuer = "http://127.0.0.1:" + server.getAddress().getPort() + REALM_PATH;
            String discovery =
                    "{\"issuer\":\"" + issuer + "\",\"jwks_uri\":\"" + issuer + "/protocol/openid-connect/certs\","
                            + "\"authorization_endpoint\":\"" + issuer + "/protocol/openid-connect/auth\","
                            + "\"token_endpoint\":\"" + issuer + "/protocol/openid-connect/token\","
                            + "\"response_types_supported\":[\"code\"],\"subject_types_supported\":[\"public\"],"
                            + "\"id_token_signing_alg_values_supported\":[\"RS256\"]}";
            RSAPublicKey publicKey = (RSAPublicKey) pair.getPublic();
            String jwks = "{\"keys\":[{\"kty\":\"RSA\",\"kid\":\"" + KEY_ID
                    + "\",\"use\":\"sig\",\"alg\":\"RS256\",\"n\":\"" + base64(publicKey.getModulus()) + "\",\"e\":\""
                    + base64(publicKey.getPublicExponent()) + "\"}]}";
            server.createContext(
                    REALM_PATH + "/.well-known/openid-configuration", exchange -> reply(exchange, discovery));
            server.createContext(REALM_PATH + "/protocol/openid-connect/certs", exchange -> reply(exchange, jwks));
            server.start();
            return Map.of("consumer-mcp.issuer", issuer, MemberTokens.KEY_PROPERTY, key.toString());
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the test authorization server", e);
        }
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private static String base64(BigInteger value) {
        byte[] bytes = value.toByteArray();
        if (bytes.length > 1 && bytes[0] == 0) {
            bytes = Arrays.copyOfRange(bytes, 1, bytes.length);
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static void reply(HttpExchange exchange, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}

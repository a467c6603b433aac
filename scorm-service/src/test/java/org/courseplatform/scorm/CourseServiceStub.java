package org.courseplatform.scorm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;

/**
 * Stands in for course-service's {@code /internal/v1/courses} (create a SCORM course, set its
 * title) in scorm-service's component tests, as the members stub does for API keys: the real
 * client path runs (service token, REST client, fault tolerance) and the token is checked like
 * course-service does. The real course-service is exercised by the system tests. A course whose
 * title is "fail-create" makes creation answer 500, for failure tests. {@code GET /{id}} lets
 * tests read what scorm-service wrote.
 */
final class CourseServiceStub {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final JwtConsumer tokens;
    private final Map<Long, ObjectNode> courses = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong(System.nanoTime() % 1_000_000 * 100);

    private CourseServiceStub(HttpServer server, JwtConsumer tokens) {
        this.server = server;
        this.tokens = tokens;
    }

    static CourseServiceStub start(Path publicKeyPem) {
        try {
            String pem = Files.readString(publicKeyPem).replaceAll("-----(BEGIN|END) PUBLIC KEY-----", "").replaceAll("\\s", "");
            PublicKey key = KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(pem)));
            JwtConsumer consumer = new JwtConsumerBuilder().setRequireExpirationTime().setExpectedIssuer("course-platform")
                    .setExpectedAudience("course-service").setVerificationKey(key).build();
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            CourseServiceStub stub = new CourseServiceStub(server, consumer);
            server.createContext("/internal/v1/courses", stub::handle);
            server.start();
            return stub;
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the course-service stub", e);
        }
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    void stop() {
        server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        String auth = exchange.getRequestHeaders().getFirst("Authorization");
        try {
            if (auth == null || !auth.startsWith("Bearer ")) {
                throw new IllegalArgumentException("no bearer");
            }
            if (!"service".equals(tokens.processToClaims(auth.substring(7)).getStringClaimValue("typ"))) {
                throw new IllegalArgumentException("not a service token");
            }
        } catch (Exception e) {
            reply(exchange, 401, error("UNAUTHORIZED", 401));
            return;
        }
        String path = exchange.getRequestURI().getPath().substring("/internal/v1/courses".length());
        String method = exchange.getRequestMethod();
        JsonNode body = method.equals("GET") ? null : JSON.readTree(exchange.getRequestBody());
        if (method.equals("POST") && path.isEmpty()) {
            if ("fail-create".equals(body.path("title").asText())) {
                reply(exchange, 500, error("INTERNAL", 500));
                return;
            }
            long id = ids.incrementAndGet();
            ObjectNode course = JSON.createObjectNode().put("id", id).put("type", "scorm").put("title", body.path("title").asText())
                    .put("key", "K" + id).put("identifier", body.path("identifier").asText())
                    .put("workspaceId", body.path("workspaceId").asLong())
                    .put("testMode", body.path("testMode").asBoolean());
            course.set("clientIdentifier", body.path("clientIdentifier"));
            courses.put(id, course);
            reply(exchange, 201, course.toString());
            return;
        }
        String[] parts = path.split("/");
        if (parts.length >= 2 && parts[1].matches("\\d+")) {
            ObjectNode course = courses.get(Long.parseLong(parts[1]));
            if (course == null || (body != null && body.path("workspaceId").asLong() != course.path("workspaceId").asLong())) {
                reply(exchange, 404, error("NOT_FOUND", 404));
                return;
            }
            if (method.equals("PUT") && parts.length == 3 && parts[2].equals("title")) {
                course.put("title", body.path("title").asText());
                reply(exchange, 200, course.toString());
                return;
            }
            if (method.equals("GET") && parts.length == 2) {
                reply(exchange, 200, course.toString());
                return;
            }
        }
        reply(exchange, 404, error("NOT_FOUND", 404));
    }

    private static String error(String code, int status) {
        return "{\"message\":\"" + code + "\",\"error\":{\"code\":\"" + code + "\",\"status\":" + status + "}}";
    }

    private static void reply(HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }
}

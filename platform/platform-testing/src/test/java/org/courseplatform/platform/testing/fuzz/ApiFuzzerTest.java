package org.courseplatform.platform.testing.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fuzzer against a small JDK HTTP server with known bugs: it must find them, report each
 * once per (operation, mutation, status), reuse ids from earlier answers, and send exactly the
 * same requests again for the same seed.
 */
class ApiFuzzerTest {

    /** Two operations: create a thing (JSON body with $ref, required name) and get one by id with paging. */
    private static final String DOCUMENT = """
            {"openapi": "3.1.0", "info": {"title": "things"},
             "paths": {
               "/things": {"post": {"requestBody": {"required": true, "content": {"application/json":
                   {"schema": {"$ref": "#/components/schemas/Thing"}}}},
                   "responses": {"201": {"description": "created", "content": {"application/json":
                       {"schema": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}}}}}}},
               "/things/{id}": {"get": {"parameters": [
                   {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
                   {"name": "page", "in": "query", "schema": {"type": "string"}},
                   {"name": "length", "in": "query", "schema": {"type": "string"}}],
                   "responses": {"200": {"description": "one", "content": {"application/json":
                       {"schema": {"$ref": "#/components/schemas/Thing"}}}}}}}},
             "components": {"schemas": {"Thing": {"type": "object", "required": ["name"],
                 "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 50},
                                "size": {"type": "integer", "format": "int32", "minimum": 1}}}}}}
            """;

    private HttpServer server;
    private String url;

    @TempDir
    Path dir;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/q/openapi", exchange -> answer(exchange, 200, "application/json", DOCUMENT));
        server.createContext("/things", ApiFuzzerTest::things);
        server.start();
        url = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    /**
     * The bugs: a NUL escape in the body is a 500, a body that is not declared JSON gets an HTML 400,
     * a page number of ten digits is a 500, and with a {@code length} the thing comes without the
     * name its schema requires to be a string. Everything else answers as it should.
     */
    private static void things(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String path = exchange.getRequestURI().getRawPath();
        String query = exchange.getRequestURI().getRawQuery();
        if (exchange.getRequestMethod().equals("POST") && path.equals("/things")) {
            if (body.contains("\\u0000")) {
                answer(exchange, 500, "text/plain", "NUL");
            } else if (!String.valueOf(exchange.getRequestHeaders().getFirst("Content-Type"))
                    .startsWith("application/json")) {
                answer(exchange, 400, "text/html", "<html>bad</html>");
            } else if (body.startsWith("{\"name\":\"") && !body.contains(",\"name\"")) {
                answer(exchange, 201, "application/json", "{\"id\":7}");
            } else {
                answer(exchange, 400, "application/json", error(400, "BAD_REQUEST"));
            }
        } else if (exchange.getRequestMethod().equals("GET") && path.matches("/things/[^/]+")) {
            if (query != null && query.matches(".*page=\\d{10}.*")) {
                answer(exchange, 500, "application/json", error(500, "INTERNAL"));
            } else if (path.equals("/things/7") && query != null && query.contains("length=")) {
                answer(exchange, 200, "application/json", "{\"id\":7,\"name\":null}");
            } else if (path.equals("/things/7")) {
                answer(exchange, 200, "application/json", "{\"id\":7,\"name\":\"seven\"}");
            } else {
                answer(exchange, 404, "application/json", error(404, "NOT_FOUND"));
            }
        } else {
            answer(exchange, 405, "application/json", error(405, "METHOD_NOT_ALLOWED"));
        }
    }

    private static String error(int status, String code) {
        return "{\"message\":\"m\",\"error\":{\"code\":\"" + code + "\",\"status\":" + status + "}}";
    }

    private static void answer(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    private FuzzReport run(long seed, Path log) {
        return ApiFuzzer.builder()
                .openApi(url + "/q/openapi")
                .target(url)
                .authorization(() -> "SERVICE:1:key")
                .settings(new FuzzSettings(seed, 800, 60, 10, log))
                .build()
                .run();
    }

    @Test
    void findsTheKnownBugsOncePerOperationMutationAndStatus() {
        FuzzReport report = run(42, null);
        List<String> keys = report.findings().stream()
                .map(f -> f.request().operation() + " " + f.request().mutation() + " " + f.status())
                .toList();
        assertTrue(keys.contains("POST /things CONTROL_CHARS 500"), keys::toString);
        assertTrue(keys.contains("POST /things CONTENT_TYPE 400"), keys::toString);
        assertTrue(keys.contains("GET /things/{id} PAGING_EXTREMES 500"), keys::toString);
        assertTrue(
                report.findings().stream()
                        .anyMatch(f -> f.status() == 200
                                && f.problem().startsWith("contract:")
                                && f.problem().contains("$.name: is null")),
                keys::toString);
        assertEquals(
                report.findings().size(),
                report.findings().stream()
                        .map(FuzzReport.Finding::key)
                        .distinct()
                        .count(),
                "one finding per (operation, mutation, status, kind)");
        assertTrue(report.findings().stream().allMatch(f -> report.count(f) >= 1));
        AssertionError failure = assertThrows(AssertionError.class, report::assertNoFailures);
        assertTrue(failure.getMessage().contains("fuzz seed=42"), "the report names the seed");
        assertTrue(failure.getMessage().contains("-Dfuzz.seed=42"), "the report says how to replay");
        assertFalse(failure.getMessage().contains("SERVICE:1:key"), "the report never prints the credential");
    }

    @Test
    void theSameSeedSendsTheSameRequestsAndReusesIdsFromEarlierAnswers() throws IOException {
        run(7, dir.resolve("first.log"));
        run(7, dir.resolve("second.log"));
        List<String> first = Files.readAllLines(dir.resolve("first.log"));
        assertEquals(800, first.size());
        assertEquals(first, Files.readAllLines(dir.resolve("second.log")));
        assertTrue(
                first.stream().anyMatch(line -> line.contains(" 200 VALID ") && line.contains("GET /things/7")),
                "the id of a created thing is asked for later");
        run(8, dir.resolve("other.log"));
        assertFalse(first.equals(Files.readAllLines(dir.resolve("other.log"))), "another seed, other requests");
    }

    @Test
    void theErrorShapeIsCheckedOnEvery4xx() {
        String good =
                "{\"message\":\"No\",\"error\":{\"code\":\"NOT_FOUND\",\"status\":404},\"details\":[{\"field\":\"id\",\"message\":\"x\"}]}";
        assertNull(ErrorShape.problem(404, "application/json", bytes(good)));
        assertNull(ErrorShape.problem(200, "text/html", bytes("<html>")));
        assertTrue(ErrorShape.problem(503, "application/json", bytes(good)).contains("server error"));
        assertTrue(ErrorShape.problem(404, "text/html", bytes(good)).contains("Content-Type"));
        assertTrue(ErrorShape.problem(404, null, bytes(good)).contains("Content-Type"));
        assertTrue(ErrorShape.problem(400, "application/json", bytes(good)).contains("error.status"));
        assertTrue(ErrorShape.problem(404, "application/json", bytes("{\"error\":{\"code\":\"X\",\"status\":404}}"))
                .contains("message"));
        assertTrue(ErrorShape.problem(404, "application/json", bytes("{\"message\":\"m\",\"error\":{\"status\":404}}"))
                .contains("code"));
        assertTrue(ErrorShape.problem(
                        404,
                        "application/json",
                        bytes("{\"message\":\"m\",\"error\":{\"code\":\"X\",\"status\":404},\"details\":{}}"))
                .contains("details"));
        assertTrue(ErrorShape.problem(
                        404,
                        "application/json",
                        bytes(
                                "{\"message\":\"m\",\"error\":{\"code\":\"X\",\"status\":404},\"details\":[{\"field\":1}]}"))
                .contains("detail"));
        assertTrue(ErrorShape.problem(404, "application/json", bytes("[]")).contains("object"));
        assertTrue(ErrorShape.problem(404, "application/json", bytes("nope")).contains("not JSON"));
    }

    @Test
    void openApiOperationsHaveTheirRefsResolvedAndUndeclaredPathVariablesFilledIn() throws IOException {
        var doc = new ObjectMapper().readTree("""
                {"openapi": "3.0.3", "info": {"title": "t"}, "paths": {
                  "/a/{x}/b/{rest: .*}": {"get": {}, "delete": {}},
                  "/c": {"post": {"requestBody": {"content": {"application/x-www-form-urlencoded": {"schema":
                      {"type": "object", "properties": {"user": {"type": "string"}}}}}}}}}}
                """);
        List<Operation> operations = OpenApi.parse(doc);
        assertEquals(3, operations.size());
        Operation get = operations.get(0);
        assertEquals(
                List.of("x", "rest"),
                get.in("path").stream().map(Operation.Parameter::name).toList());
        assertEquals(Set.of("GET", "DELETE"), get.pathMethods());
        assertTrue(operations.get(2).hasFormBody());
        assertFalse(operations.get(2).hasJsonBody());
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}

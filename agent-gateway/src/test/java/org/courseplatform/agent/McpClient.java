package org.courseplatform.agent;

import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A minimal Streamable HTTP MCP client for component tests: JSON-RPC over POST, answers read
 * whether the server replies with JSON or with an SSE stream. The system tests use the official
 * TypeScript SDK; this one lets a test see every status and header.
 */
final class McpClient {

    static final String PATH = "/api/v1/agent/mcp";
    static final String VERSION = "2025-06-18";

    final String token;
    final String path;
    String sessionId;
    String protocolVersion = VERSION;
    private final AtomicInteger ids = new AtomicInteger();

    McpClient(String token) {
        this(token, PATH);
    }

    McpClient(String token, String path) {
        this.token = token;
        this.path = path;
    }

    /** initialize + notifications/initialized; answers the initialize result. */
    JsonNode connect() {
        return connect(VERSION);
    }

    JsonNode connect(String version) {
        ObjectNode params = Agents.JSON.createObjectNode().put("protocolVersion", version);
        params.putObject("capabilities");
        params.putObject("clientInfo").put("name", "component-test").put("version", "1.0");
        Response response = post(request("initialize", params));
        response.then().statusCode(200);
        sessionId = response.header("Mcp-Session-Id");
        JsonNode result = body(response).get("result");
        protocolVersion = result.get("protocolVersion").asText();
        post(Agents.JSON
                        .createObjectNode()
                        .put("jsonrpc", "2.0")
                        .put("method", "notifications/initialized")
                        .toString())
                .then()
                .statusCode(202);
        return result;
    }

    /** A JSON-RPC request that must answer 200; answers the whole JSON-RPC response. */
    JsonNode rpc(String method, JsonNode params) {
        Response response = post(request(method, params));
        response.then().statusCode(200);
        return body(response);
    }

    /** tools/call; answers the JSON-RPC response (result or error). */
    JsonNode call(String tool, String arguments) {
        ObjectNode params = Agents.JSON.createObjectNode().put("name", tool);
        params.set("arguments", Agents.read(arguments));
        return rpc("tools/call", params);
    }

    String request(String method, JsonNode params) {
        ObjectNode request = Agents.JSON
                .createObjectNode()
                .put("jsonrpc", "2.0")
                .put("id", ids.incrementAndGet())
                .put("method", method);
        if (params != null) {
            request.set("params", params);
        }
        return request.toString();
    }

    Response post(String body) {
        return spec().body(body).post(path);
    }

    RequestSpecification spec() {
        RequestSpecification spec = given().auth()
                .oauth2(token)
                .contentType(ContentType.JSON)
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", protocolVersion);
        return sessionId == null ? spec : spec.header("Mcp-Session-Id", sessionId);
    }

    /** The JSON-RPC message of a response, whether sent as JSON or as the data of an SSE event. */
    static JsonNode body(Response response) {
        String text = response.asString();
        String type = response.contentType() == null ? "" : response.contentType();
        if (type.startsWith("text/event-stream")) {
            for (String line : text.split("\n")) {
                if (line.startsWith("data:")) {
                    JsonNode message = Agents.read(line.substring(5).trim());
                    if (message.has("id")) {
                        return message;
                    }
                }
            }
            throw new AssertionError("no JSON-RPC response in the event stream: " + text);
        }
        return Agents.read(text);
    }
}

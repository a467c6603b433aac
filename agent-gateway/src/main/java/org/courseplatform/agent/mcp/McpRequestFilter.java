package org.courseplatform.agent.mcp;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkiverse.mcp.server.JsonRpcErrorCodes;
import io.quarkiverse.mcp.server.runtime.McpMessageHandler;
import io.quarkus.logging.Log;
import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.vertx.http.runtime.security.SecurityHandlerPriorities;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.courseplatform.agent.tool.ToolRunner;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.courseplatform.platform.web.JsonBodies;
import org.courseplatform.platform.web.RouterErrors;
import org.courseplatform.platform.web.StrictJson;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Plain JSON-RPC 2.0 over HTTP on both MCP endpoints (SPEC.md: "JSON-RPC 2.0 over HTTP"), in
 * front of the MCP extension, which speaks Streamable HTTP only as its official clients do: the
 * agents' ({@code quarkus.mcp.server.http.root-path}) and the members' consumer endpoint
 * ({@code quarkus.mcp.server.consumer.http.root-path}), the same rules for each. A Vert.x route on
 * each endpoint's path, after authentication and the endpoint's own HTTP permission
 * ({@link McpPolicy}; {@code ConsumerMcpPolicy} for the consumer endpoint), before the extension's
 * own route. The extension has no setting for any of this (1.13.0: its
 * {@code streamable.auto-init}, set for both servers in application.properties, serves requests
 * without a session; everything else here it answers with a bare status or an exception), so:
 * <ul>
 * <li>{@code Accept}: a client that takes {@code application/json} (or {@code *}{@code /*}, or
 * sends no Accept) is served JSON; the extension wants both JSON and {@code text/event-stream}
 * listed, so the header is completed for it. A batch of several requests is answered as an
 * event stream, so it needs {@code text/event-stream}. Anything else is 406 saying what to send.</li>
 * <li>A notification without a session (a stateless client's {@code notifications/initialized})
 * is taken (202): there is no session to tell.</li>
 * <li>An unsupported {@code MCP-Protocol-Version}, a GET or DELETE without a session: a 4xx
 * that says which header or step is wrong, instead of the extension's bare status.</li>
 * <li>A body that is not a JSON-RPC message (not JSON, not an object or a non-empty array of
 * objects, {@code params} not an object): a JSON-RPC error that says what is wrong, instead of
 * the extension's -32700 without a reason or its 500.</li>
 * <li>A NUL character (or an unpaired surrogate) in a string: the platform's JSON reader refuses
 * it, so the extension could not read the message at all and answered -32700 with no id. In a
 * {@code tools/call}'s arguments it is the failed tool result REST answers for the same body
 * ({@code isError}, REST's message naming the argument), for the request's id; elsewhere an
 * invalid-params error for that id.</li>
 * <li>A {@code null} argument ({@code apply_theme {themeId: null}}): the extension copies the
 * arguments into an immutable map that refuses null values and fails the call with -32603. The
 * null arguments are taken out here and named in the message's {@code _meta} under
 * {@value #NULL_ARGUMENTS}; {@link McpTools} puts them back before the call is run.</li>
 * </ul>
 */
@ApplicationScoped
public class McpRequestFilter {

    /** The {@code _meta} key naming a {@code tools/call}'s null arguments, for {@link McpTools}. */
    public static final String NULL_ARGUMENTS = "org.courseplatform/null-arguments";

    /** Right after the HTTP permission checks (each endpoint's policy), before the extension's route. */
    static final int ORDER = -SecurityHandlerPriorities.AUTHORIZATION + 1;

    private static final String BOTH = "application/json, text/event-stream";
    private static final String EMPTY =
            "The body is empty; send a JSON-RPC 2.0 message: {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":...}";
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final ObjectMapper strict;
    private final ObjectMapper lenient;
    private final JsonBodies bodies;
    private final List<String> roots;
    private final long maxBody;

    public McpRequestFilter(
            ObjectMapper strict,
            JsonBodies bodies,
            @ConfigProperty(name = "quarkus.mcp.server.http.root-path") String root,
            @ConfigProperty(name = "quarkus.mcp.server.consumer.http.root-path") String consumerRoot,
            @ConfigProperty(name = "quarkus.http.limits.max-body-size", defaultValue = "10240K") MemorySize maxBody) {
        this.strict = strict;
        this.bodies = bodies;
        this.roots = List.of(root, consumerRoot);
        this.maxBody = maxBody.asLongValue();
        // The platform's reader without its NUL rule, to find the id of a message that holds one.
        this.lenient = JsonMapper.builder()
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .build();
        this.lenient
                .getFactory()
                .setStreamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(StrictJson.MAX_DEPTH)
                        .build());
    }

    /** The same two routes on each endpoint's path. */
    void install(@Observes Router router) {
        for (String root : roots) {
            router.route(root).order(ORDER).handler(this::headers);
            router.post(root)
                    .order(ORDER + 1)
                    .handler(BodyHandler.create(false).setBodyLimit(maxBody))
                    .handler(this::body);
        }
    }

    /** The request line and headers: Accept, MCP-Protocol-Version, the session a GET or DELETE needs. */
    private void headers(RoutingContext ctx) {
        String version = ctx.request().getHeader("MCP-Protocol-Version");
        if (version != null && !McpMessageHandler.SUPPORTED_PROTOCOL_VERSIONS.contains(version)) {
            refuse(
                    ctx,
                    ErrorCode.BAD_REQUEST,
                    "MCP-Protocol-Version " + quote(version) + " is not supported; send one of "
                            + String.join(", ", McpMessageHandler.SUPPORTED_PROTOCOL_VERSIONS)
                            + " (the one initialize answered), or leave the header out");
            return;
        }
        HttpMethod method = ctx.request().method();
        boolean session = ctx.request().getHeader(McpPolicy.SESSION_HEADER) != null;
        if (method == HttpMethod.GET && !session) {
            ctx.response().putHeader(HttpHeaders.ALLOW, "GET, POST, DELETE");
            refuse(
                    ctx,
                    ErrorCode.METHOD_NOT_ALLOWED,
                    "GET opens the event stream of a session and needs the Mcp-Session-Id that initialize answered;"
                            + " send JSON-RPC requests with POST");
            return;
        }
        if (method == HttpMethod.DELETE && !session) {
            refuse(ctx, ErrorCode.BAD_REQUEST, "DELETE ends a session: send the Mcp-Session-Id to end");
            return;
        }
        if (method != HttpMethod.POST) {
            ctx.next();
            return;
        }
        List<String> accepts = ctx.request().headers().getAll(HttpHeaders.ACCEPT);
        if (!Accept.admits(accepts, "application", "json")) {
            refuse(
                    ctx,
                    ErrorCode.NOT_ACCEPTABLE,
                    "Accept must include application/json (answers are JSON; add text/event-stream to take them as"
                            + " an event stream as well); got " + quote(String.join(", ", accepts)));
            return;
        }
        if (!Accept.admits(accepts, "text", "event-stream")) {
            ctx.put(Accept.class.getName(), Boolean.FALSE);
        }
        // The extension serves only clients that list both types; JSON is what this client gets.
        ctx.request().headers().set(HttpHeaders.ACCEPT, BOTH);
        ctx.next();
    }

    /** The body: a JSON-RPC message the extension can read, with its null arguments set aside. */
    private void body(RoutingContext ctx) {
        Buffer buffer = ctx.body().buffer();
        byte[] bytes = buffer == null ? new byte[0] : buffer.getBytes();
        if (new String(bytes, StandardCharsets.UTF_8).isBlank()) {
            rpcError(ctx, 400, null, JsonRpcErrorCodes.INVALID_REQUEST, EMPTY);
            return;
        }
        JsonNode message;
        try {
            message = strict.readValue(bytes, JsonNode.class);
        } catch (IOException e) {
            unreadable(ctx, bytes);
            return;
        }
        String problem = notJsonRpc(message);
        if (problem != null) {
            rpcError(ctx, 400, null, JsonRpcErrorCodes.INVALID_REQUEST, problem);
            return;
        }
        if (message.isArray() && message.size() > 1 && Boolean.FALSE.equals(ctx.get(Accept.class.getName()))) {
            refuse(
                    ctx,
                    ErrorCode.NOT_ACCEPTABLE,
                    "A batch of several messages is answered as an event stream: add text/event-stream to Accept,"
                            + " or send one message per request");
            return;
        }
        boolean session = ctx.request().getHeader(McpPolicy.SESSION_HEADER) != null;
        if (!session && onlyNotifications(message)) {
            // A stateless client's notifications/initialized, cancelled, ...: no session to tell.
            ctx.response().setStatusCode(202).end();
            return;
        }
        if (setAsideNullArguments(message)) {
            try {
                ctx.setBody(Buffer.buffer(strict.writeValueAsBytes(message)));
            } catch (IOException e) {
                ctx.fail(e);
                return;
            }
        }
        ctx.next();
    }

    /**
     * A body the platform's JSON reader refused. When it is JSON all the same (it holds a NUL
     * character or an unpaired surrogate), the message is answered for its id; otherwise with
     * JSON-RPC's parse error, which has no id, saying where the JSON breaks.
     */
    private void unreadable(RoutingContext ctx, byte[] bytes) {
        JsonNode message;
        try {
            message = lenient.readTree(bytes);
        } catch (IOException e) {
            rpcError(
                    ctx,
                    400,
                    null,
                    JsonRpcErrorCodes.PARSE_ERROR,
                    "The body is not JSON: " + restMessageOrDefault(new String(bytes, StandardCharsets.UTF_8)));
            return;
        }
        if (message == null || !message.isObject() || !message.hasNonNull("id")) {
            rpcError(ctx, 400, null, JsonRpcErrorCodes.INVALID_REQUEST, restMessageOrDefault(message));
            return;
        }
        JsonNode id = message.get("id");
        JsonNode arguments = message.path("params").path("arguments");
        String refused = arguments.isObject() ? restMessage(arguments) : null;
        if ("tools/call".equals(message.path("method").asText()) && refused != null) {
            // As POST /api/v1/agent/tools/{name} answers this body: refused before the tool runs.
            ObjectNode result = JSON.objectNode().put("isError", true);
            result.putArray("content").addObject().put("type", "text").put("text", refused);
            ObjectNode answer = JSON.objectNode().put("jsonrpc", "2.0");
            answer.set("id", id);
            answer.set("result", result);
            write(ctx, 200, answer);
            return;
        }
        rpcError(ctx, 200, id, JsonRpcErrorCodes.INVALID_PARAMS, restMessageOrDefault(message));
    }

    /** What the REST layer answers for this JSON as a body: its message, naming the field; null when it reads it. */
    private String restMessage(Object json) {
        try {
            bodies.optional(json instanceof String text ? text : String.valueOf(json), JsonNode.class, null);
            return null;
        } catch (ApiException e) {
            return e.getMessage();
        }
    }

    private String restMessageOrDefault(Object json) {
        String message = restMessage(json);
        return message == null ? "The JSON cannot be read" : message;
    }

    /** Why the JSON is not a JSON-RPC message (or batch) the extension can take; null when it is. */
    private static String notJsonRpc(JsonNode message) {
        if (message == null || message.isMissingNode()) {
            return EMPTY;
        }
        if (message.isArray()) {
            if (message.isEmpty()) {
                return "An empty batch has no message to answer";
            }
            for (JsonNode item : message) {
                String problem = notAMessage(item);
                if (problem != null) {
                    return "In the batch: " + problem;
                }
            }
            return null;
        }
        return notAMessage(message);
    }

    private static String notAMessage(JsonNode message) {
        if (!message.isObject()) {
            return "A JSON-RPC message is an object: {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":...}";
        }
        JsonNode params = message.get("params");
        if (params != null && !params.isNull() && !params.isObject()) {
            return "params must be an object (MCP names its parameters)";
        }
        JsonNode arguments = params == null ? null : params.get("arguments");
        if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
            return "params.arguments must be an object: "
                    + ToolRunner.notAnObject().text();
        }
        return null;
    }

    private static boolean onlyNotifications(JsonNode message) {
        if (message.isArray()) {
            for (JsonNode item : message) {
                if (!isNotification(item)) {
                    return false;
                }
            }
            return true;
        }
        return isNotification(message);
    }

    private static boolean isNotification(JsonNode message) {
        return message.has("method") && !message.has("id");
    }

    /**
     * Takes the null arguments out of every {@code tools/call} and names them in its
     * {@code _meta}; answers whether anything changed.
     */
    private static boolean setAsideNullArguments(JsonNode message) {
        if (message.isArray()) {
            boolean changed = false;
            for (JsonNode item : message) {
                changed |= setAsideNullArguments(item);
            }
            return changed;
        }
        if (!"tools/call".equals(message.path("method").asText())
                || !(message.path("params").path("arguments") instanceof ObjectNode arguments)) {
            return false;
        }
        List<String> nulls = new ArrayList<>();
        for (Map.Entry<String, JsonNode> argument : arguments.properties()) {
            if (argument.getValue().isNull()) {
                nulls.add(argument.getKey());
            }
        }
        if (nulls.isEmpty()) {
            return false;
        }
        ObjectNode params = (ObjectNode) message.get("params");
        JsonNode meta = params.get("_meta");
        if (meta != null && !meta.isObject()) {
            return false;
        }
        ObjectNode named = meta == null ? params.putObject("_meta") : (ObjectNode) meta;
        ArrayNode list = named.putArray(NULL_ARGUMENTS);
        nulls.forEach(name -> {
            arguments.remove(name);
            list.add(name);
        });
        Log.debugf("Set aside the null arguments %s of a tools/call", nulls);
        return true;
    }

    private static void refuse(RoutingContext ctx, ErrorCode code, String message) {
        RouterErrors.write(ctx, code, message);
    }

    private void rpcError(RoutingContext ctx, int status, JsonNode id, int code, String message) {
        ObjectNode answer = JSON.objectNode().put("jsonrpc", "2.0");
        answer.set("id", id == null ? JSON.nullNode() : id);
        answer.putObject("error").put("code", code).put("message", message);
        write(ctx, status, answer);
    }

    private void write(RoutingContext ctx, int status, JsonNode answer) {
        ctx.response()
                .setStatusCode(status)
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .end(answer.toString());
    }

    /** A header value for a message: printable ASCII, 100 characters at most. */
    private static String quote(String value) {
        StringBuilder sb = new StringBuilder("'");
        for (int i = 0; i < value.length() && i < 100; i++) {
            char c = value.charAt(i);
            sb.append(c >= 0x20 && c < 0x7f ? c : '?');
        }
        return sb.append(value.length() > 100 ? "…'" : "'").toString();
    }

    /** The media ranges of Accept headers (RFC 9110 12.5.1), as far as this endpoint needs them. */
    static final class Accept {

        private Accept() {}

        /** Whether the headers admit {@code type/subtype}; no Accept at all admits anything. */
        static boolean admits(List<String> headers, String type, String subtype) {
            if (headers.stream().allMatch(String::isBlank)) {
                return true;
            }
            for (String header : headers) {
                for (String range : header.split(",")) {
                    String[] parts = range.split(";");
                    String media = parts[0].trim().toLowerCase(Locale.ROOT);
                    if (media.isEmpty() || zeroQuality(parts)) {
                        continue;
                    }
                    if (media.equals("*/*") || media.equals(type + "/*") || media.equals(type + "/" + subtype)) {
                        return true;
                    }
                }
            }
            return false;
        }

        private static boolean zeroQuality(String[] parts) {
            for (int i = 1; i < parts.length; i++) {
                String parameter = parts[i].trim().toLowerCase(Locale.ROOT);
                if (parameter.startsWith("q=")) {
                    try {
                        return Double.parseDouble(parameter.substring(2).trim()) <= 0;
                    } catch (NumberFormatException e) {
                        return false;
                    }
                }
            }
            return false;
        }
    }
}

package org.courseplatform.platform.testing.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Reads a service's OpenAPI 3 document (as Quarkus serves it on {@code /q/openapi?format=json}) into {@link Operation}s. */
public final class OpenApi {

    private static final Set<String> METHODS = Set.of("get", "post", "put", "patch", "delete", "options");
    /** A schema that refers to itself is cut off at this depth; generated values need no more. */
    private static final int MAX_REF_DEPTH = 8;

    private final JsonNode root;
    private final String service;

    private OpenApi(JsonNode root) {
        this.root = root;
        this.service = root.path("info").path("title").asText("service");
    }

    /** Fetches the document at {@code url} and answers its operations, in document order. */
    public static List<Operation> fetch(HttpClient client, String url) {
        try {
            HttpResponse<byte[]> response = client.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .timeout(Duration.ofSeconds(30))
                            .header("Accept", "application/json")
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("GET " + url + " answered " + response.statusCode());
            }
            return parse(new ObjectMapper().readTree(response.body()));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the OpenAPI document at " + url + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static List<Operation> parse(JsonNode document) {
        return new OpenApi(document).operations();
    }

    private List<Operation> operations() {
        List<Operation> operations = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : root.path("paths").properties()) {
            JsonNode item = resolve(entry.getValue(), new ArrayDeque<>());
            Set<String> methods = new LinkedHashSet<>();
            for (Map.Entry<String, JsonNode> field : item.properties()) {
                if (METHODS.contains(field.getKey())) {
                    methods.add(field.getKey().toUpperCase(Locale.ROOT));
                }
            }
            for (String method : methods) {
                JsonNode operation = item.path(method.toLowerCase(Locale.ROOT));
                List<Operation.Parameter> parameters = new ArrayList<>();
                addParameters(item.path("parameters"), parameters);
                addParameters(operation.path("parameters"), parameters);
                addPathTemplateParameters(entry.getKey(), parameters);
                operations.add(new Operation(
                        service,
                        method,
                        entry.getKey(),
                        List.copyOf(parameters),
                        bodies(operation.path("requestBody")),
                        Set.copyOf(methods),
                        responses(operation.path("responses"))));
            }
        }
        return operations;
    }

    private void addParameters(JsonNode list, List<Operation.Parameter> into) {
        for (JsonNode raw : list) {
            JsonNode p = resolve(raw, new ArrayDeque<>());
            String name = p.path("name").asText();
            String in = p.path("in").asText();
            if (name.isEmpty() || in.equals("cookie")) {
                continue;
            }
            into.removeIf(
                    existing -> existing.name().equals(name) && existing.in().equals(in));
            into.add(new Operation.Parameter(
                    name,
                    in,
                    p.path("required").asBoolean(in.equals("path")),
                    inline(p.path("schema"), new ArrayDeque<>())));
        }
    }

    /** A template variable the document forgot to declare still has to be filled in. */
    private static void addPathTemplateParameters(String path, List<Operation.Parameter> into) {
        int from = 0;
        while ((from = path.indexOf('{', from)) >= 0) {
            int to = path.indexOf('}', from);
            if (to < 0) {
                return;
            }
            String name = path.substring(from + 1, to);
            int colon = name.indexOf(':');
            String bare = (colon < 0 ? name : name.substring(0, colon)).trim();
            if (into.stream().noneMatch(p -> p.in().equals("path") && p.name().equals(bare))) {
                into.add(new Operation.Parameter(bare, "path", true, JsonNodeFactory.instance.objectNode()));
            }
            from = to + 1;
        }
    }

    private List<Operation.Body> bodies(JsonNode requestBody) {
        if (requestBody.isMissingNode()) {
            return List.of();
        }
        JsonNode body = resolve(requestBody, new ArrayDeque<>());
        List<Operation.Body> bodies = new ArrayList<>();
        for (Map.Entry<String, JsonNode> type : body.path("content").properties()) {
            bodies.add(new Operation.Body(
                    type.getKey().toLowerCase(Locale.ROOT),
                    inline(type.getValue().path("schema"), new ArrayDeque<>()),
                    body.path("required").asBoolean(false)));
        }
        return List.copyOf(bodies);
    }

    /** Each documented status with its media types and their schemas, {@code $ref}s inlined; an empty map for no content. */
    private Map<String, Map<String, JsonNode>> responses(JsonNode responses) {
        Map<String, Map<String, JsonNode>> byStatus = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : responses.properties()) {
            JsonNode response = resolve(entry.getValue(), new ArrayDeque<>());
            Map<String, JsonNode> content = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> type : response.path("content").properties()) {
                content.put(
                        type.getKey().toLowerCase(Locale.ROOT),
                        inline(type.getValue().path("schema"), new ArrayDeque<>()));
            }
            byStatus.put(entry.getKey().toUpperCase(Locale.ROOT), Map.copyOf(content));
        }
        return Collections.unmodifiableMap(byStatus);
    }

    /** Follows a {@code $ref} chain to the node it names (shallow). */
    private JsonNode resolve(JsonNode node, Deque<String> seen) {
        while (node.has("$ref") && seen.size() < MAX_REF_DEPTH) {
            String ref = node.get("$ref").asText();
            if (!ref.startsWith("#") || seen.contains(ref)) {
                return JsonNodeFactory.instance.objectNode();
            }
            seen.push(ref);
            node = root.at(ref.substring(1));
        }
        return node;
    }

    /** A copy of a schema with every {@code $ref} replaced by what it names, cycles cut to {@code {}}. */
    private JsonNode inline(JsonNode schema, Deque<String> stack) {
        if (schema.isMissingNode() || schema.isNull()) {
            return JsonNodeFactory.instance.objectNode();
        }
        if (schema.has("$ref")) {
            String ref = schema.get("$ref").asText();
            if (!ref.startsWith("#") || stack.contains(ref) || stack.size() >= MAX_REF_DEPTH) {
                return JsonNodeFactory.instance.objectNode();
            }
            stack.push(ref);
            JsonNode resolved = inline(root.at(ref.substring(1)), stack);
            stack.pop();
            return resolved;
        }
        if (schema.isObject()) {
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            for (Map.Entry<String, JsonNode> field : schema.properties()) {
                boolean literal = field.getKey().equals("enum")
                        || field.getKey().equals("example")
                        || field.getKey().equals("default");
                copy.set(field.getKey(), literal ? field.getValue() : inline(field.getValue(), stack));
            }
            return copy;
        }
        if (schema.isArray()) {
            var copy = JsonNodeFactory.instance.arrayNode();
            schema.forEach(element -> copy.add(inline(element, stack)));
            return copy;
        }
        return schema;
    }
}

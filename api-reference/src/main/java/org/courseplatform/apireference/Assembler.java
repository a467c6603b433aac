package org.courseplatform.apireference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.courseplatform.platform.web.ErrorCode;

/**
 * Makes the public API's one document from the six services' own: their operations that
 * {@code deploy/routes.tsv} makes public, the schemas those reach (renamed where two services use one
 * name for different shapes), and what {@code src/main/openapi} describes once: the API's
 * introduction, tags, authentication schemes, the error shape and rate limits, operations no JAX-RS
 * resource serves (MCP), the webhook events, and the examples written by hand.
 */
final class Assembler {

    static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "options", "head", "patch", "trace");
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final String SCHEMAS = "#/components/schemas/";
    private static final String PLAYER_SESSION_HEADER = "X-Player-Session";
    /** The descriptions SmallRye OpenAPI writes for the statuses of security and validation: the shared answer says more. */
    private static final Set<String> GENERIC_DESCRIPTIONS =
            Set.of("", "Bad Request", "Not Authorized", "Not Allowed", "Not Found", "Conflict", "Unprocessable Entity");

    /** A service's document as its build wrote it. */
    record ServiceDocument(String service, JsonNode document) {}

    /** The hand-written parts: {@code reference.yaml}, {@code operations.yaml}, {@code examples.yaml}. */
    record Sources(ObjectNode reference, ObjectNode operations, ObjectNode examples, Map<String, String> summaries) {}

    private final Routes routes;
    private final Sources sources;

    Assembler(Routes routes, Sources sources) {
        this.routes = routes;
        this.sources = sources;
    }

    /** The key of an operation in examples.yaml, summaries and the tests: {@code POST /v1/headless/courses}. */
    static String key(String method, String path) {
        return method.toUpperCase(Locale.ROOT) + " " + path;
    }

    ObjectNode assemble(List<ServiceDocument> services) {
        ObjectNode reference = sources.reference().deepCopy();
        ObjectNode document = JSON.objectNode();
        document.put("openapi", reference.path("openapi").asText("3.1.0"));
        for (String field : List.of("info", "servers", "security", "tags", "x-tagGroups", "externalDocs")) {
            if (reference.has(field)) {
                document.set(field, reference.get(field));
            }
        }
        ObjectNode components =
                reference.has("components") ? (ObjectNode) reference.get("components") : JSON.objectNode();
        ObjectNode schemas = components.has("schemas") ? (ObjectNode) components.get("schemas") : JSON.objectNode();
        components.set("schemas", schemas);

        Map<String, ObjectNode> paths = new TreeMap<>();
        Map<String, Map<String, JsonNode>> reachedSchemas = new LinkedHashMap<>();
        Map<String, Map<String, ObjectNode>> operationsByService = new LinkedHashMap<>();
        for (ServiceDocument s : services) {
            Map<String, ObjectNode> ops = publicOperations(s);
            operationsByService.put(s.service(), ops);
            reachedSchemas.put(s.service(), reachable(s.document(), ops.values()));
        }
        Map<String, Map<String, String>> renames = schemaNames(reachedSchemas, schemas.properties());
        for (ServiceDocument s : services) {
            Map<String, String> rename = renames.get(s.service());
            reachedSchemas.get(s.service()).forEach((name, schema) -> {
                JsonNode copy = schema.deepCopy();
                renameRefs(copy, rename);
                schemas.set(rename.getOrDefault(name, name), copy);
            });
            operationsByService.get(s.service()).forEach((key, op) -> {
                renameRefs(op, rename);
                String method = key.substring(0, key.indexOf(' ')).toLowerCase(Locale.ROOT);
                String path = key.substring(key.indexOf(' ') + 1);
                paths.computeIfAbsent(path, p -> JSON.objectNode()).set(method, op);
            });
        }
        for (Map.Entry<String, JsonNode> p : sources.operations().path("paths").properties()) {
            ObjectNode item = paths.computeIfAbsent(p.getKey(), k -> JSON.objectNode());
            for (Map.Entry<String, JsonNode> op : p.getValue().properties()) {
                if (item.has(op.getKey())) {
                    throw new IllegalStateException("operations.yaml: " + key(op.getKey(), p.getKey())
                            + " is already served by a service's resource; remove it from operations.yaml");
                }
                item.set(op.getKey(), op.getValue().deepCopy());
            }
        }
        ObjectNode pathsNode = JSON.objectNode();
        paths.forEach(pathsNode::set);
        document.set("paths", pathsNode);
        if (reference.has("webhooks")) {
            document.set("webhooks", reference.get("webhooks"));
        }
        document.set("components", sortedComponents(components));

        Examples examples = new Examples(ref -> resolve(document, ref));
        forEachOperation(document, (path, method, op) -> addExamples(op, key(method, path), examples));
        uniqueOperationIds(document);
        return document;
    }

    /** The service's operations that the ingress routes to it on the API host, rewritten for the one document. */
    private Map<String, ObjectNode> publicOperations(ServiceDocument s) {
        Map<String, ObjectNode> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> p : s.document().path("paths").properties()) {
            if (!routes.isPublic(s.service(), p.getKey())) {
                continue;
            }
            for (Map.Entry<String, JsonNode> m : p.getValue().properties()) {
                if (!METHODS.contains(m.getKey())) {
                    continue;
                }
                ObjectNode op = m.getValue().deepCopy();
                if (p.getValue().has("parameters")) {
                    ArrayNode all =
                            JSON.arrayNode().addAll((ArrayNode) p.getValue().get("parameters"));
                    all.addAll(op.withArray("parameters"));
                    op.set("parameters", all);
                }
                String key = key(m.getKey(), p.getKey());
                rewrite(op, key);
                out.put(key, op);
            }
        }
        return out;
    }

    /** Tags, operation id, summary, authentication and the shared error answers of one operation. */
    private void rewrite(ObjectNode op, String key) {
        String resourceTag = op.path("tags").path(0).asText("");
        String resource = resourceTag.replaceAll(" Resource$", "").replace(" ", "");
        op.put("operationId", camel(resource) + pascal(op.path("operationId").asText("call")));
        JsonNode tagOf = sources.reference().path("x-resource-tags");
        op.putArray("tags").add(tagOf.path(resourceTag).asText(resourceTag.replaceAll(" Resource$", "")));

        String written = sources.summaries().get(key);
        if (written != null) {
            op.put("summary", shortSummary(written));
            op.put(
                    "description",
                    written + op.path("description").asText("").transform(d -> d.isEmpty() ? "" : "\n\n" + d));
        }

        List<String> roles = new ArrayList<>();
        for (JsonNode requirement : op.path("security")) {
            requirement.properties().forEach(e -> e.getValue().forEach(r -> roles.add(r.asText())));
        }
        boolean playerSession = removeHeader(op, PLAYER_SESSION_HEADER);
        ArrayNode security = JSON.arrayNode();
        String scheme = null;
        if (playerSession) {
            scheme = "playerSession";
        } else if (roles.contains("agent")) {
            scheme = "agentToken";
        } else if (!roles.isEmpty()) {
            scheme = "apiKey";
        }
        if (scheme != null) {
            security.addObject().putArray(scheme);
        }
        op.set("security", security);
        JsonNode roleText = sources.reference().path("x-roles");
        List<String> needs = roles.stream()
                .map(r -> roleText.path(r).asText(null))
                .filter(t -> t != null)
                .toList();
        if (!needs.isEmpty()) {
            op.put("x-entitlement", String.join(" ", needs));
            op.put(
                    "description",
                    (op.path("description").asText("") + "\n\n**Needs:** " + String.join(" ", needs)).strip());
        }

        ObjectNode responses = op.with("responses");
        JsonNode shared = sources.reference().path("components").path("responses");
        for (Map.Entry<String, JsonNode> r : responses.properties()) {
            if (r.getKey().startsWith("2")
                    || r.getValue().has("content")
                    || r.getValue().has("$ref")) {
                continue;
            }
            String name = sources.reference()
                    .path("x-error-responses")
                    .path(r.getKey())
                    .asText(null);
            String description = r.getValue().path("description").asText("");
            if (name != null && shared.has(name) && GENERIC_DESCRIPTIONS.contains(description)) {
                r.setValue(ref("#/components/responses/" + name));
            } else {
                r.setValue(errorResponse(r.getKey(), description));
            }
        }
        if (scheme != null) {
            for (String status : List.of("401", "403", "429")) {
                String name = sources.reference()
                        .path("x-error-responses")
                        .path(status)
                        .asText(null);
                if (!responses.has(status) && name != null && ("apiKey".equals(scheme) || !"403".equals(status))) {
                    responses.set(status, ref("#/components/responses/" + name));
                }
            }
        }
        responses.set("default", ref("#/components/responses/Error"));
        ObjectNode sorted = JSON.objectNode();
        new TreeMap<>(toMap(responses)).forEach(sorted::set);
        op.set("responses", sorted);
    }

    /** An error answer in the operation's own words for its status, with the error shape as its body. */
    private static ObjectNode errorResponse(String status, String description) {
        ObjectNode example = JSON.objectNode().put("message", description);
        example.putObject("error")
                .put("code", ErrorCode.forStatus(Integer.parseInt(status)).name())
                .put("status", Integer.parseInt(status));
        ObjectNode response = JSON.objectNode().put("description", description);
        response.putObject("content")
                .putObject("application/json")
                .<ObjectNode>set("schema", ref("#/components/schemas/Error"))
                .set("example", example);
        return response;
    }

    private static boolean removeHeader(ObjectNode op, String header) {
        if (!op.path("parameters").isArray()) {
            return false;
        }
        ArrayNode kept = JSON.arrayNode();
        boolean removed = false;
        for (JsonNode p : op.get("parameters")) {
            if ("header".equals(p.path("in").asText())
                    && header.equalsIgnoreCase(p.path("name").asText())) {
                removed = true;
            } else {
                kept.add(p);
            }
        }
        if (kept.isEmpty()) {
            op.remove("parameters");
        } else {
            op.set("parameters", kept);
        }
        return removed;
    }

    /** The schemas that the operations reach, by name, through any chain of references. */
    private static Map<String, JsonNode> reachable(JsonNode document, Iterable<ObjectNode> operations) {
        JsonNode all = document.path("components").path("schemas");
        Map<String, JsonNode> out = new TreeMap<>();
        List<JsonNode> todo = new ArrayList<>();
        operations.forEach(todo::add);
        while (!todo.isEmpty()) {
            JsonNode node = todo.remove(todo.size() - 1);
            for (String name : refs(node)) {
                if (!out.containsKey(name) && all.has(name)) {
                    out.put(name, all.get(name));
                    todo.add(all.get(name));
                }
            }
        }
        return out;
    }

    private static Set<String> refs(JsonNode node) {
        Set<String> out = new LinkedHashSet<>();
        collectRefs(node, out);
        return out;
    }

    private static void collectRefs(JsonNode node, Set<String> out) {
        if (node.isObject()) {
            JsonNode ref = node.get("$ref");
            if (ref != null && ref.isTextual() && ref.asText().startsWith(SCHEMAS)) {
                out.add(ref.asText().substring(SCHEMAS.length()));
            }
        }
        if (node.isContainerNode()) {
            node.forEach(child -> collectRefs(child, out));
        }
    }

    /**
     * Per service, the new names of its schemas: a name two services use for different shapes (or
     * that the shared components already use) gets the service's prefix ({@code x-schema-prefixes}).
     */
    private Map<String, Map<String, String>> schemaNames(
            Map<String, Map<String, JsonNode>> reached, Iterable<Map.Entry<String, JsonNode>> shared) {
        Map<String, JsonNode> first = new HashMap<>();
        Set<String> clashing = new LinkedHashSet<>();
        shared.forEach(e -> first.put(e.getKey(), e.getValue()));
        clashing.addAll(first.keySet());
        Map<String, Integer> users = new HashMap<>();
        reached.values()
                .forEach(schemas -> schemas.forEach((name, schema) -> {
                    users.merge(name, 1, Integer::sum);
                    JsonNode seen = first.putIfAbsent(name, schema);
                    if (seen != null && !seen.equals(schema)) {
                        clashing.add(name);
                    }
                }));
        // Two services' same-looking schemas differ after all when they refer to a name that clashes.
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Map<String, JsonNode> schemas : reached.values()) {
                for (Map.Entry<String, JsonNode> e : schemas.entrySet()) {
                    if (users.get(e.getKey()) > 1
                            && !clashing.contains(e.getKey())
                            && refs(e.getValue()).stream().anyMatch(clashing::contains)) {
                        grew |= clashing.add(e.getKey());
                    }
                }
            }
        }
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        JsonNode prefixes = sources.reference().path("x-schema-prefixes");
        reached.forEach((service, schemas) -> {
            Map<String, String> rename = new HashMap<>();
            String prefix = prefixes.path(service).asText(pascal(service.replace("-service", "")));
            schemas.keySet().stream().filter(clashing::contains).forEach(name -> rename.put(name, prefix + name));
            out.put(service, rename);
        });
        return out;
    }

    private static void renameRefs(JsonNode node, Map<String, String> rename) {
        if (rename.isEmpty()) {
            return;
        }
        if (node.isObject()) {
            JsonNode ref = node.get("$ref");
            if (ref != null && ref.isTextual() && ref.asText().startsWith(SCHEMAS)) {
                String name = ref.asText().substring(SCHEMAS.length());
                if (rename.containsKey(name)) {
                    ((ObjectNode) node).put("$ref", SCHEMAS + rename.get(name));
                }
            }
        }
        if (node.isContainerNode()) {
            node.forEach(child -> renameRefs(child, rename));
        }
    }

    /** Examples from examples.yaml, else derived from the schemas, for parameters, the request body and 2xx answers. */
    private void addExamples(ObjectNode op, String key, Examples examples) {
        JsonNode written = sources.examples().path(key);
        for (JsonNode p : op.path("parameters")) {
            boolean needed = p.path("required").asBoolean(false)
                    || "path".equals(p.path("in").asText());
            if (p.has("$ref")
                    || p.has("example")
                    || p.has("examples")
                    || !needed && !written.path("parameters").has(p.path("name").asText())) {
                // An optional parameter gets an example only when written by hand: "try it" sends every example.
                continue;
            }
            String name = p.path("name").asText();
            JsonNode value = written.path("parameters").path(name);
            ((ObjectNode) p).set("example", value.isMissingNode() ? examples.of(p.path("schema"), name) : value);
        }
        for (Map.Entry<String, JsonNode> c :
                op.path("requestBody").path("content").properties()) {
            if (needsExample(c.getKey())) {
                JsonNode value = written.path("request");
                example(
                        (ObjectNode) c.getValue(),
                        value.isMissingNode() ? examples.of(c.getValue().path("schema"), null) : value);
            }
        }
        for (Map.Entry<String, JsonNode> r : op.path("responses").properties()) {
            if (!r.getKey().startsWith("2")) {
                continue;
            }
            for (Map.Entry<String, JsonNode> c : r.getValue().path("content").properties()) {
                if (needsExample(c.getKey())) {
                    JsonNode value = written.path("responses").path(r.getKey());
                    example(
                            (ObjectNode) c.getValue(),
                            value.isMissingNode() ? examples.of(c.getValue().path("schema"), null) : value);
                }
            }
        }
    }

    private static void example(ObjectNode mediaType, JsonNode value) {
        if (!mediaType.has("example") && !mediaType.has("examples")) {
            mediaType.set("example", value);
        }
    }

    /** Media types an example is written for: JSON, text, forms and bodies of any type; not files. */
    static boolean needsExample(String mediaType) {
        return mediaType.contains("json")
                || mediaType.startsWith("text/")
                || mediaType.equals("*/*")
                || mediaType.startsWith("application/x-www-form-urlencoded")
                || mediaType.startsWith("multipart/form-data");
    }

    /** Operation ids must be unique in the one document: generated clients name their methods after them. */
    private static void uniqueOperationIds(JsonNode document) {
        Map<String, String> seen = new HashMap<>();
        forEachOperation(document, (path, method, op) -> {
            String id = op.path("operationId").asText();
            String before = seen.put(id, key(method, path));
            if (before != null) {
                throw new IllegalStateException(
                        "operationId " + id + " of " + key(method, path) + " is also the one of " + before
                                + ": rename one resource class or method, or set its operationId");
            }
        });
    }

    interface OperationVisitor {
        void visit(String path, String method, ObjectNode operation);
    }

    static void forEachOperation(JsonNode document, OperationVisitor visitor) {
        for (Map.Entry<String, JsonNode> p : document.path("paths").properties()) {
            for (Map.Entry<String, JsonNode> m : p.getValue().properties()) {
                if (METHODS.contains(m.getKey())) {
                    visitor.visit(p.getKey(), m.getKey(), (ObjectNode) m.getValue());
                }
            }
        }
    }

    /** The node a local {@code $ref} ({@code #/components/schemas/X}) points at; missing when it points nowhere. */
    static JsonNode resolve(JsonNode document, String ref) {
        if (!ref.startsWith("#/")) {
            return JSON.missingNode();
        }
        JsonNode node = document;
        for (String part : ref.substring(2).split("/")) {
            node = node.path(part.replace("~1", "/").replace("~0", "~"));
        }
        return node;
    }

    private static ObjectNode sortedComponents(ObjectNode components) {
        ObjectNode out = JSON.objectNode();
        for (Map.Entry<String, JsonNode> section : components.properties()) {
            ObjectNode sorted = JSON.objectNode();
            new TreeMap<String, JsonNode>(toMap(section.getValue())).forEach(sorted::set);
            out.set(section.getKey(), sorted);
        }
        return out;
    }

    private static Map<String, JsonNode> toMap(JsonNode node) {
        Map<String, JsonNode> map = new LinkedHashMap<>();
        node.properties().forEach(e -> map.put(e.getKey(), e.getValue()));
        return map;
    }

    private static ObjectNode ref(String target) {
        return JSON.objectNode().put("$ref", target);
    }

    /** A summary short enough for the reference's navigation: the sentence up to its first pause, at most 72 characters. */
    static String shortSummary(String text) {
        String s = text.strip();
        for (String stop : List.of(": ", "; ", ". ", " (", ", ")) {
            int i = s.indexOf(stop);
            if (i > 15 && i <= 72) {
                return trimDot(s.substring(0, i));
            }
        }
        if (s.length() <= 72) {
            return trimDot(s);
        }
        int cut = s.lastIndexOf(' ', 70);
        return s.substring(0, cut > 0 ? cut : 70) + "…";
    }

    private static String trimDot(String s) {
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    static String camel(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    static String pascal(String s) {
        StringBuilder out = new StringBuilder();
        for (String part : s.split("[-_ ]")) {
            if (!part.isEmpty()) {
                out.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
            }
        }
        return out.toString();
    }
}

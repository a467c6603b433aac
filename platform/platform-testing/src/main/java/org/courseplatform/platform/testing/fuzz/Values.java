package org.courseplatform.platform.testing.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/**
 * Valid values from a schema: the type, {@code enum}, {@code format}, simple {@code pattern}s,
 * lengths and bounds, with a few hints from field names (ids, emails, URLs, paging) where the
 * schema says only "string". A valid request is where every mutation starts from.
 */
final class Values {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final int MAX_DEPTH = 6;
    private static final JsonNode STRING = JSON.objectNode().put("type", "string");

    private final Random random;
    private final IdPool ids;

    Values(Random random, IdPool ids) {
        this.random = random;
        this.ids = ids;
    }

    /** A value for a path, query or form parameter, as the text it is sent as (not yet encoded). */
    String parameter(Operation operation, String name, JsonNode schema) {
        JsonNode value = value(operation, name, type(merged(schema)).equals("any") ? STRING : schema, 0);
        return value.isValueNode() ? value.asText() : value.toString();
    }

    /** A JSON value for {@code schema}. */
    JsonNode value(Operation operation, String name, JsonNode schema, int depth) {
        schema = merged(schema);
        if (schema.has("enum")
                && schema.get("enum").isArray()
                && !schema.get("enum").isEmpty()) {
            JsonNode values = schema.get("enum");
            return values.get(random.nextInt(values.size()));
        }
        if (schema.has("const")) {
            return schema.get("const");
        }
        if (schema.has("example") && !schema.get("example").isContainerNode()) {
            return schema.get("example");
        }
        String type = type(schema);
        String lower = name == null ? "" : name.toLowerCase(Locale.ROOT);
        int draw = random.nextInt(1 << 20);
        if (depth >= MAX_DEPTH) {
            return JSON.nullNode();
        }
        switch (type) {
            case "object":
                return object(operation, schema, depth);
            case "any":
                return JSON.objectNode();
            case "array":
                ArrayNode array = JSON.arrayNode();
                int items = Math.max(1, Math.min(3, schema.path("minItems").asInt(1)));
                for (int i = 0; i < items; i++) {
                    array.add(value(operation, name, schema.path("items"), depth + 1));
                }
                return array;
            case "integer":
                if (IdPool.idLike(lower)) {
                    return number(ids.pick(operation, name, draw), schema);
                }
                return JSON.numberNode(bounded(schema, paging(lower)));
            case "number":
                return JSON.numberNode(bounded(schema, 1) + 0.5);
            case "boolean":
                return JSON.booleanNode(draw % 2 == 0);
            default:
                return JSON.textNode(string(operation, name, lower, schema, draw));
        }
    }

    private ObjectNode object(Operation operation, JsonNode schema, int depth) {
        ObjectNode object = JSON.objectNode();
        Set<String> required = new HashSet<>();
        schema.path("required").forEach(r -> required.add(r.asText()));
        for (Map.Entry<String, JsonNode> property : schema.path("properties").properties()) {
            boolean include = random.nextInt(3) > 0;
            if (required.contains(property.getKey()) || include) {
                object.set(property.getKey(), value(operation, property.getKey(), property.getValue(), depth + 1));
            }
        }
        return object;
    }

    private String string(Operation operation, String name, String lower, JsonNode schema, int draw) {
        String format = schema.path("format").asText("");
        String text = switch (format) {
            case "date-time" -> "2026-03-01T10:15:30Z";
            case "date" -> "2026-03-01";
            case "time", "local-time" -> "10:15:30";
            case "email" -> "fuzz" + draw + "@example.com";
            case "uuid" -> new UUID(random.nextLong(), random.nextLong()).toString();
            case "uri", "url" -> "https://example.com/fuzz/" + draw;
            case "int32", "int64" -> String.valueOf(1 + draw % 100);
            default -> null;
        };
        if (text == null && schema.has("pattern")) {
            text = SimplePattern.sample(schema.get("pattern").asText(), random);
        }
        if (text == null) {
            text = hinted(operation, name, lower, draw);
        }
        int min = schema.path("minLength").asInt(0);
        int max = schema.path("maxLength").asInt(Integer.MAX_VALUE);
        StringBuilder sb = new StringBuilder(text);
        while (sb.length() < min) {
            sb.append('x');
        }
        return sb.length() > max ? sb.substring(0, Math.max(min, max)) : sb.toString();
    }

    /** What a free-text parameter or field probably wants, judged by its name. */
    private String hinted(Operation operation, String name, String lower, int draw) {
        if (IdPool.idLike(lower)) {
            return ids.pick(operation, name, draw);
        }
        if (lower.contains("email")) {
            return "fuzz" + draw + "@example.com";
        }
        if (lower.contains("url") || lower.contains("uri") || lower.equals("avatar")) {
            return "https://example.com/fuzz/" + draw;
        }
        if (lower.equals("locale") || lower.equals("language")) {
            return "en";
        }
        if (lower.equals("timezone")) {
            return "Europe/London";
        }
        if (lower.equals("hash")) {
            return "%064x".formatted(draw);
        }
        if (lower.equals("page") || lower.equals("offset")) {
            return "0";
        }
        if (lower.equals("limit") || lower.equals("length") || lower.equals("size") || lower.equals("per_page")) {
            return "10";
        }
        if (lower.equals("reverse")
                || lower.equals("deleted")
                || lower.equals("published")
                || lower.startsWith("is")
                || lower.equals("active")
                || lower.equals("enabled")) {
            return draw % 2 == 0 ? "true" : "false";
        }
        return "fuzz-" + draw;
    }

    private static int paging(String lower) {
        return lower.equals("page") || lower.equals("offset")
                ? 0
                : lower.equals("limit") || lower.equals("length") ? 10 : 1;
    }

    private static long bounded(JsonNode schema, long wanted) {
        long value = wanted;
        if (schema.has("minimum")) {
            value = Math.max(
                    value,
                    (long) Math.ceil(schema.get("minimum").asDouble())
                            + (schema.path("exclusiveMinimum").asBoolean(false) ? 1 : 0));
        }
        if (schema.has("maximum")) {
            value = Math.min(value, (long) Math.floor(schema.get("maximum").asDouble()));
        }
        return value;
    }

    private static JsonNode number(String id, JsonNode schema) {
        try {
            return JSON.numberNode(Long.parseLong(id));
        } catch (NumberFormatException e) {
            return JSON.numberNode(bounded(schema, 1));
        }
    }

    /** {@code allOf} merged into one schema; the first {@code oneOf}/{@code anyOf} alternative. */
    static JsonNode merged(JsonNode schema) {
        if (schema.has("allOf")) {
            ObjectNode merged = JSON.objectNode();
            ObjectNode properties = JSON.objectNode();
            ArrayNode required = JSON.arrayNode();
            for (JsonNode part : schema.get("allOf")) {
                JsonNode p = merged(part);
                p.properties().forEach(field -> merged.set(field.getKey(), field.getValue()));
                p.path("properties").properties().forEach(field -> properties.set(field.getKey(), field.getValue()));
                p.path("required").forEach(required::add);
            }
            schema.properties().forEach(field -> {
                if (!field.getKey().equals("allOf")) {
                    merged.set(field.getKey(), field.getValue());
                }
            });
            merged.set("properties", properties);
            merged.set("required", required);
            return merged;
        }
        for (String choice : new String[] {"oneOf", "anyOf"}) {
            if (schema.has(choice)
                    && schema.get(choice).isArray()
                    && !schema.get(choice).isEmpty()) {
                for (JsonNode alternative : schema.get(choice)) {
                    if (!"null".equals(type(alternative))) {
                        return merged(alternative);
                    }
                }
            }
        }
        return schema;
    }

    /** The schema's type; {@code object} when it has properties but no type, {@code string} when unknown. */
    static String type(JsonNode schema) {
        JsonNode type = schema.path("type");
        if (type.isArray()) {
            for (JsonNode t : type) {
                if (!t.asText().equals("null")) {
                    return t.asText();
                }
            }
        }
        if (type.isTextual()) {
            return type.asText();
        }
        if (schema.has("properties") || schema.has("additionalProperties")) {
            return "object";
        }
        if (schema.has("items")) {
            return "array";
        }
        return schema.isEmpty() ? "any" : "string";
    }
}

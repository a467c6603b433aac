package org.courseplatform.apireference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * An example value for a schema of the document, for the operations whose example is not written
 * by hand in {@code src/main/openapi/examples.yaml}. Deterministic (the same document gives the same
 * examples), valid against the schema it comes from (the tests check every example against its
 * schema), and shaped by what the schema says: {@code enum}, {@code const}, the schema's own
 * {@code examples}, formats, bounds, and the property's name for the many fields typed only as
 * {@code string} or {@code integer} (ids, emails, URLs, titles, locales).
 */
final class Examples {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final int MAX_DEPTH = 5;

    private static final Map<String, String> STRINGS = Map.ofEntries(
            Map.entry("email", "ada.lovelace@example.com"),
            Map.entry("idempotencykey", "7c9e6679-7425-40de-944b-e07fc1f90ae7"),
            Map.entry("firstname", "Ada"),
            Map.entry("lastname", "Lovelace"),
            Map.entry("name", "Onboarding team"),
            Map.entry("title", "Safety onboarding"),
            Map.entry("description", "For everyone who joins the warehouse team."),
            Map.entry("locale", "en"),
            Map.entry("language", "en"),
            Map.entry("timezone", "Europe/Berlin"),
            Map.entry("identifier", "author-7"),
            Map.entry("clientidentifier", "acme-gmbh"),
            Map.entry("role", "student"),
            Map.entry("status", "ready"),
            Map.entry("type", "course"),
            Map.entry("key", "SAFE-2041"),
            Map.entry("prompt", "A ten-minute course on lifting heavy boxes safely"),
            Map.entry("search", "safety"),
            Map.entry("token", "eyJhbGciOiJSUzI1NiJ9.eyJ0eXAiOiJwbGF5ZXIifQ.c2lnbmF0dXJl"),
            Map.entry("secret", "whsec_9fJ2kLx0QmZ4tW7yB1nC6vD3sE8rA5uH"),
            Map.entry("message", "Done"),
            Map.entry("action", "view"),
            Map.entry("event", "course.completed"),
            Map.entry("alttext", "A forklift lifting a pallet"),
            Map.entry("contenttype", "image/png"),
            Map.entry("filename", "forklift.png"),
            Map.entry("color", "#1f6feb"),
            Map.entry("font", "Inter"),
            Map.entry("format", "builder2"),
            Map.entry("kind", "image"),
            Map.entry("version", "1.2"),
            Map.entry("mode", "live"));

    /** Fields that hold a point in time without saying so in their name's last word. */
    private static final Set<String> DATES =
            Set.of("created", "updated", "added", "commenced", "completed", "expires", "started", "finished");

    /** Nullable fields that a successful answer has empty: errors and their reasons. */
    private static final Set<String> NULL_WHEN_ALL_IS_WELL =
            Set.of("error", "errorcode", "lasterror", "reason", "nextattemptat");

    /** Flags that are false on almost every real object. */
    private static final Set<String> FALSE_BY_DEFAULT =
            Set.of("deleted", "disabled", "revoked", "locked", "testmode", "iserror", "overwrite");

    private final Components components;

    /** How a {@code $ref} is looked up: the document's {@code components.schemas}. */
    interface Components {
        JsonNode schema(String ref);
    }

    Examples(Components components) {
        this.components = components;
    }

    /** An example of {@code schema} for a value named {@code name} (a property or parameter; may be null). */
    JsonNode of(JsonNode schema, String name) {
        return value(schema, name == null ? "" : name, 0);
    }

    private JsonNode value(JsonNode schema, String name, int depth) {
        if (schema == null || schema.isMissingNode() || !schema.isObject()) {
            return JSON.textNode(text(name));
        }
        if (schema.has("$ref")) {
            return value(components.schema(schema.get("$ref").asText()), name, depth);
        }
        if (schema.has("const")) {
            return schema.get("const");
        }
        if (schema.path("enum").isArray() && !schema.path("enum").isEmpty()) {
            for (JsonNode v : schema.get("enum")) {
                if (!v.isNull()) {
                    return v;
                }
            }
        }
        if (nullable(schema) && NULL_WHEN_ALL_IS_WELL.contains(lower(name))) {
            return JSON.nullNode();
        }
        if ("date-time".equals(schema.path("format").asText())) {
            return JSON.textNode("2026-03-02T09:30:00Z");
        }
        if (schema.has("example")) {
            return schema.get("example");
        }
        if (schema.path("examples").isArray() && !schema.path("examples").isEmpty()) {
            return schema.get("examples").get(0);
        }
        for (String alternatives : new String[] {"anyOf", "oneOf"}) {
            for (JsonNode option : schema.path(alternatives)) {
                if (!"null".equals(option.path("type").asText())) {
                    return value(option, name, depth);
                }
            }
        }
        if (schema.path("allOf").isArray() && !schema.path("allOf").isEmpty()) {
            ObjectNode merged = JSON.objectNode();
            for (JsonNode part : schema.get("allOf")) {
                JsonNode v = value(part, name, depth);
                if (v.isObject()) {
                    merged.setAll((ObjectNode) v);
                }
            }
            return merged;
        }
        return switch (type(schema)) {
            case "object" -> object(schema, depth);
            case "array" -> array(schema, name, depth);
            case "integer" -> JSON.numberNode(integer(schema, name));
            case "number" -> JSON.numberNode(0.75);
            case "boolean" -> JSON.booleanNode(!FALSE_BY_DEFAULT.contains(lower(name)));
            case "null" -> JSON.nullNode();
            case "string" -> JSON.textNode(string(schema, name));
            default -> schema.has("properties") ? object(schema, depth) : JSON.objectNode();
        };
    }

    private JsonNode object(JsonNode schema, int depth) {
        ObjectNode out = JSON.objectNode();
        if (depth >= MAX_DEPTH) {
            return out;
        }
        for (Map.Entry<String, JsonNode> p : schema.path("properties").properties()) {
            out.set(p.getKey(), value(p.getValue(), p.getKey(), depth + 1));
        }
        JsonNode additional = schema.path("additionalProperties");
        if (out.isEmpty() && additional.isObject()) {
            out.set("en", value(additional, "value", depth + 1));
        }
        return out;
    }

    private JsonNode array(JsonNode schema, String name, int depth) {
        ArrayNode out = JSON.arrayNode();
        if (depth < MAX_DEPTH && schema.has("items")) {
            out.add(value(schema.get("items"), singular(name), depth + 1));
        }
        return out;
    }

    private static long integer(JsonNode schema, String name) {
        long wanted = idLike(name)
                ? 42
                : lower(name).contains("page") ? 0 : lower(name).contains("length") ? 20 : 1;
        if (schema.has("minimum") && wanted < schema.get("minimum").asLong()) {
            wanted = schema.get("minimum").asLong();
        }
        if (schema.has("maximum") && wanted > schema.get("maximum").asLong()) {
            wanted = schema.get("maximum").asLong();
        }
        return wanted;
    }

    private static String string(JsonNode schema, String name) {
        String format = schema.path("format").asText("");
        String text = switch (format) {
            case "date-time" -> "2026-03-02T09:30:00Z";
            case "date" -> "2026-03-02";
            case "uuid" -> "3f2b6a1e-7c4d-4e0a-9b5f-2d8c1a6e4f70";
            case "email" -> "ada.lovelace@example.com";
            case "uri", "url" -> url(name);
            case "int64", "int32" -> idLike(name) ? "42" : "1";
            case "binary", "byte" -> "";
            default -> text(name);
        };
        int min = schema.path("minLength").asInt(0);
        int max = schema.path("maxLength").asInt(Integer.MAX_VALUE);
        if (text.length() > max) {
            text = text.substring(0, max);
        }
        StringBuilder padded = new StringBuilder(text);
        while (padded.length() < min) {
            padded.append('x');
        }
        return padded.toString();
    }

    /** A string for a field typed only as {@code string}: by its name, else the name in words. */
    private static String text(String name) {
        String lower = lower(name);
        if (STRINGS.containsKey(lower)) {
            return STRINGS.get(lower);
        }
        if (idLike(name)) {
            return "42";
        }
        if (lower.endsWith("url")
                || lower.endsWith("uri")
                || lower.equals("href")
                || lower.contains("thumbnail")
                || lower.equals("avatar")) {
            return url(name);
        }
        if (name.endsWith("At") || DATES.contains(lower)) {
            return "2026-03-02T09:30:00Z";
        }
        if (lower.equals("from") || lower.equals("to")) {
            return lower.equals("from") ? "2026-02-01" : "2026-02-28";
        }
        for (Map.Entry<String, String> e : STRINGS.entrySet()) {
            if (lower.endsWith(e.getKey())) {
                return e.getValue();
            }
        }
        return name.isEmpty() ? "text" : words(name);
    }

    private static String url(String name) {
        String lower = lower(name);
        if (lower.contains("thumbnail")) {
            return "https://courses.example.com/v1/headless/thumbnails/kq3vN8Jx/3.jpg";
        }
        if (lower.contains("upload")) {
            return "https://s3.example.com/course-platform/uploads/9f1c2d?X-Amz-Signature=3b1f";
        }
        return "https://courses.example.com/play/course#token=eyJhbGciOiJSUzI1NiJ9";
    }

    private static boolean idLike(String name) {
        String lower = lower(name);
        return lower.equals("id") || lower.endsWith("id") && !lower.endsWith("valid") && !lower.endsWith("paid");
    }

    private static String singular(String name) {
        return name.endsWith("s") && name.length() > 1 ? name.substring(0, name.length() - 1) : name;
    }

    private static String lower(String name) {
        return name.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
    }

    /** {@code clientIdentifier} as "client identifier". */
    private static String words(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replace('_', ' ').toLowerCase(Locale.ROOT);
    }

    /** Whether the schema allows null: {@code type} lists {@code "null"}, or an alternative is {@code null}. */
    private static boolean nullable(JsonNode schema) {
        for (JsonNode t : schema.path("type")) {
            if ("null".equals(t.asText())) {
                return true;
            }
        }
        for (JsonNode option : schema.path("anyOf")) {
            if ("null".equals(option.path("type").asText())) {
                return true;
            }
        }
        return false;
    }

    /** The schema's type without {@code "null"}: {@code type} as a string or a list, else implied by its keywords. */
    static String type(JsonNode schema) {
        JsonNode t = schema.path("type");
        if (t.isTextual()) {
            return t.asText();
        }
        if (t.isArray()) {
            for (JsonNode one : t) {
                if (!"null".equals(one.asText())) {
                    return one.asText();
                }
            }
            return "null";
        }
        if (schema.has("properties")) {
            return "object";
        }
        if (schema.has("items")) {
            return "array";
        }
        return "any";
    }
}

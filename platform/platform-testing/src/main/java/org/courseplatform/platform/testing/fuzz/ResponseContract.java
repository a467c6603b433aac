package org.courseplatform.platform.testing.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Whether an answer is one the operation's OpenAPI document promises: its status is documented,
 * and a 2xx JSON body matches the documented schema. A document that says less than the service
 * does misleads every client generated from it, so a mismatch is a finding like a 5xx.
 *
 * <p>Statuses: the operation's own ({@code "201"}), a range ({@code "2XX"}) or {@code "default"}
 * allow a status. The platform's error shape is documented once for every operation
 * (docs/testing.md), so the generic client errors {@link #GENERIC_ERRORS} are allowed everywhere;
 * any other 4xx (412, 410, …) has to be documented by the operation that answers it.
 *
 * <p>Schemas: {@code type} (string, integer, number, boolean, array, object, null; or a list of
 * them), {@code nullable}, {@code enum}, {@code required}, {@code properties}, {@code items},
 * {@code additionalProperties} (false or a schema), {@code allOf}, and {@code anyOf}/{@code oneOf}
 * (at least one matches). {@code $ref}s are already inlined by {@link OpenApi}; a schema cut off
 * there (a cycle) is {@code {}} and accepts anything. Fields the schema does not name are allowed
 * unless it says {@code additionalProperties: false}. Formats, patterns and bounds are not checked:
 * they describe input more than output. A finding lists at most five problems ({@code
 * -Dfuzz.contract.max} lists more).
 */
public final class ResponseContract {

    /** The client errors every operation may answer, in the error shape (docs/testing.md). */
    public static final Set<Integer> GENERIC_ERRORS = Set.of(400, 401, 403, 404, 405, 406, 409, 413, 415, 422, 429);

    /**
     * What the HTTP layer (nginx, Vert.x) answers before any route is chosen, for any operation: a
     * request line over its limit (414) or headers over theirs (431). No operation can document
     * them more precisely than the platform does once.
     */
    public static final Set<Integer> TRANSPORT_ERRORS = Set.of(414, 431);

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int MAX_PROBLEMS = Integer.getInteger("fuzz.contract.max", 5);

    private ResponseContract() {}

    /** What in this answer the document does not promise, or null when it keeps to it. 5xx are {@link ErrorShape}'s. */
    public static String problem(Operation operation, int status, String contentType, byte[] body) {
        if (status >= 500 || status < 100) {
            return null;
        }
        String key = documentedKey(operation.responses(), status);
        if (key == null) {
            if (GENERIC_ERRORS.contains(status) || TRANSPORT_ERRORS.contains(status)) {
                return null;
            }
            return "contract: status " + status + " is not documented (the document lists "
                    + operation.responses().keySet() + ")";
        }
        if (status < 200 || status >= 300 || status == 204 || body == null || body.length == 0) {
            return null;
        }
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).contains("json")) {
            return null;
        }
        Map<String, JsonNode> content = operation.responses().get(key);
        JsonNode schema = jsonSchema(content);
        if (schema == null) {
            return "contract: " + status + " answers JSON but the document gives no JSON schema for it"
                    + (content.isEmpty() ? "" : " (only " + content.keySet() + ")");
        }
        JsonNode json;
        try {
            json = MAPPER.readTree(body);
        } catch (IOException e) {
            return "contract: " + status + " says " + contentType + " but the body is not JSON";
        }
        if (json == null) {
            return null;
        }
        List<String> problems = validate(json, schema);
        return problems.isEmpty()
                ? null
                : "contract: " + status + " body does not match the documented schema: " + String.join("; ", problems);
    }

    /** The schema problems of {@code value}, each starting with its JSON path ({@code $.items[0].title}); at most five. */
    public static List<String> validate(JsonNode value, JsonNode schema) {
        List<String> problems = new ArrayList<>();
        check(value, schema, "$", problems);
        return problems.size() > MAX_PROBLEMS ? List.copyOf(problems.subList(0, MAX_PROBLEMS)) : problems;
    }

    /** The response key that documents this status: the exact one, its range, or {@code default}; null when none. */
    static String documentedKey(Map<String, Map<String, JsonNode>> responses, int status) {
        String exact = String.valueOf(status);
        if (responses.containsKey(exact)) {
            return exact;
        }
        String range = (status / 100) + "XX";
        if (responses.containsKey(range)) {
            return range;
        }
        return responses.containsKey("DEFAULT") ? "DEFAULT" : null;
    }

    /** The schema of the JSON media type: {@code application/json}, any {@code +json} or {@code json} type, or {@code *}{@code /*}. */
    private static JsonNode jsonSchema(Map<String, JsonNode> content) {
        for (Map.Entry<String, JsonNode> type : content.entrySet()) {
            if (type.getKey().contains("json")) {
                return type.getValue();
            }
        }
        for (Map.Entry<String, JsonNode> type : content.entrySet()) {
            if (type.getKey().equals("*/*")) {
                return type.getValue();
            }
        }
        return null;
    }

    private static void check(JsonNode value, JsonNode schema, String path, List<String> problems) {
        if (problems.size() > MAX_PROBLEMS || schema == null || !schema.isObject()) {
            return;
        }
        for (JsonNode part : schema.path("allOf")) {
            check(value, part, path, problems);
        }
        for (String alternatives : List.of("anyOf", "oneOf")) {
            JsonNode options = schema.path(alternatives);
            if (options.isArray() && !options.isEmpty()) {
                boolean any = false;
                List<String> first = null;
                for (JsonNode option : options) {
                    List<String> found = new ArrayList<>();
                    check(value, option, path, found);
                    if (found.isEmpty()) {
                        any = true;
                        break;
                    }
                    if (first == null) {
                        first = found;
                    }
                }
                if (!any && !(value.isNull() && nullable(schema))) {
                    problems.add(path + ": matches none of the " + alternatives + " alternatives ("
                            + String.join("; ", first) + ")");
                }
            }
        }
        if (value.isNull()) {
            if (!nullable(schema) && !types(schema).isEmpty()) {
                problems.add(path + ": is null, but the schema is " + types(schema) + " and not nullable");
            }
            return;
        }
        List<String> types = types(schema);
        if (!types.isEmpty() && types.stream().noneMatch(t -> is(value, t))) {
            problems.add(path + ": expected " + String.join(" or ", types) + ", got " + kind(value) + " "
                    + FuzzRequest.excerpt(value.toString(), 60));
            return;
        }
        JsonNode values = schema.path("enum");
        if (values.isArray() && !values.isEmpty() && !inEnum(value, values)) {
            problems.add(path + ": " + FuzzRequest.excerpt(value.toString(), 60) + " is not one of " + values);
        }
        if (value.isArray()) {
            JsonNode items = schema.path("items");
            for (int i = 0; i < value.size() && problems.size() <= MAX_PROBLEMS; i++) {
                check(value.get(i), items, path + "[" + i + "]", problems);
            }
        }
        if (value.isObject()) {
            object(value, schema, path, problems);
        }
    }

    private static void object(JsonNode value, JsonNode schema, String path, List<String> problems) {
        JsonNode properties = schema.path("properties");
        for (JsonNode required : schema.path("required")) {
            if (!value.has(required.asText())) {
                problems.add(path + ": required field \"" + required.asText() + "\" is missing");
            }
        }
        JsonNode additional = schema.path("additionalProperties");
        for (Map.Entry<String, JsonNode> field : value.properties()) {
            String at = path + "." + field.getKey();
            if (properties.has(field.getKey())) {
                check(field.getValue(), properties.get(field.getKey()), at, problems);
            } else if (additional.isBoolean() && !additional.asBoolean()) {
                problems.add(at + ": not in the schema, which allows no other fields");
            } else if (additional.isObject()) {
                check(field.getValue(), additional, at, problems);
            }
        }
    }

    /** The schema's types: {@code type} as a string or a list, without {@code "null"}. */
    private static List<String> types(JsonNode schema) {
        JsonNode type = schema.path("type");
        List<String> types = new ArrayList<>();
        if (type.isTextual()) {
            types.add(type.asText());
        } else if (type.isArray()) {
            type.forEach(t -> types.add(t.asText()));
        }
        types.remove("null");
        return types;
    }

    /** OpenAPI 3.0 {@code nullable: true}, a 3.1 type list with {@code "null"}, or an enum that lists null. */
    private static boolean nullable(JsonNode schema) {
        if (schema.path("nullable").asBoolean(false)) {
            return true;
        }
        JsonNode type = schema.path("type");
        if (type.isTextual() && type.asText().equals("null")) {
            return true;
        }
        if (type.isArray()) {
            for (JsonNode t : type) {
                if (t.asText().equals("null")) {
                    return true;
                }
            }
        }
        for (String alternatives : List.of("anyOf", "oneOf")) {
            for (JsonNode option : schema.path(alternatives)) {
                if (nullable(option)) {
                    return true;
                }
            }
        }
        for (JsonNode e : schema.path("enum")) {
            if (e.isNull()) {
                return true;
            }
        }
        return false;
    }

    private static boolean is(JsonNode value, String type) {
        return switch (type) {
            case "string" -> value.isTextual();
            case "integer" -> value.isIntegralNumber() || value.isNumber() && value.asDouble() % 1 == 0;
            case "number" -> value.isNumber();
            case "boolean" -> value.isBoolean();
            case "array" -> value.isArray();
            case "object" -> value.isObject();
            default -> true;
        };
    }

    private static boolean inEnum(JsonNode value, JsonNode values) {
        for (JsonNode allowed : values) {
            if (allowed.equals(value)
                    || allowed.isValueNode()
                            && value.isValueNode()
                            && allowed.asText().equals(value.asText())) {
                return true;
            }
        }
        return false;
    }

    private static String kind(JsonNode value) {
        if (value.isTextual()) {
            return "string";
        }
        if (value.isIntegralNumber()) {
            return "integer";
        }
        if (value.isNumber()) {
            return "number";
        }
        if (value.isBoolean()) {
            return "boolean";
        }
        return value.isArray()
                ? "array"
                : value.isObject() ? "object" : value.getNodeType().name().toLowerCase(Locale.ROOT);
    }
}

package org.courseplatform.platform.testing.fuzz;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.ByteArrayOutputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A request being built: first valid, from the operation's schema, then changed by one
 * {@link Mutation}. Path and query values are held percent-encoded, so a mutation can put in
 * exactly the bytes it wants ({@code %00}, {@code ..%2f}); JSON is held as a tree with markers for
 * text no JSON library writes (duplicate keys, {@code 1e309}, 990 levels of nesting).
 */
final class Draft {

    static final String BOUNDARY = "fuzzBoundary7MA4YWxkTrZu0gW";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    enum Kind {
        NONE,
        JSON,
        FORM,
        MULTIPART
    }

    final Operation operation;
    String method;
    final Map<String, String> path = new LinkedHashMap<>();
    final List<String[]> query = new ArrayList<>();
    Kind kind = Kind.NONE;
    JsonNode json;
    final Map<String, String> form = new LinkedHashMap<>();
    /** When set, sent instead of the body built from {@link #json} or {@link #form}. */
    byte[] raw;

    String contentType;
    String authorization;
    String authLabel = "none";
    final Map<String, String> headers = new LinkedHashMap<>();
    String variant = "";
    private final Map<String, String> rawJson = new LinkedHashMap<>();

    Draft(Operation operation) {
        this.operation = operation;
        this.method = operation.method();
    }

    /** A placeholder for a JSON field value; {@code text} is written verbatim in its place. */
    TextNode rawJson(String text) {
        String marker = "__fuzz_raw_" + rawJson.size() + "__";
        rawJson.put("\"" + marker + "\"", text);
        return TextNode.valueOf(marker);
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    String jsonText() {
        try {
            String text = MAPPER.writeValueAsString(json);
            for (Map.Entry<String, String> replacement : rawJson.entrySet()) {
                text = text.replace(replacement.getKey(), replacement.getValue());
            }
            return text;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The JSON body's object fields, depth first: where field mutations may strike. */
    List<Map.Entry<ObjectNode, String>> fields() {
        List<Map.Entry<ObjectNode, String>> fields = new ArrayList<>();
        collect(json, fields);
        return fields;
    }

    private static void collect(JsonNode node, List<Map.Entry<ObjectNode, String>> into) {
        if (node == null || into.size() > 200) {
            return;
        }
        if (node instanceof ObjectNode object) {
            for (Map.Entry<String, JsonNode> field : object.properties()) {
                into.add(Map.entry(object, field.getKey()));
                collect(field.getValue(), into);
            }
        } else if (node.isArray()) {
            node.forEach(element -> collect(element, into));
        }
    }

    FuzzRequest toRequest(int index, Mutation mutation) {
        String target = operation.path();
        for (Map.Entry<String, String> value : path.entrySet()) {
            target = target.replaceAll(
                    "\\{" + Pattern.quote(value.getKey()) + "(\\s*:[^}]*)?}",
                    Matcher.quoteReplacement(value.getValue()));
        }
        StringBuilder pathAndQuery = new StringBuilder(target);
        for (int i = 0; i < query.size(); i++) {
            pathAndQuery.append(i == 0 ? '?' : '&').append(query.get(i)[0]);
            if (query.get(i)[1] != null) {
                pathAndQuery.append('=').append(query.get(i)[1]);
            }
        }
        Map<String, String> sent = new LinkedHashMap<>();
        if (contentType != null) {
            sent.put("Content-Type", contentType);
        }
        sent.putAll(headers);
        return new FuzzRequest(
                index,
                operation.name(),
                mutation.name(),
                variant,
                method,
                pathAndQuery.toString(),
                sent,
                authorization,
                authLabel,
                body());
    }

    private byte[] body() {
        if (raw != null) {
            return raw;
        }
        return switch (kind) {
            case NONE -> null;
            case JSON -> jsonText().getBytes(StandardCharsets.UTF_8);
            case FORM -> formText().getBytes(StandardCharsets.UTF_8);
            case MULTIPART -> multipart(form);
        };
    }

    String formText() {
        StringBuilder sb = new StringBuilder();
        form.forEach((name, value) -> sb.append(sb.isEmpty() ? "" : "&")
                .append(encode(name))
                .append('=')
                .append(encode(value)));
        return sb.toString();
    }

    static byte[] multipart(Map<String, String> fields) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        fields.forEach((name, value) -> out.writeBytes(
                ("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value + "\r\n")
                        .getBytes(StandardCharsets.UTF_8)));
        out.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }
}

package org.courseplatform.agent.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.DigitId;

/**
 * The id arguments of a tool, read as every id of the API is (API.md): a number or a string of
 * 1-18 digits, {@code 5} and {@code "5"} alike. Which arguments are ids comes from the tool's input
 * schema, so a new tool needs nothing: an {@code integer} property named {@code id} or ending in
 * {@code Id} ({@code courseId}, {@code themeId}, {@code folderId}, {@code parentId}, ...), and each
 * item of an {@code integer} list ending in {@code Ids} ({@code courseIds}), at any depth. The
 * schemas keep saying {@code integer} (models do best with one type); a digit string is turned into
 * its number before the token's scope and the schema see the arguments, so a pinned course given as
 * {@code "5"} is course 5 and the schema's rules apply to the number.
 */
public final class IdArguments {

    private IdArguments() {}

    /**
     * Turns every id argument given as a string of digits into its number, in place; answers the id
     * arguments given as a string that is not an id ({@code "abc"}, {@code "-1"}, {@code "1.5"}, 19
     * digits), each named as the schema check names arguments. Other values are left to the schema.
     */
    public static List<ApiError.Detail> read(JsonNode schema, ObjectNode arguments) {
        List<ApiError.Detail> problems = new ArrayList<>();
        object(schema, arguments, "", problems);
        return problems;
    }

    /** Whether an argument of this name and schema is an id. */
    static boolean isId(String name, JsonNode schema) {
        return (name.equals("id") || name.endsWith("Id")) && integer(schema);
    }

    /** Whether an argument of this name and schema is a list of ids. */
    static boolean isIdList(String name, JsonNode schema) {
        return name.endsWith("Ids") && integer(schema.path("items"));
    }

    private static void object(JsonNode schema, ObjectNode value, String prefix, List<ApiError.Detail> problems) {
        JsonNode properties = schema.path("properties");
        for (Map.Entry<String, JsonNode> argument : value.properties()) {
            JsonNode property = properties.get(argument.getKey());
            if (property == null) {
                continue;
            }
            String field = prefix + argument.getKey();
            JsonNode read = argument(argument.getKey(), property, argument.getValue(), field, problems);
            if (read != argument.getValue()) {
                argument.setValue(read);
            }
        }
    }

    private static JsonNode argument(
            String name, JsonNode schema, JsonNode value, String field, List<ApiError.Detail> problems) {
        if (value.isTextual() && isId(name, schema)) {
            return id(value, field, problems);
        }
        if (value instanceof ArrayNode list) {
            boolean ids = isIdList(name, schema);
            JsonNode items = schema.path("items");
            for (int i = 0; i < list.size(); i++) {
                JsonNode item = list.get(i);
                if (ids && item.isTextual()) {
                    list.set(i, id(item, field + "." + i, problems));
                } else if (item instanceof ObjectNode nested) {
                    object(items, nested, field + "." + i + ".", problems);
                }
            }
            return value;
        }
        if (value instanceof ObjectNode nested) {
            object(schema, nested, field + ".", problems);
        }
        return value;
    }

    private static JsonNode id(JsonNode value, String field, List<ApiError.Detail> problems) {
        Long id = DigitId.parse(value.textValue());
        if (id == null) {
            problems.add(new ApiError.Detail(field, DigitId.PROBLEM));
            return value;
        }
        return LongNode.valueOf(id);
    }

    private static boolean integer(JsonNode schema) {
        JsonNode type = schema.path("type");
        if (type.isTextual()) {
            return type.textValue().equals("integer");
        }
        for (JsonNode one : type) {
            if ("integer".equals(one.asText())) {
                return true;
            }
        }
        return false;
    }
}

package org.courseplatform.agent.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Small builders for the JSON Schemas (2020-12) of tool inputs and outputs. */
public final class Schemas {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private Schemas() {}

    /** An object schema; inputs refuse unknown arguments, so a misspelt one is reported, not ignored. */
    public static Builder input() {
        return new Builder(false);
    }

    /** An output object schema; outputs allow fields added later. */
    public static Builder output() {
        return new Builder(true);
    }

    public static ObjectNode string(String description) {
        return JSON.objectNode().put("type", "string").put("description", description);
    }

    public static ObjectNode string(String description, int maxLength) {
        return string(description).put("minLength", 1).put("maxLength", maxLength);
    }

    public static ObjectNode nullableString(String description) {
        ObjectNode schema = JSON.objectNode().put("description", description);
        schema.putArray("type").add("string").add("null");
        return schema;
    }

    public static ObjectNode nullableInteger(String description) {
        ObjectNode schema = JSON.objectNode().put("description", description);
        schema.putArray("type").add("integer").add("null");
        return schema;
    }

    public static ObjectNode integer(String description, long minimum, Long maximum) {
        ObjectNode schema = JSON.objectNode()
                .put("type", "integer")
                .put("description", description)
                .put("minimum", minimum);
        if (maximum != null) {
            schema.put("maximum", maximum);
        }
        return schema;
    }

    /** A course id: a positive integer. */
    public static ObjectNode courseId(String description) {
        return integer(description, 1, null);
    }

    public static ObjectNode nullableNumber(String description) {
        ObjectNode schema = JSON.objectNode().put("description", description);
        schema.putArray("type").add("number").add("null");
        return schema;
    }

    public static ObjectNode bool(String description) {
        return JSON.objectNode().put("type", "boolean").put("description", description);
    }

    public static ObjectNode anyObject(String description) {
        return JSON.objectNode().put("type", "object").put("description", description);
    }

    public static ObjectNode arrayOf(String description, JsonNode items) {
        ObjectNode schema = JSON.objectNode().put("type", "array").put("description", description);
        schema.set("items", items);
        return schema;
    }

    public static ObjectNode enumOf(String description, String... values) {
        ObjectNode schema = string(description);
        ArrayNode allowed = schema.putArray("enum");
        for (String value : values) {
            allowed.add(value);
        }
        return schema;
    }

    /** Builds an object schema property by property, in order. */
    public static final class Builder {

        private final ObjectNode schema = JSON.objectNode();
        private final ObjectNode properties;
        private final ArrayNode required;

        private Builder(boolean open) {
            schema.put("type", "object");
            properties = schema.putObject("properties");
            required = schema.putArray("required");
            schema.put("additionalProperties", open);
        }

        public Builder required(String name, JsonNode property) {
            properties.set(name, property);
            required.add(name);
            return this;
        }

        public Builder optional(String name, JsonNode property) {
            properties.set(name, property);
            return this;
        }

        public ObjectNode build() {
            ObjectNode copy = schema.deepCopy();
            if (required.isEmpty()) {
                copy.remove("required");
            }
            return copy;
        }
    }
}

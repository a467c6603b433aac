package org.courseplatform.platform.web;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.KeyDeserializer;
import com.fasterxml.jackson.databind.deser.std.JsonNodeDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Map;

/**
 * Refuses NUL characters ({@code \u0000}) and unpaired surrogates ({@code \ud800} alone) in
 * every string a JSON body carries. PostgreSQL cannot store a NUL in {@code text} or
 * {@code jsonb}, so letting one through turns a client's mistake into a server error deep in a
 * transaction; an unpaired surrogate has no UTF-8 form and would be stored as {@code ?}, losing
 * what the client sent. Refusing both while reading names the field.
 */
final class NulCharacters {

    static final String PROBLEM = "must not contain NUL characters (\\u0000) or unpaired surrogates";

    private NulCharacters() {}

    /** The Jackson module: strings, map keys and JSON trees are checked as they are read. */
    static SimpleModule module() {
        SimpleModule module = new SimpleModule("platform-nul-characters");
        module.addDeserializer(String.class, new Strings());
        module.addKeyDeserializer(String.class, new Keys());
        module.addDeserializer(JsonNode.class, new Trees<>(JsonNode.class));
        module.addDeserializer(ObjectNode.class, new Trees<>(ObjectNode.class));
        module.addDeserializer(ArrayNode.class, new Trees<>(ArrayNode.class));
        return module;
    }

    /** Thrown for a NUL character; {@code innerPath} locates it inside a JSON tree value. */
    static final class NulCharacterException extends MismatchedInputException {
        private final String innerPath;

        NulCharacterException(JsonParser parser, String innerPath) {
            super(parser, PROBLEM);
            this.innerPath = innerPath;
        }

        String innerPath() {
            return innerPath;
        }
    }

    private static final class Strings extends StdScalarDeserializer<String> {
        Strings() {
            super(String.class);
        }

        @Override
        public String deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String value = StringDeserializer.instance.deserialize(p, ctxt);
            if (value != null && unstorable(value)) {
                throw new NulCharacterException(p, "");
            }
            return value;
        }
    }

    private static final class Keys extends KeyDeserializer {
        @Override
        public Object deserializeKey(String key, DeserializationContext ctxt) throws IOException {
            if (unstorable(key)) {
                throw new NulCharacterException(ctxt.getParser(), "");
            }
            return key;
        }
    }

    /** Reads the tree as Jackson does, then walks it once without recursion (depth is bounded anyway). */
    private static final class Trees<T extends JsonNode> extends JsonDeserializer<T> {
        private final JsonDeserializer<? extends JsonNode> delegate;

        Trees(Class<T> type) {
            this.delegate = JsonNodeDeserializer.getDeserializer(type);
        }

        @Override
        @SuppressWarnings("unchecked")
        public T deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            JsonNode tree = delegate.deserialize(p, ctxt);
            String at = firstNul(tree);
            if (at != null) {
                throw new NulCharacterException(p, at);
            }
            return (T) tree;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T getNullValue(DeserializationContext ctxt) throws JsonMappingException {
            return (T) delegate.getNullValue(ctxt);
        }
    }

    /** True for a string holding a NUL or a surrogate that is not half of a pair. */
    static boolean unstorable(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\0') {
                return true;
            }
            if (Character.isHighSurrogate(c)) {
                if (i + 1 == value.length() || !Character.isLowSurrogate(value.charAt(i + 1))) {
                    return true;
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    /** The path of the first string or field name holding a NUL, or null when there is none. */
    static String firstNul(JsonNode root) {
        Deque<Frame> pending = new ArrayDeque<>();
        pending.push(new Frame(null, null, -1, root));
        while (!pending.isEmpty()) {
            Frame frame = pending.pop();
            JsonNode node = frame.node();
            if (node.isTextual() && unstorable(node.textValue())) {
                return frame.path();
            }
            if (node.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                    Map.Entry<String, JsonNode> field = fields.next();
                    if (unstorable(field.getKey())) {
                        return new Frame(frame, "(field name)", -1, node).path();
                    }
                    pending.push(new Frame(frame, field.getKey(), -1, field.getValue()));
                }
            } else if (node.isArray()) {
                for (int i = node.size() - 1; i >= 0; i--) {
                    pending.push(new Frame(frame, null, i, node.get(i)));
                }
            }
        }
        return null;
    }

    /** A node and how it was reached; the path is spelt out only for the one node reported. */
    private record Frame(Frame parent, String field, int index, JsonNode node) {
        String path() {
            Deque<Frame> chain = new ArrayDeque<>();
            for (Frame f = this; f != null && f.parent() != null; f = f.parent()) {
                chain.push(f);
            }
            StringBuilder sb = new StringBuilder();
            for (Frame f : chain) {
                if (f.field() != null) {
                    sb.append(sb.isEmpty() ? "" : ".").append(f.field());
                } else {
                    sb.append('[').append(f.index()).append(']');
                }
            }
            return sb.toString();
        }
    }
}

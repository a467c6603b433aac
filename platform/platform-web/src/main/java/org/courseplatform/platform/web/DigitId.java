package org.courseplatform.platform.web;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.io.IOException;
import java.util.regex.Pattern;

/**
 * An id in a JSON body: a number or a string of digits, {@code 36} and {@code "36"} alike, positive
 * and at most 18 digits; read as a {@code Long} ({@link Small}: an {@code Integer}).
 * Clients that keep ids as strings (JavaScript, which cannot hold every 64-bit integer) send them
 * quoted, so every id field takes both, while {@link StrictJson} still refuses {@code "5"} for a
 * count or a limit. Anything else ({@code "abc"}, {@code -1}, {@code 1.5}, {@code ""}, 19 digits)
 * is a 400 naming the field. Ids are always answered as numbers.
 *
 * <p>Use {@code @JsonDeserialize(using = DigitId.class)} on an id field and
 * {@code @JsonDeserialize(contentUsing = DigitId.class)} on a list of ids; {@link #parse} reads one
 * from a JSON tree.
 */
public class DigitId extends JsonDeserializer<Object> {

    /** What a bad id is told, after the field's name. */
    public static final String PROBLEM = "must be an id: a positive integer or a string of 1 to 18 digits";

    /** The largest id: 18 digits. */
    public static final long MAX = 999_999_999_999_999_999L;

    private static final Pattern DIGITS = Pattern.compile("[0-9]{1,18}");

    private final boolean integer;

    public DigitId() {
        this(false);
    }

    DigitId(boolean integer) {
        this.integer = integer;
    }

    /** The same rule for an {@code Integer} field (a small id such as a screen type's), at most 2^31-1. */
    public static final class Small extends DigitId {
        public Small() {
            super(true);
        }
    }

    /** The id a JSON value carries (a number or a string of digits), or null when it is not one. */
    public static Long parse(JsonNode value) {
        if (value == null) {
            return null;
        }
        if (value.isIntegralNumber()) {
            return value.canConvertToLong() ? valid(value.longValue()) : null;
        }
        return value.isTextual() ? parse(value.textValue()) : null;
    }

    /** The id a string of digits carries, or null when it is not one. */
    public static Long parse(String value) {
        if (value == null || !DIGITS.matcher(value).matches()) {
            return null;
        }
        return valid(Long.parseLong(value));
    }

    private static Long valid(long id) {
        return id > 0 && id <= MAX ? id : null;
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        JsonToken token = p.currentToken();
        Long id = null;
        if (token == JsonToken.VALUE_NUMBER_INT) {
            id = p.getNumberType() == JsonParser.NumberType.BIG_INTEGER ? null : valid(p.getLongValue());
        } else if (token == JsonToken.VALUE_STRING) {
            id = parse(p.getText());
        }
        if (id == null || integer && id > Integer.MAX_VALUE) {
            if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
                p.skipChildren();
            }
            throw new InvalidId(p);
        }
        if (integer) {
            return Integer.valueOf(id.intValue());
        }
        return id;
    }

    /** A value that is not an id; {@link JsonErrors} names its field with {@link #PROBLEM}. */
    static final class InvalidId extends MismatchedInputException {
        InvalidId(JsonParser parser) {
            super(parser, PROBLEM);
        }
    }
}

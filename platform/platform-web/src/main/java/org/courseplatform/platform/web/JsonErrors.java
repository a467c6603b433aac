package org.courseplatform.platform.web;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.math.BigInteger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * Turns Jackson's failures into a 400 that names the JSON field and says what was expected,
 * without echoing the body or internal class names back.
 */
final class JsonErrors {

    private JsonErrors() {}

    /** The Jackson failure in a cause chain, or null. */
    static JsonProcessingException find(Throwable t) {
        for (Throwable c = t; c != null && c != c.getCause(); c = c.getCause()) {
            if (c instanceof JsonProcessingException j) {
                return j;
            }
        }
        return null;
    }

    static ApiException toApiException(JsonProcessingException e) {
        for (Throwable c = e; c != null && c != c.getCause(); c = c.getCause()) {
            if (c instanceof StreamConstraintsException limit) {
                return ApiException.badRequest(
                        "The JSON body exceeds a limit: " + firstLine(limit.getOriginalMessage()));
            }
        }
        if (e instanceof NulCharacters.NulCharacterException nul) {
            String outer = path(nul.getPath());
            String field = outer.isEmpty()
                    ? nul.innerPath()
                    : nul.innerPath().isEmpty()
                            ? outer
                            : nul.innerPath().startsWith("[") ? outer + nul.innerPath() : outer + "." + nul.innerPath();
            return ApiException.invalid(field.isEmpty() ? "body" : field, NulCharacters.PROBLEM);
        }
        if (e instanceof StreamReadException read && !(e instanceof MismatchedInputException)) {
            return ApiException.badRequest(
                    "Malformed JSON" + at(read.getLocation()) + ": " + firstLine(read.getOriginalMessage()));
        }
        if (e instanceof JsonMappingException mapping) {
            String field = path(mapping.getPath());
            String problem = problem(mapping);
            if (field.isEmpty()) {
                return ApiException.badRequest("Invalid JSON body: " + problem);
            }
            return new ApiException(
                    ErrorCode.BAD_REQUEST, field + ": " + problem, List.of(new ApiError.Detail(field, problem)), null);
        }
        return ApiException.badRequest("Invalid JSON body");
    }

    private static String problem(JsonMappingException e) {
        if (e.getCause() instanceof StreamReadException read) {
            return firstLine(read.getOriginalMessage());
        }
        if (e instanceof UnrecognizedPropertyException) {
            return "is not a known field";
        }
        if (e instanceof DigitId.InvalidId) {
            return DigitId.PROBLEM;
        }
        if (e instanceof InvalidFormatException invalid && invalid.getTargetType() != null) {
            if (invalid.getTargetType().isEnum()) {
                return "must be one of " + enumValues(invalid.getTargetType());
            }
            return "must be " + describe(invalid.getTargetType());
        }
        if (e instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
            return "must be " + describe(mismatch.getTargetType());
        }
        if (e instanceof ValueInstantiationException
                && e.getCause() != null
                && e.getCause().getMessage() != null) {
            return firstLine(e.getCause().getMessage());
        }
        return "has an invalid value";
    }

    private static String enumValues(Class<?> type) {
        StringBuilder sb = new StringBuilder();
        for (Object constant : type.getEnumConstants()) {
            sb.append(sb.isEmpty() ? "" : ", ").append(constant.toString().toLowerCase(Locale.ROOT));
        }
        return sb.toString();
    }

    static String describe(Class<?> type) {
        if (type == String.class || CharSequence.class.isAssignableFrom(type)) {
            return "a string";
        }
        if (type == Integer.class
                || type == int.class
                || type == Long.class
                || type == long.class
                || type == Short.class
                || type == short.class
                || type == BigInteger.class) {
            return "an integer";
        }
        if (Number.class.isAssignableFrom(type) || type == double.class || type == float.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "a boolean";
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        if (type.isEnum()) {
            return "one of " + enumValues(type);
        }
        if (type == OffsetDateTime.class || type == Instant.class) {
            return "an ISO 8601 timestamp";
        }
        return "an object";
    }

    static String path(List<JsonMappingException.Reference> refs) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference ref : refs) {
            if (ref.getFieldName() != null) {
                sb.append(sb.isEmpty() ? "" : ".").append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                sb.append('[').append(ref.getIndex()).append(']');
            }
        }
        return sb.toString();
    }

    private static String at(JsonLocation location) {
        if (location == null || location.getLineNr() < 0) {
            return "";
        }
        return " at line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable input";
        }
        int nl = message.indexOf('\n');
        String line = nl < 0 ? message : message.substring(0, nl);
        return line.length() > 200 ? line.substring(0, 200) + "…" : line;
    }
}

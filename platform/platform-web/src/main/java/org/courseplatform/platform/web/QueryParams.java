package org.courseplatform.platform.web;

import java.util.Locale;
import java.util.Set;

/**
 * Parses query, path and form values that arrive as strings, so that a bad value is a 400 naming
 * the parameter (JAX-RS would otherwise turn a failed conversion into a 404).
 */
public final class QueryParams {

    private QueryParams() {}

    /** A non-negative integer given as digits, within {@code [min, max]}; default when absent. */
    public static int digits(String name, String raw, int defaultValue, int min, int max) {
        if (raw == null || raw.isEmpty()) {
            return defaultValue;
        }
        if (raw.length() > 10 || !raw.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw ApiException.invalid(name, "must be digits between " + min + " and " + max);
        }
        long value = Long.parseLong(raw);
        if (value < min || value > max) {
            throw ApiException.invalid(name, "must be between " + min + " and " + max);
        }
        return (int) value;
    }

    /** A resource id: a positive integer of at most 18 digits. */
    public static long id(String name, String raw) {
        Long value = optionalId(name, raw);
        if (value == null) {
            throw ApiException.invalid(name, "is required");
        }
        return value;
    }

    public static Long optionalId(String name, String raw) {
        if (raw == null || raw.isEmpty()) {
            return null;
        }
        if (raw.length() > 18 || !raw.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw ApiException.invalid(name, "must be a positive integer id");
        }
        long value = Long.parseLong(raw);
        if (value <= 0) {
            throw ApiException.invalid(name, "must be a positive integer id");
        }
        return value;
    }

    /** A boolean given as {@code true/false} or {@code 1/0}. */
    public static boolean bool(String name, String raw, boolean defaultValue) {
        if (raw == null || raw.isEmpty()) {
            return defaultValue;
        }
        return switch (raw.toLowerCase(Locale.ROOT)) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw ApiException.invalid(name, "must be true or false");
        };
    }

    /** One of a fixed set of lower-case words; default when absent. */
    public static String oneOf(String name, String raw, String defaultValue, Set<String> allowed) {
        if (raw == null || raw.isEmpty()) {
            return defaultValue;
        }
        if (!allowed.contains(raw)) {
            throw ApiException.invalid(
                    name,
                    "must be one of "
                            + String.join(", ", allowed.stream().sorted().toList()));
        }
        return raw;
    }
}

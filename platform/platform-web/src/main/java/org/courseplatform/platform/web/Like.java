package org.courseplatform.platform.web;

import java.util.Locale;

/**
 * Patterns for SQL {@code LIKE} built from what a client typed: its {@code %}, {@code _} and
 * {@code \} match themselves (PostgreSQL's default escape character is the backslash), never
 * "anything".
 */
public final class Like {

    private Like() {}

    /** The text with {@code \}, {@code %} and {@code _} escaped. */
    public static String escape(String value) {
        return value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    /** A pattern matching lower-cased text that contains the search, lower-cased. */
    public static String containing(String search) {
        return "%" + escape(search.toLowerCase(Locale.ROOT)) + "%";
    }
}

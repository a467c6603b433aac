package org.courseplatform.platform.web;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;

/**
 * Checks a Content-Type header before the REST layer parses it: its parser throws on a malformed
 * value ({@code invalid}, {@code application/json, text/plain}), and a throw there is a 500.
 */
final class MediaTypes {

    private static final int MAX_QUOTED = 100;

    private MediaTypes() {}

    /**
     * True for {@code type/subtype} followed by {@code ;name=value} parameters (RFC 9110: tokens,
     * values as tokens or quoted strings), with optional white space around the separators.
     */
    static boolean isSingleMediaType(String value) {
        int[] at = {0};
        skipSpace(value, at);
        if (!token(value, at) || !expect(value, at, '/') || !token(value, at)) {
            return false;
        }
        skipSpace(value, at);
        while (at[0] < value.length()) {
            if (!expect(value, at, ';')) {
                return false;
            }
            skipSpace(value, at);
            if (at[0] == value.length()) {
                return true; // a trailing ';' is tolerated, as browsers send it
            }
            if (!token(value, at) || !expect(value, at, '=')) {
                return false;
            }
            if (at[0] < value.length() && value.charAt(at[0]) == '"') {
                if (!quoted(value, at)) {
                    return false;
                }
            } else if (!token(value, at)) {
                return false;
            }
            skipSpace(value, at);
        }
        return true;
    }

    /**
     * The {@code charset} parameter of a value {@link #isSingleMediaType} accepted, unquoted, or
     * null when there is none.
     */
    static String charset(String value) {
        int semicolon = value.indexOf(';');
        while (semicolon >= 0) {
            int equals = value.indexOf('=', semicolon);
            if (equals < 0) {
                return null;
            }
            String name = value.substring(semicolon + 1, equals).strip();
            int[] at = {equals + 1};
            String parameter;
            if (at[0] < value.length() && value.charAt(at[0]) == '"') {
                int start = at[0];
                quoted(value, at);
                parameter = unescape(value.substring(start + 1, at[0] - 1));
            } else {
                int start = at[0];
                token(value, at);
                parameter = value.substring(start, at[0]);
            }
            if (name.equalsIgnoreCase("charset")) {
                return parameter;
            }
            semicolon = value.indexOf(';', at[0]);
        }
        return null;
    }

    private static String unescape(String quotedText) {
        StringBuilder sb = new StringBuilder(quotedText.length());
        for (int i = 0; i < quotedText.length(); i++) {
            char c = quotedText.charAt(i);
            if (c == '\\' && i + 1 < quotedText.length()) {
                c = quotedText.charAt(++i);
            }
            sb.append(c);
        }
        return sb.toString();
    }

    /** True when this JVM can decode the named charset; a body in any other cannot be read. */
    static boolean isSupportedCharset(String name) {
        try {
            return Charset.isSupported(name);
        } catch (IllegalCharsetNameException e) {
            return false;
        }
    }

    /** The value for an error message: printable ASCII only, cut to a sane length. */
    static String quote(String value) {
        StringBuilder sb = new StringBuilder("'");
        for (int i = 0; i < value.length() && i < MAX_QUOTED; i++) {
            char c = value.charAt(i);
            sb.append(c >= 0x20 && c < 0x7f ? c : '?');
        }
        return sb.append(value.length() > MAX_QUOTED ? "…'" : "'").toString();
    }

    private static boolean token(String s, int[] at) {
        int start = at[0];
        while (at[0] < s.length() && isTokenChar(s.charAt(at[0]))) {
            at[0]++;
        }
        return at[0] > start;
    }

    private static boolean quoted(String s, int[] at) {
        at[0]++; // opening quote
        while (at[0] < s.length()) {
            char c = s.charAt(at[0]++);
            if (c == '"') {
                return true;
            }
            if (c == '\\') {
                if (at[0] == s.length()) {
                    return false;
                }
                at[0]++;
            } else if (c < 0x20 && c != '\t' || c == 0x7f) {
                return false;
            }
        }
        return false;
    }

    private static boolean expect(String s, int[] at, char c) {
        if (at[0] < s.length() && s.charAt(at[0]) == c) {
            at[0]++;
            return true;
        }
        return false;
    }

    private static void skipSpace(String s, int[] at) {
        while (at[0] < s.length() && (s.charAt(at[0]) == ' ' || s.charAt(at[0]) == '\t')) {
            at[0]++;
        }
    }

    private static boolean isTokenChar(char c) {
        return c > 0x20 && c < 0x7f && "()<>@,;:\\\"/[]?={}".indexOf(c) < 0;
    }
}

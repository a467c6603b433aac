package org.courseplatform.platform.testing.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * One request as sent: what it exercises and its exact bytes. Reports print {@link #summary()},
 * which names the credential by {@code authLabel} and never prints {@code authorization} itself.
 *
 * @param index its number in the run (0-based); a replay of the seed sends the same request at the same index
 * @param mutation the mutation kind (reports deduplicate on it)
 * @param variant which value or shape of that mutation
 */
public record FuzzRequest(
        int index,
        String operation,
        String mutation,
        String variant,
        String method,
        String pathAndQuery,
        Map<String, String> headers,
        String authorization,
        String authLabel,
        byte[] body) {

    private static final int EXCERPT = 300;

    @Override
    public String toString() {
        return summary();
    }

    /** A short, printable description: method, path, headers, and the start of the body. */
    public String summary() {
        StringBuilder sb = new StringBuilder(method).append(' ').append(excerpt(pathAndQuery, 400));
        sb.append("  [auth: ").append(authLabel).append(']');
        headers.forEach((name, value) -> sb.append("  [")
                .append(name)
                .append(": ")
                .append(excerpt(value, 120))
                .append(']'));
        if (body != null) {
            sb.append("  body ").append(body.length).append(" bytes");
            if (body.length > 0) {
                sb.append(": ")
                        .append(excerpt(
                                new String(body, 0, Math.min(body.length, EXCERPT * 4), StandardCharsets.UTF_8),
                                EXCERPT));
            }
        }
        return sb.toString();
    }

    /** At most {@code max} characters; control characters and surrogates shown as {@code \\uXXXX}. */
    static String excerpt(String text, int max) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < text.length() && sb.length() < max; i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7f || Character.isSurrogate(c)) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return text.length() > max ? sb + "…(" + text.length() + " chars)" : sb.toString();
    }
}

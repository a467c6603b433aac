package org.courseplatform.platform.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The body of every error answer: {@code {"message", "error": {"code", "status"}, "details"?}}.
 * The shape mirrors the commercial API this platform is compatible with.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApiError(String message, Error error, List<Detail> details) {

    public record Error(String code, int status) {
    }

    /** One invalid input: the field (JSON path, query or form parameter) and what is wrong. */
    public record Detail(String field, String message) {
    }

    public static ApiError of(ErrorCode code, String message, List<Detail> details) {
        return new ApiError(message, new Error(code.name(), code.status()),
                details == null || details.isEmpty() ? null : List.copyOf(details));
    }

    /** The JSON text of an error, for places that write bytes directly (Vert.x handlers). */
    public String toJson() {
        StringBuilder sb = new StringBuilder(128).append("{\"message\":").append(quote(message))
                .append(",\"error\":{\"code\":").append(quote(error.code())).append(",\"status\":")
                .append(error.status()).append('}');
        if (details != null) {
            sb.append(",\"details\":[");
            for (int i = 0; i < details.size(); i++) {
                Detail d = details.get(i);
                sb.append(i == 0 ? "" : ",").append("{\"field\":").append(quote(d.field()))
                        .append(",\"message\":").append(quote(d.message())).append('}');
            }
            sb.append(']');
        }
        return sb.append('}').toString();
    }

    private static String quote(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}

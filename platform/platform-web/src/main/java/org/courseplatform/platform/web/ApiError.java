package org.courseplatform.platform.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The body of every error answer: {@code {"message", "error": {"code", "status", "reason"?}, "details"?,
 * "traceId"?}}. The shape mirrors the commercial API this platform is compatible with; {@code reason} is a
 * machine-readable refinement of the code some refusals carry (the course player's 401s: expired,
 * invalid, used, session), absent everywhere else. {@code traceId} is the W3C trace id of the request
 * (the same as its {@value TraceIds#HEADER} header), so a tenant can quote it to support; it is absent
 * only where no trace is running.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApiError(String message, Error error, List<Detail> details, String traceId) {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Error(String code, int status, String reason) {

        public Error(String code, int status) {
            this(code, status, null);
        }
    }

    /** One invalid input: the field (JSON path, query or form parameter) and what is wrong. */
    public record Detail(String field, String message) {}

    public static ApiError of(ErrorCode code, String message, List<Detail> details) {
        return of(code, null, message, details);
    }

    public static ApiError of(ErrorCode code, String reason, String message, List<Detail> details) {
        return new ApiError(
                message,
                new Error(code.name(), code.status(), reason),
                details == null || details.isEmpty() ? null : List.copyOf(details),
                TraceIds.current());
    }

    /** The JSON text of an error, for places that write bytes directly (Vert.x handlers). */
    public String toJson() {
        StringBuilder sb = new StringBuilder(128)
                .append("{\"message\":")
                .append(quote(message))
                .append(",\"error\":{\"code\":")
                .append(quote(error.code()))
                .append(",\"status\":")
                .append(error.status());
        if (error.reason() != null) {
            sb.append(",\"reason\":").append(quote(error.reason()));
        }
        sb.append('}');
        if (details != null) {
            sb.append(",\"details\":[");
            for (int i = 0; i < details.size(); i++) {
                Detail d = details.get(i);
                sb.append(i == 0 ? "" : ",")
                        .append("{\"field\":")
                        .append(quote(d.field()))
                        .append(",\"message\":")
                        .append(quote(d.message()))
                        .append('}');
            }
            sb.append(']');
        }
        if (traceId != null) {
            sb.append(",\"traceId\":").append(quote(traceId));
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

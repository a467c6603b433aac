package org.courseplatform.platform.testing.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Locale;

/**
 * The platform's promise for every answer: never a 5xx, and every 4xx in the one error shape
 * {@code {"message": string, "error": {"code": string, "status": int}, "details"?: [{"field", "message"}]}}
 * with {@code error.status} equal to the HTTP status and {@code Content-Type: application/json}.
 */
public final class ErrorShape {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ErrorShape() {}

    /** What is wrong with this answer, or null when it keeps the promise. */
    public static String problem(int status, String contentType, byte[] body) {
        if (status >= 500) {
            return "server error " + status;
        }
        if (status < 400) {
            return null;
        }
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            return "4xx with Content-Type " + contentType + ", not application/json";
        }
        JsonNode json;
        try {
            json = MAPPER.readTree(body);
        } catch (IOException e) {
            return "4xx body is not JSON";
        }
        if (json == null || !json.isObject()) {
            return "4xx body is not a JSON object";
        }
        if (!json.path("message").isTextual()) {
            return "4xx without a string \"message\"";
        }
        JsonNode error = json.path("error");
        if (!error.path("code").isTextual() || error.path("code").asText().isBlank()) {
            return "4xx without a string \"error.code\"";
        }
        if (!error.path("status").isInt() || error.path("status").asInt() != status) {
            return "4xx with \"error.status\" " + error.path("status") + " instead of " + status;
        }
        if (json.has("details")) {
            JsonNode details = json.get("details");
            if (!details.isArray()) {
                return "4xx with \"details\" that is not an array";
            }
            for (JsonNode detail : details) {
                if (!detail.path("field").isTextual() || !detail.path("message").isTextual()) {
                    return "4xx with a detail without string \"field\" and \"message\"";
                }
            }
        }
        return null;
    }
}

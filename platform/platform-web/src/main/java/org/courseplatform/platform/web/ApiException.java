package org.courseplatform.platform.web;

import java.util.List;
import java.util.Map;

/**
 * A failure the client caused or must know about, carried to the error mapper unchanged.
 * Services throw these from their rules; the mapper turns them into the error shape.
 */
public class ApiException extends RuntimeException {

    private final ErrorCode code;
    private final List<ApiError.Detail> details;
    private final Map<String, String> headers;
    private final String reason;

    public ApiException(ErrorCode code, String message, List<ApiError.Detail> details, Map<String, String> headers) {
        this(code, null, message, details, headers);
    }

    /** With {@code reason}: the machine-readable refinement of the code answered as {@code error.reason}. */
    public ApiException(
            ErrorCode code, String reason, String message, List<ApiError.Detail> details, Map<String, String> headers) {
        super(message, null, false, false);
        this.code = code;
        this.reason = reason;
        this.details = details == null ? List.of() : List.copyOf(details);
        this.headers = headers == null ? Map.of() : Map.copyOf(headers);
    }

    public ApiException(ErrorCode code, String message) {
        this(code, message, null, null);
    }

    public ErrorCode code() {
        return code;
    }

    public List<ApiError.Detail> details() {
        return details;
    }

    public Map<String, String> headers() {
        return headers;
    }

    public String reason() {
        return reason;
    }

    public ApiError toBody() {
        return ApiError.of(code, reason, getMessage(), details);
    }

    public static ApiException badRequest(String message) {
        return new ApiException(ErrorCode.BAD_REQUEST, message);
    }

    /** A 400 naming the offending field, both in the message and in {@code details}. */
    public static ApiException invalid(String field, String problem) {
        return new ApiException(
                ErrorCode.BAD_REQUEST, field + ": " + problem, List.of(new ApiError.Detail(field, problem)), null);
    }

    public static ApiException invalid(List<ApiError.Detail> details) {
        String message = details.size() == 1
                ? details.get(0).field() + ": " + details.get(0).message()
                : "The request has " + details.size() + " invalid fields";
        return new ApiException(ErrorCode.BAD_REQUEST, message, details, null);
    }

    public static ApiException notFound(String message) {
        return new ApiException(ErrorCode.NOT_FOUND, message);
    }

    public static ApiException conflict(String message) {
        return new ApiException(ErrorCode.CONFLICT, message);
    }

    public static ApiException forbidden(String message) {
        return new ApiException(ErrorCode.FORBIDDEN, message);
    }

    public static ApiException unauthorized(String message) {
        return new ApiException(ErrorCode.UNAUTHORIZED, message);
    }

    /** A 401 whose {@code error.reason} says why, for clients that act on it. */
    public static ApiException unauthorized(String reason, String message) {
        return new ApiException(ErrorCode.UNAUTHORIZED, reason, message, null, null);
    }

    public static ApiException unprocessable(String message) {
        return new ApiException(ErrorCode.UNPROCESSABLE, message);
    }

    public static ApiException payloadTooLarge(String message) {
        return new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, message);
    }

    public static ApiException unavailable(String message) {
        return new ApiException(ErrorCode.UNAVAILABLE, message);
    }

    public static ApiException tooManyRequests(String message, long retryAfterSeconds) {
        return new ApiException(
                ErrorCode.TOO_MANY_REQUESTS, message, null, Map.of("Retry-After", Long.toString(retryAfterSeconds)));
    }
}

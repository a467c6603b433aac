package org.courseplatform.platform.web;

/**
 * The error codes of the platform's one error shape (DESIGN.md section 8). The code is what
 * clients branch on; the status follows from it.
 */
public enum ErrorCode {
    BAD_REQUEST(400),
    UNAUTHORIZED(401),
    FORBIDDEN(403),
    NOT_FOUND(404),
    METHOD_NOT_ALLOWED(405),
    NOT_ACCEPTABLE(406),
    REQUEST_TIMEOUT(408),
    CONFLICT(409),
    /** An {@code If-Match} revision that is no longer current. */
    PRECONDITION_FAILED(412),
    /** A change that must name the revision it was made from ({@code If-Match}) and did not. */
    PRECONDITION_REQUIRED(428),
    PAYLOAD_TOO_LARGE(413),
    URI_TOO_LONG(414),
    UNSUPPORTED_MEDIA_TYPE(415),
    /** A {@code Range} of a file that starts past its end. */
    RANGE_NOT_SATISFIABLE(416),
    UNPROCESSABLE(422),
    TOO_MANY_REQUESTS(429),
    HEADERS_TOO_LARGE(431),
    INTERNAL(500),
    UNAVAILABLE(503);

    private final int status;

    ErrorCode(int status) {
        this.status = status;
    }

    public int status() {
        return status;
    }

    /** The code a bare HTTP status maps to, for failures raised outside our own code. */
    public static ErrorCode forStatus(int status) {
        for (ErrorCode code : values()) {
            if (code.status == status) {
                return code;
            }
        }
        if (status >= 500) {
            return status == 503 || status == 502 || status == 504 ? UNAVAILABLE : INTERNAL;
        }
        return BAD_REQUEST;
    }
}

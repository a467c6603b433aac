package org.courseplatform.scorm.player;

import java.util.Map;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;

/**
 * One range of a file's bytes, {@code first} to {@code last} inclusive, as a {@code Range} header
 * asks for it (RFC 9110 section 14). Media players need it: a video seeks by asking for the bytes
 * from a point on, and Safari plays no video whose server cannot answer a range.
 */
public record ByteRange(long first, long last) {

    public long length() {
        return last - first + 1;
    }

    /** The {@code Content-Range} of this range of a file of {@code size} bytes. */
    public String contentRange(long size) {
        return "bytes " + first + "-" + last + "/" + size;
    }

    /**
     * The range {@code header} asks of a file of {@code size} bytes, or null to send the whole
     * file: when there is no header, when it asks for several ranges or in a unit other than bytes,
     * or when it is malformed (RFC 9110 lets a server ignore such a header and answer 200). A
     * single well-formed range that starts past the end (or a suffix of 0 bytes, or any range of
     * an empty file) is refused with a 416 that names the size.
     */
    public static ByteRange of(String header, long size) {
        if (header == null) {
            return null;
        }
        String value = header.strip();
        if (!value.regionMatches(true, 0, "bytes=", 0, 6)) {
            return null;
        }
        String spec = value.substring(6).strip();
        int dash = spec.indexOf('-');
        if (dash < 0 || spec.indexOf(',') >= 0) {
            return null;
        }
        String from = spec.substring(0, dash).strip();
        String to = spec.substring(dash + 1).strip();
        if (from.isEmpty()) {
            long suffix = number(to);
            if (suffix < 0) {
                return null;
            }
            if (suffix == 0 || size == 0) {
                throw unsatisfiable(size);
            }
            return new ByteRange(Math.max(0, size - suffix), size - 1);
        }
        long first = number(from);
        long last = to.isEmpty() ? Long.MAX_VALUE : number(to);
        if (first < 0 || last < 0 || last < first) {
            return null;
        }
        if (first >= size) {
            throw unsatisfiable(size);
        }
        return new ByteRange(first, Math.min(last, size - 1));
    }

    /** A run of digits as a number (past 18 digits: as large as a long gets), else -1. */
    private static long number(String digits) {
        if (digits.isEmpty()) {
            return -1;
        }
        for (int i = 0; i < digits.length(); i++) {
            if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
                return -1;
            }
        }
        return digits.length() > 18 ? Long.MAX_VALUE : Long.parseLong(digits);
    }

    private static ApiException unsatisfiable(long size) {
        return new ApiException(
                ErrorCode.RANGE_NOT_SATISFIABLE,
                "The range asked for is outside this file of " + size + " bytes",
                null,
                Map.of("Content-Range", "bytes */" + size));
    }
}

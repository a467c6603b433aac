package org.courseplatform.platform.web;

import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.function.Function;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * One page of a list and the total it was cut from. Lists answer a bare JSON array with the
 * total in {@code X-Total-Count}, as the commercial API this mirrors does.
 */
public record Paged<T>(List<T> items, long total) {

    public static final String TOTAL_HEADER = "X-Total-Count";

    public <R> Paged<R> map(Function<? super T, ? extends R> mapper) {
        return new Paged<>(items.stream().<R>map(mapper).toList(), total);
    }

    public RestResponse<List<T>> toResponse() {
        return RestResponse.ResponseBuilder.ok(items, MediaType.APPLICATION_JSON_TYPE)
                .header(TOTAL_HEADER, total)
                .build();
    }

    /**
     * Offset of a zero-based page. A page whose offset or last row does not fit an int is a 400:
     * the SQL clients take int offsets and overflow silently into a negative (a 500).
     */
    public static int offset(int page, int size) {
        long offset = (long) page * size;
        if (offset + size > Integer.MAX_VALUE) {
            throw ApiException.invalid("page", "is too large");
        }
        return (int) offset;
    }

    /**
     * Offset of a zero-based page of {@code length} rows, where a length of 0 (asking for the
     * total only) is checked like a length of 1, so a page past any int offset is a 400 either way.
     */
    public static int start(int page, int length) {
        return offset(page, Math.max(length, 1));
    }
}

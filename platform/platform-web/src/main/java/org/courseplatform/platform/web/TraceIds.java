package org.courseplatform.platform.web;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.vertx.ext.web.Router;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Answers every request with its W3C trace id in {@value #HEADER}, the id error bodies carry as
 * {@code traceId} and every log line of the request as {@code mdc.traceId}: what a tenant quotes to
 * support and an operator searches the logs (or the trace backend) for. The id is the caller's when
 * it sent a {@code traceparent}, else a new one. Reading it costs a context lookup, no I/O.
 */
@ApplicationScoped
public class TraceIds {

    public static final String HEADER = "X-Trace-Id";

    /** The trace id of the current request or message, or null where no trace is running. */
    public static String current() {
        SpanContext span = Span.current().getSpanContext();
        return span.isValid() ? span.getTraceId() : null;
    }

    /** Registered before RouterErrors' handlers (same order, earlier observer), so their refusals carry it too. */
    void install(@Observes @Priority(1) Router router) {
        router.route().order(Integer.MIN_VALUE).handler(ctx -> {
            String traceId = current();
            if (traceId != null) {
                ctx.response().putHeader(HEADER, traceId);
            }
            ctx.next();
        });
    }
}

package org.courseplatform.platform.events;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import java.util.function.Supplier;

/**
 * Carries a request's trace through the outbox and Kafka: the W3C {@code traceparent} of the
 * current span goes with the event (the CloudEvents distributed-tracing attribute and the record's
 * header), and a consumer handles the event inside that trace, so its log lines carry the
 * request's {@code traceId} and its spans join the request's trace. Parsing and formatting only,
 * no I/O.
 */
public final class EventTraces {

    private EventTraces() {}

    /** The traceparent of the current span ({@code 00-<trace id>-<span id>-<flags>}), or null outside any trace. */
    public static String current() {
        SpanContext span = Span.current().getSpanContext();
        if (!span.isValid()) {
            return null;
        }
        return "00-" + span.getTraceId() + "-" + span.getSpanId() + "-"
                + span.getTraceFlags().asHex();
    }

    /** The span context a traceparent names, or null when it is absent or not a valid version-00 traceparent. */
    static SpanContext parse(String traceparent) {
        if (traceparent == null
                || traceparent.length() != 55
                || !traceparent.startsWith("00-")
                || traceparent.charAt(35) != '-'
                || traceparent.charAt(52) != '-') {
            return null;
        }
        SpanContext span = SpanContext.createFromRemoteParent(
                traceparent.substring(3, 35),
                traceparent.substring(36, 52),
                TraceFlags.fromHex(traceparent, 53),
                TraceState.getDefault());
        return span.isValid() ? span : null;
    }

    /**
     * Runs {@code work} inside the trace {@code traceparent} names: on a fresh duplicated Vert.x
     * context, where that trace is current for every step of the work until it ends (off Vert.x,
     * for its synchronous part). Without a valid traceparent the work runs as it is.
     */
    public static <T> Uni<T> within(String traceparent, Supplier<Uni<? extends T>> work) {
        SpanContext parent = parse(traceparent);
        if (parent == null) {
            return Uni.createFrom().deferred(work);
        }
        Context trace = Context.root().with(Span.wrap(parent));
        io.vertx.core.Context current = io.vertx.core.Vertx.currentContext();
        return Uni.createFrom().emitter(emitter -> {
            Runnable run = () -> {
                Scope scope = trace.makeCurrent();
                try {
                    Uni.createFrom()
                            .deferred(work)
                            .onTermination()
                            .invoke(scope::close)
                            .subscribe()
                            .with(emitter::complete, emitter::fail);
                } catch (RuntimeException e) {
                    scope.close();
                    emitter.fail(e);
                }
            };
            if (current == null) {
                run.run();
            } else {
                VertxContext.createNewDuplicatedContext(current).runOnContext(ignored -> run.run());
            }
        });
    }
}

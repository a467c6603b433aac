package org.courseplatform.platform.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Scope;
import io.smallrye.mutiny.Uni;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EventTracesTest {

    private static final ObjectMapper MAPPER = CloudEventsTest.MAPPER;
    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String SPAN = "00f067aa0ba902b7";

    @Test
    void anEventWrittenInATraceCarriesItsTraceparentAndTheInboxReadsItBack() throws Exception {
        Outbox outbox = new Outbox(MAPPER, "members-service");
        CloudEvent event;
        try (Scope ignored = Span.wrap(
                        SpanContext.create(TRACE, SPAN, TraceFlags.getSampled(), TraceState.getDefault()))
                .makeCurrent()) {
            event = outbox.envelope("member.created", "5", 9, false, Map.of("member", Map.of("id", 5)));
        }
        assertThat(event.traceparent()).isEqualTo("00-" + TRACE + "-" + SPAN + "-01");
        CloudEvent read = new Inbox(MAPPER).parse(MAPPER.writeValueAsString(event));
        assertThat(read.traceparent()).isEqualTo(event.traceparent());
    }

    @Test
    void anEventWrittenOutsideAnyTraceHasNoTraceparent() {
        CloudEvent event = new Outbox(MAPPER, "members-service").envelope("member.created", "5", 9, false, Map.of());
        assertThat(event.traceparent()).isNull();
        assertThat(EventTraces.current()).isNull();
    }

    @Test
    void workRunsInTheTraceOfItsEventAndWithoutOneOutsideAnyTrace() {
        String seen = EventTraces.within(
                        "00-" + TRACE + "-" + SPAN + "-00",
                        () -> Uni.createFrom()
                                .item(() -> Span.current().getSpanContext().getTraceId()))
                .await()
                .indefinitely();
        assertThat(seen).isEqualTo(TRACE);
        assertThat(Span.current().getSpanContext().isValid())
                .as("the trace ends with the work")
                .isFalse();
        for (String invalid : new String[] {
            null,
            "",
            "00-" + "0".repeat(32) + "-" + SPAN + "-01",
            "01-" + TRACE + "-" + SPAN + "-01",
            "00-" + TRACE + "-" + SPAN,
            "00-" + TRACE.toUpperCase() + "-" + SPAN + "-01"
        }) {
            boolean valid = EventTraces.within(
                            invalid,
                            () -> Uni.createFrom()
                                    .item(() -> Span.current().getSpanContext().isValid()))
                    .await()
                    .indefinitely();
            assertThat(valid).as(String.valueOf(invalid)).isFalse();
        }
    }
}

package org.courseplatform.platform.events;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;

/**
 * A CloudEvents 1.0 envelope in structured JSON mode, as every platform topic carries it.
 * {@code data} is exactly the webhook {@code data} of subscribable events. {@code traceparent} is
 * the CloudEvents distributed-tracing extension: the W3C trace context of the request that caused
 * the event ({@link EventTraces}), absent when none ran. Attributes this version does not know
 * (other extensions) are ignored, as CloudEvents consumers must.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record CloudEvent(
        String specversion,
        String id,
        String source,
        String type,
        String subject,
        OffsetDateTime time,
        String datacontenttype,
        Long workspaceid,
        Boolean testmode,
        String traceparent,
        JsonNode data) {

    public static final String SPEC_VERSION = "1.0";
    public static final String JSON = "application/json";
}

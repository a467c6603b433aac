package org.courseplatform.platform.web;

import io.quarkus.logging.Log;
import io.quarkus.logging.LoggingFilter;
import java.util.logging.Filter;
import java.util.logging.LogRecord;

/**
 * Keeps a client's undecodable form body out of the error log. The REST layer's form parser
 * throws on the event loop, so Vert.x reports it as an uncaught exception at ERROR with a stack
 * trace, although the request is answered 400 (RouterErrors): one line of garbage per request
 * would otherwise buy a client a page of ERROR log. Everything else the handler sees is kept.
 */
@LoggingFilter(name = "platform-malformed-bodies")
public final class MalformedBodyLogFilter implements Filter {

    private static final String VERTX_UNCAUGHT = "io.quarkus.vertx.core.runtime.VertxCoreRecorder";

    @Override
    public boolean isLoggable(LogRecord record) {
        if (VERTX_UNCAUGHT.equals(record.getLoggerName())
                && record.getThrown() != null
                && MalformedBodies.isMalformedBody(record.getThrown())) {
            Log.debugf(
                    "Undecodable request body refused: %s", record.getThrown().getMessage());
            return false;
        }
        return true;
    }
}

package org.courseplatform.platform.web;

import io.quarkus.logging.Log;
import io.quarkus.logging.LoggingFilter;
import java.util.logging.Filter;
import java.util.logging.LogRecord;

/**
 * Keeps a client's own faults out of the error log, where Quarkus or Vert.x report them at ERROR
 * with a stack trace although the request is answered with a 4xx: one bad request a client can
 * repeat at will must not buy it a page of ERROR log, nor hide a real one. Two such reports:
 * <ul>
 * <li>an undecodable form body: the REST layer's form parser throws on the event loop, so Vert.x
 * reports it as uncaught (the request is answered 400 by {@link RouterErrors});</li>
 * <li>a credential refused on a route outside JAX-RS (an expired or foreign access token on the
 * MCP endpoint): the authentication mechanism fails with an {@link ApiException} (401), and
 * Quarkus' authorizer, which sees the same failure after the 401 is written, reports it as
 * "Exception occurred during authorization".</li>
 * </ul>
 * Everything else those loggers say is kept, a 5xx {@code ApiException} included.
 */
@LoggingFilter(name = "platform-client-faults")
public final class ClientFaultLogFilter implements Filter {

    private static final String VERTX_UNCAUGHT = "io.quarkus.vertx.core.runtime.VertxCoreRecorder";
    private static final String AUTHORIZER = "io.quarkus.vertx.http.runtime.security.AbstractHttpAuthorizer";

    @Override
    public boolean isLoggable(LogRecord record) {
        Throwable thrown = record.getThrown();
        if (thrown == null) {
            return true;
        }
        if (VERTX_UNCAUGHT.equals(record.getLoggerName()) && MalformedBodies.isMalformedBody(thrown)) {
            Log.debugf("Undecodable request body refused: %s", thrown.getMessage());
            return false;
        }
        if (AUTHORIZER.equals(record.getLoggerName())
                && thrown instanceof ApiException e
                && e.code().status() < 500) {
            Log.debugf("Request refused before authorization: %s", e.getMessage());
            return false;
        }
        return true;
    }
}

package org.courseplatform.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

class ClientFaultLogFilterTest {

    private final ClientFaultLogFilter filter = new ClientFaultLogFilter();

    @Test
    void dropsVertxReportsOfUndecodableFormBodiesOnly() {
        IllegalArgumentException formFailure = new IllegalArgumentException("Failed to decode URL %%% to UTF-8");
        formFailure.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("org.jboss.resteasy.reactive.common.util.URLUtils", "decode", "URLUtils.java", 155)
        });
        assertThat(filter.isLoggable(record("io.quarkus.vertx.core.runtime.VertxCoreRecorder", formFailure)))
                .isFalse();

        assertThat(filter.isLoggable(record(
                        "io.quarkus.vertx.core.runtime.VertxCoreRecorder", new IllegalStateException("a real bug"))))
                .isTrue();
        assertThat(filter.isLoggable(record("org.courseplatform.Other", formFailure)))
                .isTrue();
        assertThat(filter.isLoggable(record("io.quarkus.vertx.core.runtime.VertxCoreRecorder", null)))
                .isTrue();
    }

    @Test
    void dropsTheAuthorizersReportsOfRefusedCredentialsButNotOfFailures() {
        String authorizer = "io.quarkus.vertx.http.runtime.security.AbstractHttpAuthorizer";
        assertThat(filter.isLoggable(record(authorizer, ApiException.unauthorized("The access token has expired"))))
                .isFalse();
        assertThat(filter.isLoggable(record(authorizer, ApiException.forbidden("Not from this origin"))))
                .isFalse();

        assertThat(filter.isLoggable(record(authorizer, ApiException.unavailable("Try again shortly"))))
                .as("a 5xx is the platform's, not the client's")
                .isTrue();
        assertThat(filter.isLoggable(record(authorizer, new IllegalStateException("a real bug"))))
                .isTrue();
        assertThat(filter.isLoggable(record("org.courseplatform.Other", ApiException.unauthorized("expired"))))
                .isTrue();
    }

    private static LogRecord record(String logger, Throwable thrown) {
        LogRecord record = new LogRecord(Level.SEVERE, "Uncaught exception received by Vert.x");
        record.setLoggerName(logger);
        record.setThrown(thrown);
        return record;
    }
}

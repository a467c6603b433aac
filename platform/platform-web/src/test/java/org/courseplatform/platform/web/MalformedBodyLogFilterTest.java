package org.courseplatform.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

class MalformedBodyLogFilterTest {

    private final MalformedBodyLogFilter filter = new MalformedBodyLogFilter();

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

    private static LogRecord record(String logger, Throwable thrown) {
        LogRecord record = new LogRecord(Level.SEVERE, "Uncaught exception received by Vert.x");
        record.setLoggerName(logger);
        record.setThrown(thrown);
        return record;
    }
}

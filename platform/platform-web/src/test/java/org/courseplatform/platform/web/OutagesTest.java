package org.courseplatform.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class OutagesTest {

    @Test
    void aRefusedConnectionAnywhereInTheChainIsAnOutage() {
        assertThat(Outages.isOutage(new CompletionException(
                        new IllegalStateException("session failed", new ConnectException("Connection refused")))))
                .isTrue();
    }

    @Test
    void aConnectionResetByTheDatabaseRestartingIsAnOutage() {
        assertThat(Outages.isOutage(
                        new IllegalStateException("query failed", new java.net.SocketException("Connection reset"))))
                .isTrue();
    }

    @Test
    void theDatabaseGoingAwayIsAnOutageAndOtherSqlStatesAreNot() {
        assertThat(Outages.connectionState("57P01")).as("admin shutdown").isTrue();
        assertThat(Outages.connectionState("08006")).as("connection failure").isTrue();
        assertThat(Outages.connectionState("23505"))
                .as("unique violation: a bug or a race")
                .isFalse();
        assertThat(Outages.connectionState(null)).isFalse();
    }

    @Test
    void aBugIsNotAnOutage() {
        assertThat(Outages.isOutage(new NullPointerException())).isFalse();
        assertThat(Outages.isOutage(new IllegalStateException("x", new ArithmeticException())))
                .isFalse();
    }
}

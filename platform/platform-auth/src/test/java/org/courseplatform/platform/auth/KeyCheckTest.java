package org.courseplatform.platform.auth;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.runtime.LaunchMode;
import org.junit.jupiter.api.Test;

class KeyCheckTest {

    @Test
    void aShortOperatorTokenStopsAProductionStart() {
        assertThatThrownBy(
                        () -> KeyCheck.checkOperatorToken(TestAuthConfig.operator("x".repeat(31)), LaunchMode.NORMAL))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("PLATFORM_AUTH_OPERATOR_TOKEN")
                .hasMessageContaining("at least 32");
        assertThatCode(() -> KeyCheck.checkOperatorToken(TestAuthConfig.operator("x".repeat(32)), LaunchMode.NORMAL))
                .doesNotThrowAnyException();
        assertThatCode(() -> KeyCheck.checkOperatorToken(TestAuthConfig.operator(null), LaunchMode.NORMAL))
                .as("no token: the admin API refuses everyone")
                .doesNotThrowAnyException();
    }

    @Test
    void devAndTestMayUseShortTokens() {
        assertThatCode(() -> KeyCheck.checkOperatorToken(TestAuthConfig.operator("dev"), LaunchMode.DEVELOPMENT))
                .doesNotThrowAnyException();
        assertThatCode(() -> KeyCheck.checkOperatorToken(TestAuthConfig.operator("test"), LaunchMode.TEST))
                .doesNotThrowAnyException();
    }
}

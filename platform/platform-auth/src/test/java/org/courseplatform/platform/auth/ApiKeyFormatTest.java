package org.courseplatform.platform.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.SecureRandom;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class ApiKeyFormatTest {

    /** As members-service's ApiKeySecrets.generate makes them. */
    static String issued(String mode) {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return "cp_" + mode + "_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    @Test
    void issuedKeysArePlausible() {
        for (int i = 0; i < 1000; i++) {
            assertThat(ApiKeyFormat.plausible(1, issued(i % 2 == 0 ? "live" : "test")))
                    .isTrue();
        }
    }

    @Test
    void anythingElseIsNot() {
        String good = issued("live");
        assertThat(ApiKeyFormat.plausible(0, good)).as("workspace 0").isFalse();
        assertThat(ApiKeyFormat.plausible(-5, good)).as("negative workspace").isFalse();
        assertThat(ApiKeyFormat.plausibleKey(null)).isFalse();
        assertThat(ApiKeyFormat.plausibleKey("")).isFalse();
        assertThat(ApiKeyFormat.plausibleKey(good + "A")).as("too long").isFalse();
        assertThat(ApiKeyFormat.plausibleKey(good.substring(0, good.length() - 1)))
                .as("too short")
                .isFalse();
        assertThat(ApiKeyFormat.plausibleKey("cp_prod_" + good.substring(8)))
                .as("unknown mode")
                .isFalse();
        assertThat(ApiKeyFormat.plausibleKey("xx_live_" + good.substring(8)))
                .as("unknown prefix")
                .isFalse();
        assertThat(ApiKeyFormat.plausibleKey(good.substring(0, 20) + "+" + good.substring(21)))
                .as("base64, not base64url")
                .isFalse();
        assertThat(ApiKeyFormat.plausibleKey(good.substring(0, 20) + "é" + good.substring(21)))
                .isFalse();
        assertThat(ApiKeyFormat.plausibleKey(good.substring(0, 20) + "\u0000" + good.substring(21)))
                .isFalse();
        assertThat(ApiKeyFormat.plausibleKey("cp_live_x")).isFalse();
    }
}

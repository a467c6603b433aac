package org.courseplatform.webhooks.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/** AES-256-GCM at rest: round trip, fresh nonces, workspace binding, tampering, key rotation. */
class SecretCipherTest {

    private static final String KEY_A =
            Base64.getEncoder().encodeToString("a-32-byte-key-for-the-test-suite".getBytes(StandardCharsets.UTF_8));
    private static final String KEY_B =
            Base64.getEncoder().encodeToString("b-32-byte-key-for-the-test-suite".getBytes(StandardCharsets.UTF_8));

    @Test
    void roundTripWithAFreshNonceEachTime() {
        SecretCipher cipher = new SecretCipher(KEY_A, List.of());
        String secret = SecretCipher.newSecret();
        byte[] one = cipher.encrypt(secret, 7);
        byte[] two = cipher.encrypt(secret, 7);
        assertThat(one).isNotEqualTo(two);
        assertThat(cipher.decrypt(one, 7)).isEqualTo(secret);
        assertThat(cipher.decrypt(two, 7)).isEqualTo(secret);
        assertThat(new String(one, StandardCharsets.ISO_8859_1)).doesNotContain(secret.substring(6));
    }

    @Test
    void aValueMovedToAnotherWorkspaceOrTamperedWithDoesNotDecrypt() {
        SecretCipher cipher = new SecretCipher(KEY_A, List.of());
        byte[] sealed = cipher.encrypt("whsec_x", 7);
        assertThatThrownBy(() -> cipher.decrypt(sealed, 8)).isInstanceOf(IllegalStateException.class);
        byte[] tampered = sealed.clone();
        tampered[tampered.length - 1] ^= 1;
        assertThatThrownBy(() -> cipher.decrypt(tampered, 7)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void afterARotationOldValuesStillDecryptAndNewOnesUseTheNewKey() {
        byte[] old = new SecretCipher(KEY_A, List.of()).encrypt("whsec_old", 1);
        SecretCipher rotated = new SecretCipher(KEY_B, List.of(KEY_A));
        assertThat(rotated.decrypt(old, 1)).isEqualTo("whsec_old");
        byte[] fresh = rotated.encrypt("whsec_new", 1);
        assertThatThrownBy(() -> new SecretCipher(KEY_A, List.of()).decrypt(fresh, 1))
                .hasMessageContaining("unknown key");
    }

    @Test
    void aKeyMustBe32BytesOfBase64() {
        assertThatThrownBy(() -> new SecretCipher("c2hvcnQ=", List.of())).hasMessageContaining("32 bytes");
        assertThatThrownBy(() -> new SecretCipher("not base64!", List.of())).hasMessageContaining("base64");
    }

    @Test
    void secretsAreLongAndRandom() {
        assertThat(SecretCipher.newSecret()).matches("whsec_[A-Za-z0-9_-]{43}").isNotEqualTo(SecretCipher.newSecret());
    }
}

package org.courseplatform.members.member;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.courseplatform.members.keycloak.KeycloakApi;
import org.courseplatform.members.keycloak.KeycloakCredentials;
import org.junit.jupiter.api.Test;

/**
 * A platform password hash imported into Keycloak verifies the same password: the check below is
 * Keycloak's own for algorithm pbkdf2-sha256 (Pbkdf2PasswordHashProvider.verify: PBKDF2WithHmacSHA256
 * over the stored iterations and salt, a key as long as the stored value, compared as padded base64).
 */
class PasswordsInKeycloakTest {

    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void anImportedHashVerifiesThePasswordItWasMadeFromAndNoOther() throws Exception {
        for (String password :
                new String[] {"Short8ch", "correct horse battery staple", "pässwörd-ünïcode", "x".repeat(200)}) {
            KeycloakApi.Credential credential = KeycloakCredentials.fromPlatformHash(Passwords.hash(password))
                    .orElseThrow();
            assertThat(credential.type()).isEqualTo("password");
            assertThat(keycloakVerifies(password, credential)).as(password).isTrue();
            assertThat(keycloakVerifies(password + "!", credential)).isFalse();
            assertThat(keycloakVerifies(password.toUpperCase(), credential))
                    .isEqualTo(password.equals(password.toUpperCase()));
        }
    }

    @Test
    void theCredentialNamesTheAlgorithmAndIterationsOfTheHash() throws Exception {
        String hash = Passwords.hash("correct horse");
        JsonNode data = mapper.readTree(
                KeycloakCredentials.fromPlatformHash(hash).orElseThrow().credentialData());
        assertThat(data.get("algorithm").asText()).isEqualTo("pbkdf2-sha256");
        assertThat(data.get("hashIterations").asInt()).isEqualTo(Integer.parseInt(hash.split("\\$")[1]));
        JsonNode secret = mapper.readTree(
                KeycloakCredentials.fromPlatformHash(hash).orElseThrow().secretData());
        assertThat(secret.get("value").asText()).endsWith("=").hasSize(44);
        assertThat(secret.get("salt").asText()).endsWith("==").hasSize(24);
    }

    @Test
    void noHashOrAnotherFormatGivesNoCredential() {
        assertThat(KeycloakCredentials.fromPlatformHash(null)).isEmpty();
        assertThat(KeycloakCredentials.fromPlatformHash("bcrypt$2b$10$abc")).isEmpty();
        assertThat(KeycloakCredentials.fromPlatformHash("pbkdf2$x$c2FsdA$aGFzaA"))
                .isEmpty();
        assertThat(KeycloakCredentials.fromPlatformHash("pbkdf2$1000$not base64!$aGFzaA"))
                .isEmpty();
    }

    private boolean keycloakVerifies(String password, KeycloakApi.Credential credential) throws Exception {
        JsonNode data = mapper.readTree(credential.credentialData());
        JsonNode secret = mapper.readTree(credential.secretData());
        assertThat(data.get("algorithm").asText()).isEqualTo("pbkdf2-sha256");
        byte[] salt = Base64.getDecoder().decode(secret.get("salt").asText());
        String value = secret.get("value").asText();
        int keySize = Base64.getDecoder().decode(value).length * 8;
        byte[] key = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                .generateSecret(new PBEKeySpec(
                        password.toCharArray(), salt, data.get("hashIterations").asInt(), keySize))
                .getEncoded();
        return Base64.getEncoder().encodeToString(key).equals(value);
    }
}

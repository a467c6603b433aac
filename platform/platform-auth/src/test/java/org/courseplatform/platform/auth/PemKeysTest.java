package org.courseplatform.platform.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The keys a service starts with: what it reads, and how it says what is wrong with a bad file. */
class PemKeysTest {

    @TempDir
    static Path dir;

    static KeyPair rsa;

    @BeforeAll
    static void keys() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        rsa = generator.generateKeyPair();
        ServiceKeys.write(
                dir.resolve("private.pem"), "PRIVATE KEY", rsa.getPrivate().getEncoded());
        ServiceKeys.write(
                dir.resolve("course-service.pem"), "PUBLIC KEY", rsa.getPublic().getEncoded());
    }

    private static String file(String name, String content) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        return file.toString();
    }

    @Test
    void readsThePemKeysOpensslWrites() throws Exception {
        assertThat(PemKeys.privateKey(dir.resolve("private.pem").toString()).getEncoded())
                .isEqualTo(rsa.getPrivate().getEncoded());
        assertThat(PemKeys.publicKey(dir.resolve("course-service.pem").toString())
                        .getEncoded())
                .isEqualTo(rsa.getPublic().getEncoded());
        assertThat(PemKeys.publicKeyOf(dir.toString(), "course-service").getEncoded())
                .isEqualTo(rsa.getPublic().getEncoded());
        // Windows line ends and surrounding blank lines are still PEM.
        String crlf = "\r\n" + Files.readString(dir.resolve("private.pem")).replace("\n", "\r\n") + "\r\n";
        assertThat(PemKeys.privateKey(file("crlf.pem", crlf)).getEncoded())
                .isEqualTo(rsa.getPrivate().getEncoded());
    }

    @Test
    void aMissingFileIsNamed() {
        String missing = dir.resolve("nope.pem").toString();
        assertThatThrownBy(() -> PemKeys.privateKey(missing))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(missing)
                .hasMessageContaining("does not exist");
        assertThatThrownBy(() -> PemKeys.publicKeyOf(dir.toString(), "billing-service"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("No public key for billing-service")
                .hasMessageContaining("billing-service.pem");
    }

    @Test
    void malformedPemIsAClearErrorNamingTheFile() throws Exception {
        String notBase64 = file(
                "garbage.pem", "-----BEGIN PRIVATE KEY-----\nthis is not base64 at all!\n-----END PRIVATE KEY-----\n");
        assertThatThrownBy(() -> PemKeys.privateKey(notBase64))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(notBase64)
                .hasMessageContaining("not PEM");
        String empty = file("empty.pem", "-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----\n");
        assertThatThrownBy(() -> PemKeys.publicKey(empty))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(empty)
                .hasMessageContaining("no PEM key");
        String truncated = Files.readString(dir.resolve("private.pem"));
        String cut =
                file("truncated.pem", truncated.substring(0, truncated.length() / 2) + "\n-----END PRIVATE KEY-----\n");
        assertThatThrownBy(() -> PemKeys.privateKey(cut))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(cut);
    }

    @Test
    void aKeyOfTheWrongKindIsRefused() throws Exception {
        String publicAsPrivate = dir.resolve("course-service.pem").toString();
        assertThatThrownBy(() -> PemKeys.privateKey(publicAsPrivate))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Not a PKCS#8 RSA private key")
                .hasMessageContaining(publicAsPrivate);
        String privateAsPublic = dir.resolve("private.pem").toString();
        assertThatThrownBy(() -> PemKeys.publicKey(privateAsPublic))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Not an X.509 RSA public key")
                .hasMessageContaining(privateAsPublic);
        KeyPairGenerator ec = KeyPairGenerator.getInstance("EC");
        ec.initialize(new ECGenParameterSpec("secp256r1"));
        Path ecFile = dir.resolve("ec.pem");
        ServiceKeys.write(
                ecFile, "PRIVATE KEY", ec.generateKeyPair().getPrivate().getEncoded());
        assertThatThrownBy(() -> PemKeys.privateKey(ecFile.toString()))
                .as("RS256 needs an RSA key")
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("RSA");
    }

    @Test
    void onlyServiceNamesPickAPublicKeyFile() {
        for (String name :
                new String[] {"../private", "/etc/passwd", "Course-Service", "", "a".repeat(64), "-leading"}) {
            assertThatThrownBy(() -> PemKeys.publicKeyOf(dir.toString(), name))
                    .as(name)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("Not a service name");
        }
        assertThatThrownBy(() -> PemKeys.publicKeyOf(dir.toString(), null)).hasMessageContaining("Not a service name");
    }
}

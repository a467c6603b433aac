package org.courseplatform.platform.auth;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One RSA key pair per service, written as a deployment holds them: {@code private/<service>.pem}
 * (PKCS#8) and {@code public/<service>.pem} (X.509), in a temporary directory removed at exit.
 */
final class ServiceKeys {

    static final List<String> SERVICES = List.of(
            "members-service",
            "course-service",
            "scorm-service",
            "migration-service",
            "agent-gateway",
            "webhook-dispatcher");

    static final Path DIR;
    static final Map<String, PrivateKey> PRIVATE = new HashMap<>();
    /** A key no service has. */
    static final PrivateKey UNKNOWN;

    static {
        try {
            DIR = Files.createTempDirectory("platform-auth-keys");
            Runtime.getRuntime().addShutdownHook(new Thread(ServiceKeys::delete));
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            Files.createDirectories(DIR.resolve("public"));
            Files.createDirectories(DIR.resolve("private"));
            for (String service : SERVICES) {
                KeyPair pair = generator.generateKeyPair();
                PRIVATE.put(service, pair.getPrivate());
                write(
                        DIR.resolve("public/" + service + ".pem"),
                        "PUBLIC KEY",
                        pair.getPublic().getEncoded());
                write(
                        DIR.resolve("private/" + service + ".pem"),
                        "PRIVATE KEY",
                        pair.getPrivate().getEncoded());
            }
            UNKNOWN = generator.generateKeyPair().getPrivate();
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private ServiceKeys() {}

    static void write(Path file, String type, byte[] der) throws IOException {
        Files.writeString(
                file,
                "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder().encodeToString(der) + "\n-----END " + type
                        + "-----\n");
    }

    /** The {@link Tokens} of {@code service}, accepting service tokens from {@code callers}, keys checked. */
    static Tokens tokens(String service, String... callers) {
        Tokens tokens = new Tokens(config(service, null, callers), service);
        tokens.checkKeys();
        return tokens;
    }

    static TestAuthConfig config(String service, String operatorToken, String... callers) {
        return new TestAuthConfig(
                DIR.resolve("private/" + service + ".pem").toString(),
                DIR.resolve("public").toString(),
                List.of(callers),
                operatorToken,
                List.of(),
                60,
                100);
    }

    private static void delete() {
        try (Stream<Path> files = Files.walk(DIR)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

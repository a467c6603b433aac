package org.courseplatform.platform.auth;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.regex.Pattern;

/** Reads the RSA keys of the platform from PEM files. */
final class PemKeys {

    /** A service name as {@code quarkus.application.name} spells it; also the file name of its public key. */
    private static final Pattern SERVICE_NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,62}");

    private PemKeys() {}

    static PrivateKey privateKey(String location) {
        try {
            return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der(location)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Not a PKCS#8 RSA private key: " + location, e);
        }
    }

    static PublicKey publicKey(String location) {
        try {
            return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(der(location)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Not an X.509 RSA public key: " + location, e);
        }
    }

    /** The public key of {@code service}: {@code <directory>/<service>.pem}. */
    static PublicKey publicKeyOf(String directory, String service) {
        if (service == null || !SERVICE_NAME.matcher(service).matches()) {
            throw new IllegalStateException("Not a service name: '" + service + "' (platform.auth.service-callers)");
        }
        Path file = Path.of(directory).resolve(service + ".pem");
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("No public key for " + service + ": " + file
                    + " is missing (platform.auth.public-keys-location holds one <service-name>.pem per service)");
        }
        return publicKey(file.toString());
    }

    private static byte[] der(String location) {
        try {
            String pem = Files.readString(Path.of(location));
            String base64 = pem.replaceAll("-----(BEGIN|END) [A-Z ]+-----", "").replaceAll("\\s", "");
            if (base64.isEmpty()) {
                throw new IllegalStateException("Key file " + location + " holds no PEM key");
            }
            return Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(
                    "Key file " + location + " is not PEM (base64 between BEGIN and END lines): " + e.getMessage(), e);
        } catch (NoSuchFileException e) {
            throw new IllegalStateException("Key file " + location + " does not exist", e);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read key file " + location, e);
        }
    }
}

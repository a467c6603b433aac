package org.courseplatform.platform.auth;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/** Reads the RSA keys of the platform from PEM files. */
final class PemKeys {

    private PemKeys() {
    }

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

    private static byte[] der(String location) {
        try {
            String pem = Files.readString(Path.of(location));
            String base64 = pem.replaceAll("-----(BEGIN|END) [A-Z ]+-----", "").replaceAll("\\s", "");
            return Base64.getDecoder().decode(base64);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read key file " + location, e);
        }
    }
}

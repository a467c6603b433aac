package org.courseplatform.platform.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.lang.JoseException;

/**
 * Platform tokens for component tests, signed with the test's per-service keys
 * ({@link PlatformTestResource}): a token as another service would send it, or as a pod holding
 * some other key could forge it.
 */
public final class TestTokens {

    /** The directory of the test's keys: {@code public/<service>.pem} and {@code private/<service>.pem}. */
    public static final String KEYS_PROPERTY = "platform.testing.keys-location";

    private static volatile PrivateKey unknown;

    private TestTokens() {}

    /** A service token from {@code issuer} to {@code audience}, signed with the issuer's own key. */
    public static String serviceToken(String issuer, String audience) {
        return sign(issuer, issuer, "service", audience, Map.of());
    }

    /** A token of {@code type} that {@code issuer} signs with its own key. */
    public static String sign(String issuer, String type, String audience, Map<String, Object> claims) {
        return sign(issuer, issuer, type, audience, claims);
    }

    /** A token that claims {@code issuer} but is signed with {@code keyOf}'s key. */
    public static String sign(String keyOf, String issuer, String type, String audience, Map<String, Object> claims) {
        return sign(privateKey(keyOf), issuer, type, audience, claims);
    }

    /** A token that claims {@code issuer}, signed with a key no service has. */
    public static String signWithUnknownKey(String issuer, String type, String audience, Map<String, Object> claims) {
        PrivateKey key = unknown;
        if (key == null) {
            try {
                KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
                generator.initialize(2048);
                KeyPair pair = generator.generateKeyPair();
                key = unknown = pair.getPrivate();
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
        return sign(key, issuer, type, audience, claims);
    }

    private static String sign(PrivateKey key, String issuer, String type, String audience, Map<String, Object> extra) {
        JwtClaims claims = new JwtClaims();
        claims.setIssuer(issuer);
        claims.setSubject(issuer);
        claims.setAudience(List.of(audience));
        claims.setClaim("typ", type);
        claims.setIssuedAtToNow();
        claims.setExpirationTimeMinutesInTheFuture(5);
        claims.setGeneratedJwtId();
        extra.forEach(claims::setClaim);
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(claims.toJson());
        jws.setKey(key);
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
        try {
            return jws.getCompactSerialization();
        } catch (JoseException e) {
            throw new IllegalStateException(e);
        }
    }

    static PrivateKey privateKey(String service) {
        Path file = keys().resolve("private").resolve(service + ".pem");
        try {
            String pem = Files.readString(file)
                    .replaceAll("-----(BEGIN|END) [A-Z ]+-----", "")
                    .replaceAll("\\s", "");
            return KeyFactory.getInstance("RSA")
                    .generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(pem)));
        } catch (IOException e) {
            throw new UncheckedIOException("no test key for " + service + ": " + file, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path keys() {
        return Path.of(ConfigProvider.getConfig().getValue(KEYS_PROPERTY, String.class));
    }
}

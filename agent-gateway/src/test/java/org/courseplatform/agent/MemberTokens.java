package org.courseplatform.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;

/**
 * Access tokens as the platform's authorization server issues them to members' MCP clients:
 * RS256 with the key of {@link FakeAuthorizationServer}, {@code aud} = the resource, the member's
 * {@code platform_user_id}, {@code email_verified} (true unless said otherwise); and the wrong
 * ones a resource server must refuse.
 */
final class MemberTokens {

    static final String KEY_PROPERTY = "test.authorization-server.key-location";
    static final String RESOURCE = "http://127.0.0.1:8080/mcp";

    private MemberTokens() {}

    static String issuer() {
        return ConfigProvider.getConfig().getValue("consumer-mcp.issuer", String.class);
    }

    /** A valid token of the member with this user id. */
    static String of(long userId) {
        return sign(claims(userId), key(), FakeAuthorizationServer.KEY_ID);
    }

    /**
     * A token of a person who still signs in with the password a workspace chose for them: they
     * have not set their own through the reset link, so Keycloak has not verified their email.
     */
    static String withWorkspacePassword(long userId) {
        Map<String, Object> claims = claims(userId);
        claims.put("email_verified", false);
        return sign(claims, key(), FakeAuthorizationServer.KEY_ID);
    }

    static String expired(long userId) {
        Map<String, Object> claims = claims(userId);
        long now = System.currentTimeMillis() / 1000;
        claims.put("iat", now - 3600);
        claims.put("exp", now - 600);
        return sign(claims, key(), FakeAuthorizationServer.KEY_ID);
    }

    static String forAudience(long userId, String audience) {
        Map<String, Object> claims = claims(userId);
        claims.put("aud", audience);
        return sign(claims, key(), FakeAuthorizationServer.KEY_ID);
    }

    static String ofIssuer(long userId, String issuer) {
        Map<String, Object> claims = claims(userId);
        claims.put("iss", issuer);
        return sign(claims, key(), FakeAuthorizationServer.KEY_ID);
    }

    /** Signed with another key under the issuer's key id: the signature does not verify. */
    static String badSignature(long userId) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return sign(claims(userId), generator.generateKeyPair().getPrivate(), FakeAuthorizationServer.KEY_ID);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static String withoutMember() {
        Map<String, Object> claims = claims(1);
        claims.remove("platform_user_id");
        return sign(claims, key(), FakeAuthorizationServer.KEY_ID);
    }

    private static Map<String, Object> claims(long userId) {
        long now = System.currentTimeMillis() / 1000;
        Map<String, Object> claims = new HashMap<>();
        claims.put("iss", issuer());
        claims.put("aud", RESOURCE);
        claims.put("sub", UUID.randomUUID().toString());
        claims.put("jti", UUID.randomUUID().toString());
        claims.put("iat", now);
        claims.put("exp", now + 300);
        claims.put("typ", "Bearer");
        claims.put("scope", "openid mcp");
        claims.put("platform_user_id", Long.toString(userId));
        // Their own password, set through the reset link Keycloak mailed them.
        claims.put("email_verified", true);
        return claims;
    }

    private static PrivateKey key() {
        try {
            byte[] der = Files.readAllBytes(Path.of(ConfigProvider.getConfig().getValue(KEY_PROPERTY, String.class)));
            return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String sign(Map<String, Object> claims, PrivateKey key, String keyId) {
        try {
            JwtClaims jwt = new JwtClaims();
            claims.forEach(jwt::setClaim);
            JsonWebSignature jws = new JsonWebSignature();
            jws.setPayload(jwt.toJson());
            jws.setKey(key);
            jws.setKeyIdHeaderValue(keyId);
            jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
            return jws.getCompactSerialization();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

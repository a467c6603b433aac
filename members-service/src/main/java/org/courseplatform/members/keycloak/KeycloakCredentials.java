package org.courseplatform.members.keycloak;

import java.util.Base64;
import java.util.Optional;

/**
 * The platform's password hashes ({@code pbkdf2$<iterations>$<salt>$<hash>}, PBKDF2-HMAC-SHA256,
 * unpadded base64) as Keycloak password credentials of algorithm {@code pbkdf2-sha256}: Keycloak
 * verifies them with the same iterations and salt and a key as long as the stored hash, so a member
 * signs in with the password they already have. Keycloak compares padded base64 strings.
 */
public final class KeycloakCredentials {

    public static final String ALGORITHM = "pbkdf2-sha256";

    private KeycloakCredentials() {}

    /** The credential for a stored hash; empty for none or one of another format. */
    public static Optional<KeycloakApi.Credential> fromPlatformHash(String hash) {
        if (hash == null) {
            return Optional.empty();
        }
        String[] parts = hash.split("\\$");
        if (parts.length != 4 || !"pbkdf2".equals(parts[0]) || !parts[1].matches("[1-9][0-9]{0,8}")) {
            return Optional.empty();
        }
        byte[] salt;
        byte[] value;
        try {
            salt = Base64.getDecoder().decode(parts[2]);
            value = Base64.getDecoder().decode(parts[3]);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        Base64.Encoder padded = Base64.getEncoder();
        String credentialData = "{\"hashIterations\":" + Integer.parseInt(parts[1]) + ",\"algorithm\":\"" + ALGORITHM
                + "\",\"additionalParameters\":{}}";
        String secretData = "{\"value\":\"" + padded.encodeToString(value) + "\",\"salt\":\""
                + padded.encodeToString(salt) + "\",\"additionalParameters\":{}}";
        return Optional.of(new KeycloakApi.Credential("password", credentialData, secretData, false));
    }
}

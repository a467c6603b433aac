package org.courseplatform.platform.auth;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** Authentication settings shared by every service ({@code platform.auth.*}). */
@ConfigMapping(prefix = "platform.auth")
public interface AuthConfig {

    /** PEM (PKCS#8) RSA private key that signs service, agent and embed tokens. */
    Optional<String> privateKeyLocation();

    /** PEM (X.509 SubjectPublicKeyInfo) RSA public key that verifies them. */
    Optional<String> publicKeyLocation();

    /** Base URL of members-service, which owns API keys. */
    @WithDefault("http://127.0.0.1:8081")
    String membersUrl();

    /** The operator's bearer token for the admin API (members-service only). */
    Optional<String> operatorToken();

    /** How long a verified (or refused) API key is remembered; capped at 30 s. */
    @WithDefault("30S")
    Duration apiKeyCacheTtl();

    /** Issuer of every platform token. */
    @WithDefault("course-platform")
    String issuer();

    /** Lifetime of service-to-service tokens. */
    @WithDefault("5M")
    Duration serviceTokenTtl();
}

package org.courseplatform.platform.auth;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Authentication settings shared by every service ({@code platform.auth.*}). */
@ConfigMapping(prefix = "platform.auth")
public interface AuthConfig {

    /**
     * PEM (PKCS#8) RSA private key of this service alone. It signs the tokens this service
     * issues, always with issuer = {@code quarkus.application.name}.
     */
    Optional<String> privateKeyLocation();

    /**
     * Directory of the services' public keys, one PEM (X.509 SubjectPublicKeyInfo) file per
     * service named {@code <service-name>.pem}. Public keys are not secret; a service reads only
     * its own (checked against its private key) and those of the issuers it accepts.
     */
    Optional<String> publicKeysLocation();

    /**
     * The services whose service tokens this one accepts (their {@code quarkus.application.name}).
     * Empty: no service may call this one. Set in each service's application.properties from who
     * calls whom.
     */
    Optional<List<String>> serviceCallers();

    /** Base URL of members-service, which owns API keys. */
    @WithDefault("http://127.0.0.1:8081")
    String membersUrl();

    /**
     * The operator's bearer token for the admin API (members-service only). Outside the dev and
     * test profiles a service refuses to start with one shorter than 32 characters.
     */
    Optional<String> operatorToken();

    /** How long a verified (or refused) API key is remembered; capped at 30 s. */
    @WithDefault("30S")
    Duration apiKeyCacheTtl();

    /** Lifetime of service-to-service tokens. */
    @WithDefault("5M")
    Duration serviceTokenTtl();

    /**
     * Addresses or CIDR blocks of the proxies (the ingress) whose {@code X-Forwarded-For} this
     * service believes. A request from one of them counts as coming from the last address that
     * header names; any other request as coming from its peer address.
     */
    Optional<List<String>> trustedProxies();

    /** The limit on failed authentications per client address. */
    FailureLimit failureLimit();

    /** {@code platform.auth.failure-limit.*}: failed attempts refilled per minute and the burst; 0 per minute turns it off. */
    interface FailureLimit {

        @WithDefault("60")
        int perMinute();

        @WithDefault("100")
        int burst();
    }
}

package org.courseplatform.platform.auth;

import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.build.JwtClaimsBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;

/**
 * Signs and verifies the platform's RS256 tokens. Every token names its kind in {@code typ}
 * (service, agent, embed) and its audience, so a token minted for one purpose or one service is
 * refused everywhere else.
 */
@ApplicationScoped
public class Tokens {

    public static final String TYPE_CLAIM = "typ";

    private final AuthConfig config;
    private final String serviceName;
    private final Map<String, CachedToken> serviceTokens = new ConcurrentHashMap<>();
    private volatile PrivateKey privateKey;
    private volatile JwtConsumer consumer;

    public Tokens(AuthConfig config, @ConfigProperty(name = "quarkus.application.name") String serviceName) {
        this.config = config;
        this.serviceName = serviceName;
    }

    /** This service's name: the audience its callers address tokens to. */
    public String serviceName() {
        return serviceName;
    }

    /** A service token for calling {@code audience}, reused until a minute before it expires. */
    public String serviceToken(String audience) {
        CachedToken cached = serviceTokens.get(audience);
        Instant now = Instant.now();
        if (cached != null && cached.refreshAfter().isAfter(now)) {
            return cached.token();
        }
        Duration ttl = config.serviceTokenTtl();
        String token = sign(Jwt.claims().subject(serviceName), "service", audience, ttl);
        serviceTokens.put(audience, new CachedToken(token, now.plus(ttl).minusSeconds(60)));
        return token;
    }

    /** Signs claims as a token of the given kind for the given audience. */
    public String sign(JwtClaimsBuilder claims, String type, String audience, Duration ttl) {
        Instant now = Instant.now();
        return claims.issuer(config.issuer())
                .audience(audience)
                .claim(TYPE_CLAIM, type)
                .issuedAt(now.getEpochSecond())
                .expiresAt(now.plus(ttl).getEpochSecond())
                .jws().algorithm(io.smallrye.jwt.algorithm.SignatureAlgorithm.RS256)
                .sign(privateKey());
    }

    /**
     * Verifies signature, issuer, expiry and that the token is addressed to this service.
     *
     * @throws InvalidJwtException when any of these fails
     */
    public JwtClaims verify(String token) throws InvalidJwtException {
        return consumer().processToClaims(token);
    }

    private PrivateKey privateKey() {
        PrivateKey key = privateKey;
        if (key == null) {
            String location = config.privateKeyLocation().orElseThrow(() -> new IllegalStateException(
                    "platform.auth.private-key-location (PLATFORM_AUTH_PRIVATE_KEY_LOCATION) is not set"));
            key = privateKey = PemKeys.privateKey(location);
        }
        return key;
    }

    private JwtConsumer consumer() {
        JwtConsumer c = consumer;
        if (c == null) {
            String location = config.publicKeyLocation().orElseThrow(() -> new IllegalStateException(
                    "platform.auth.public-key-location (PLATFORM_AUTH_PUBLIC_KEY_LOCATION) is not set"));
            PublicKey key = PemKeys.publicKey(location);
            c = consumer = new JwtConsumerBuilder()
                    .setRequireExpirationTime()
                    .setAllowedClockSkewInSeconds(30)
                    .setExpectedIssuer(config.issuer())
                    .setExpectedAudience(serviceName)
                    .setVerificationKey(key)
                    .setJwsAlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT, "RS256")
                    .build();
        }
        return c;
    }

    /** Fails at start-up, not at the first request, when the keys are missing or unreadable. */
    void checkKeys() {
        privateKey();
        consumer();
    }

    private record CachedToken(String token, Instant refreshAfter) {
    }
}

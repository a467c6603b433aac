package org.courseplatform.platform.auth;

import io.smallrye.jwt.algorithm.SignatureAlgorithm;
import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.build.JwtClaimsBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.MalformedClaimException;
import org.jose4j.jwt.consumer.ErrorCodeValidator;
import org.jose4j.jwt.consumer.ErrorCodes;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.jose4j.jwt.consumer.JwtContext;

/**
 * Signs and verifies the platform's RS256 tokens. Each service has its own key pair and signs
 * as issuer = its {@code quarkus.application.name}; every token names its kind in {@code typ}
 * (service, agent, embed) and its audience. A service accepts a token only when it is addressed
 * to it and its issuer may give it that kind here: service tokens from the services listed in
 * {@code platform.auth.service-callers}, agent tokens from agent-gateway and embed tokens from
 * scorm-service (SCORM player) and course-service (course and screen player), each only on itself:
 * a service that issues a kind reads only the tokens of that kind it issued itself. The key
 * that checks the signature is the issuer's own, so a pod's key can never speak for another
 * service or mint a kind its service does not issue.
 */
@ApplicationScoped
public class Tokens {

    public static final String TYPE_CLAIM = "typ";
    public static final String SERVICE = "service";
    public static final String AGENT = "agent";
    public static final String EMBED = "embed";
    /** The claim of a delegated service token naming the caller it acts for. */
    public static final String ACT_CLAIM = "act";

    private static final int MAX_CACHED_TOKENS = 10_000;

    /** The one service that issues agent tokens and may act for agents. */
    public static final String AGENT_GATEWAY = "agent-gateway";

    /**
     * The services that issue each kind of token other than service tokens. Each of them accepts
     * only the tokens of that kind it issued itself ({@link #accepts}).
     */
    public static final Map<String, Set<String>> ISSUER_OF =
            Map.of(AGENT, Set.of(AGENT_GATEWAY), EMBED, Set.of("scorm-service", "course-service"));

    /** Reads the claims to pick the issuer's key; nothing read here is trusted before the second pass. */
    private static final JwtConsumer UNVERIFIED = new JwtConsumerBuilder()
            .setSkipAllValidators()
            .setDisableRequireSignature()
            .setSkipSignatureVerification()
            .build();

    private final AuthConfig config;
    private final String serviceName;
    private final Set<String> serviceCallers;
    private final Map<String, CachedToken> serviceTokens = new ConcurrentHashMap<>();
    private volatile PrivateKey privateKey;
    private volatile Map<String, JwtConsumer> consumers;

    public Tokens(AuthConfig config, @ConfigProperty(name = "quarkus.application.name") String serviceName) {
        this.config = config;
        this.serviceName = serviceName;
        Set<String> callers = new LinkedHashSet<>();
        config.serviceCallers().orElse(List.of()).stream()
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .forEach(callers::add);
        this.serviceCallers = Set.copyOf(callers);
    }

    /** This service's name: the issuer of its tokens and the audience its callers address tokens to. */
    public String serviceName() {
        return serviceName;
    }

    /** The services whose service tokens this one accepts. */
    public Set<String> serviceCallers() {
        return serviceCallers;
    }

    /** Whether {@code issuer} may issue tokens of {@code type} at all. */
    public static boolean issues(String issuer, String type) {
        return SERVICE.equals(type)
                || (ISSUER_OF.containsKey(type) && ISSUER_OF.get(type).contains(issuer));
    }

    /** Whether this service accepts a token of {@code type} signed by {@code issuer}. */
    public boolean accepts(String issuer, String type) {
        if (issuer == null || type == null) {
            return false;
        }
        if (SERVICE.equals(type)) {
            return serviceCallers.contains(issuer);
        }
        return issuer.equals(serviceName) && issues(issuer, type);
    }

    /** A service token for calling {@code audience}, reused until a minute before it expires. */
    public String serviceToken(String audience) {
        CachedToken cached = serviceTokens.get(audience);
        Instant now = Instant.now();
        if (cached != null && cached.refreshAfter().isAfter(now)) {
            return cached.token();
        }
        Duration ttl = config.serviceTokenTtl();
        String token = sign(Jwt.claims().subject(serviceName), SERVICE, audience, ttl);
        serviceTokens.put(audience, new CachedToken(token, now.plus(ttl).minusSeconds(60)));
        return token;
    }

    /**
     * A service token for calling {@code audience} on behalf of an agent: it carries the
     * workspace caller (key, plan, entitlements, mode) and the agent's identifier and tenant in an
     * {@value #ACT_CLAIM} claim, and the callee applies its tenancy rules to that caller. Only
     * agent-gateway issues these; tokens are reused like plain service tokens.
     */
    public String serviceToken(String audience, WorkspaceCaller caller) {
        if (caller.agent() == null) {
            throw new IllegalArgumentException("a delegated service token needs the agent it acts for");
        }
        if (!AGENT_GATEWAY.equals(serviceName)) {
            throw new IllegalStateException(serviceName + " may not act for agents");
        }
        Map<String, Object> act = new LinkedHashMap<>();
        act.put("workspaceId", caller.workspaceId());
        act.put("keyId", caller.keyId());
        act.put("testMode", caller.testMode());
        act.put("plan", caller.plan().wireName());
        act.put("addons", caller.addons());
        act.put("features", caller.features());
        act.put("identifier", caller.agent().identifier());
        if (caller.agent().clientIdentifier() != null) {
            act.put("clientIdentifier", caller.agent().clientIdentifier());
        }
        if (caller.scopes() != null) {
            act.put("scopes", caller.scopes());
        }
        String cacheKey = audience + "\n" + act;
        CachedToken cached = serviceTokens.get(cacheKey);
        Instant now = Instant.now();
        if (cached != null && cached.refreshAfter().isAfter(now)) {
            return cached.token();
        }
        if (serviceTokens.size() > MAX_CACHED_TOKENS) {
            serviceTokens.clear();
        }
        Duration ttl = config.serviceTokenTtl();
        String token = sign(Jwt.claims().subject(serviceName).claim(ACT_CLAIM, act), SERVICE, audience, ttl);
        serviceTokens.put(cacheKey, new CachedToken(token, now.plus(ttl).minusSeconds(60)));
        return token;
    }

    /**
     * The workspace caller a delegated service token acts for, or null for a plain service token.
     *
     * @throws MalformedClaimException when the claim is there but not in the form
     *         {@link #serviceToken(String, WorkspaceCaller)} writes, or its issuer may not act for agents
     */
    public static WorkspaceCaller actingFor(JwtClaims claims) throws MalformedClaimException {
        if (!claims.hasClaim(ACT_CLAIM)) {
            return null;
        }
        if (!AGENT_GATEWAY.equals(claims.getIssuer())) {
            throw new MalformedClaimException("only agent-gateway may act for agents");
        }
        if (!(claims.getClaimValue(ACT_CLAIM) instanceof Map<?, ?> act)) {
            throw new MalformedClaimException("act must be an object");
        }
        try {
            return new WorkspaceCaller(
                    ((Number) act.get("workspaceId")).longValue(),
                    ((Number) act.get("keyId")).longValue(),
                    Boolean.TRUE.equals(act.get("testMode")),
                    Plan.fromWire((String) act.get("plan")),
                    strings(act.get("addons")),
                    strings(act.get("features")),
                    new WorkspaceCaller.Agent((String) Objects.requireNonNull(act.get("identifier")), (String)
                            act.get("clientIdentifier")),
                    act.containsKey("scopes") ? strings(act.get("scopes")) : null);
        } catch (RuntimeException e) {
            throw new MalformedClaimException("act is malformed: " + e.getMessage());
        }
    }

    private static List<String> strings(Object value) {
        if (value == null) {
            return List.of();
        }
        return ((List<?>) value).stream().map(v -> (String) v).toList();
    }

    /**
     * Signs claims as a token of the given kind for the given audience, with this service as
     * issuer. A kind this service does not issue is a programming error.
     */
    public String sign(JwtClaimsBuilder claims, String type, String audience, Duration ttl) {
        if (!issues(serviceName, type)) {
            throw new IllegalStateException(serviceName + " does not issue " + type + " tokens ("
                    + ISSUER_OF.getOrDefault(type, Set.of()) + " do)");
        }
        Instant now = Instant.now();
        return claims.issuer(serviceName)
                .audience(audience)
                .claim(TYPE_CLAIM, type)
                .issuedAt(now.getEpochSecond())
                .expiresAt(now.plus(ttl).getEpochSecond())
                .jws()
                .algorithm(SignatureAlgorithm.RS256)
                .sign(privateKey());
    }

    /**
     * Verifies that the token's issuer may give its kind to this service, then its signature with
     * that issuer's key (RS256 only), the issuer, its expiry and that it is addressed to this
     * service.
     *
     * @throws InvalidJwtException when any of these fails; an unaccepted issuer or kind carries
     *         {@link ErrorCodes#ISSUER_INVALID}
     */
    public JwtClaims verify(String token) throws InvalidJwtException {
        JwtContext context = UNVERIFIED.process(token);
        String issuer;
        Object type;
        try {
            issuer = context.getJwtClaims().getIssuer();
            type = context.getJwtClaims().getClaimValue(TYPE_CLAIM);
        } catch (MalformedClaimException e) {
            throw refused("malformed issuer", context);
        }
        if (!(type instanceof String kind) || !accepts(issuer, kind)) {
            throw refused("this issuer may not give this kind of token to " + serviceName, context);
        }
        JwtConsumer consumer = consumers().get(issuer);
        if (consumer == null) {
            throw refused("no key for this issuer", context);
        }
        consumer.processContext(context);
        return context.getJwtClaims();
    }

    private static InvalidJwtException refused(String message, JwtContext context) {
        return new InvalidJwtException(
                message, List.of(new ErrorCodeValidator.Error(ErrorCodes.ISSUER_INVALID, message)), context);
    }

    private PrivateKey privateKey() {
        PrivateKey key = privateKey;
        if (key == null) {
            String location = config.privateKeyLocation()
                    .orElseThrow(() -> new IllegalStateException(
                            "platform.auth.private-key-location (PLATFORM_AUTH_PRIVATE_KEY_LOCATION) is not set: "
                                    + "the PEM private key of " + serviceName));
            key = privateKey = PemKeys.privateKey(location);
        }
        return key;
    }

    private String publicKeys() {
        return config.publicKeysLocation()
                .orElseThrow(() -> new IllegalStateException(
                        "platform.auth.public-keys-location (PLATFORM_AUTH_PUBLIC_KEYS_LOCATION) is not set: "
                                + "the directory of the services' public keys (<service-name>.pem)"));
    }

    /** One verifier per issuer this service accepts anything from, each with that issuer's key only. */
    private Map<String, JwtConsumer> consumers() {
        Map<String, JwtConsumer> c = consumers;
        if (c == null) {
            Set<String> issuers = new LinkedHashSet<>(serviceCallers);
            if (ISSUER_OF.values().stream().anyMatch(kind -> kind.contains(serviceName))) {
                issuers.add(serviceName);
            }
            Map<String, JwtConsumer> built = new LinkedHashMap<>();
            for (String issuer : issuers) {
                PublicKey key = PemKeys.publicKeyOf(publicKeys(), issuer);
                built.put(
                        issuer,
                        new JwtConsumerBuilder()
                                .setRequireExpirationTime()
                                .setAllowedClockSkewInSeconds(30)
                                .setExpectedIssuer(issuer)
                                .setExpectedAudience(serviceName)
                                .setVerificationKey(key)
                                .setJwsAlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT, "RS256")
                                .build());
            }
            c = consumers = Map.copyOf(built);
        }
        return c;
    }

    /**
     * Fails at start-up, not at the first request: the private key, this service's public key in
     * the directory (it must be the private key's pair, or callees would refuse every token this
     * service signs) and the key of every accepted issuer must be there and readable.
     */
    void checkKeys() {
        PrivateKey key = privateKey();
        PublicKey own = PemKeys.publicKeyOf(publicKeys(), serviceName);
        if (!(key instanceof RSAPrivateKey priv)
                || !(own instanceof RSAPublicKey pub)
                || !priv.getModulus().equals(pub.getModulus())) {
            throw new IllegalStateException("The public key " + serviceName + ".pem in " + publicKeys()
                    + " is not the pair of platform.auth.private-key-location: other services would refuse every token "
                    + serviceName + " signs");
        }
        consumers();
    }

    private record CachedToken(String token, Instant refreshAfter) {}
}

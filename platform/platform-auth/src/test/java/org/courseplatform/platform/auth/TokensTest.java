package org.courseplatform.platform.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.jwt.build.Jwt;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.MalformedClaimException;
import org.jose4j.jwt.consumer.ErrorCodes;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.junit.jupiter.api.Test;

/** One key pair per service; each callee accepts only the issuers and kinds it expects. */
class TokensTest {

    static final Path dir = ServiceKeys.DIR;
    static final Map<String, PrivateKey> PRIVATE = ServiceKeys.PRIVATE;
    static final PrivateKey unknown = ServiceKeys.UNKNOWN;

    static Tokens tokens(String service, String... callers) {
        return ServiceKeys.tokens(service, callers);
    }

    /** A token as anyone holding {@code key} could make it, whatever it claims. */
    static String forge(PrivateKey key, String issuer, String type, String audience) throws Exception {
        JwtClaims claims = new JwtClaims();
        claims.setIssuer(issuer);
        claims.setSubject(issuer);
        claims.setAudience(audience);
        claims.setClaim("typ", type);
        claims.setClaim("workspaceId", 1);
        claims.setClaim("courseId", 2);
        claims.setIssuedAtToNow();
        claims.setExpirationTimeMinutesInTheFuture(5);
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(claims.toJson());
        jws.setKey(key);
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
        return jws.getCompactSerialization();
    }

    @Test
    void aServiceTokenFromAListedCallerIsAccepted() throws Exception {
        Tokens course = tokens("course-service", "migration-service", "scorm-service");
        String token = tokens("migration-service").serviceToken("course-service");
        JwtClaims claims = course.verify(token);
        assertThat(claims.getIssuer()).isEqualTo("migration-service");
        assertThat(claims.getClaimValue("typ")).isEqualTo("service");
    }

    @Test
    void aServiceTokenFromAServiceNotListedIsRefused() {
        Tokens course = tokens("course-service", "migration-service", "scorm-service");
        String token = tokens("webhook-dispatcher").serviceToken("course-service");
        assertThatThrownBy(() -> course.verify(token))
                .isInstanceOfSatisfying(
                        InvalidJwtException.class,
                        e -> assertThat(e.hasErrorCode(ErrorCodes.ISSUER_INVALID))
                                .isTrue());
        String own = tokens("course-service").serviceToken("course-service");
        assertThatThrownBy(() -> course.verify(own)).as("not even from itself").isInstanceOf(InvalidJwtException.class);
    }

    @Test
    void aTokenClaimingAListedCallerButSignedWithAnotherKeyIsRefused() {
        Tokens course = tokens("course-service", "migration-service");
        assertThatThrownBy(() -> course.verify(
                        forge(PRIVATE.get("webhook-dispatcher"), "migration-service", "service", "course-service")))
                .isInstanceOf(InvalidJwtException.class);
        assertThatThrownBy(() -> course.verify(forge(unknown, "migration-service", "service", "course-service")))
                .as("an unknown key")
                .isInstanceOf(InvalidJwtException.class);
    }

    @Test
    void audienceExpiryAndAlgorithmAreStillChecked() throws Exception {
        Tokens course = tokens("course-service", "migration-service");
        assertThatThrownBy(() -> course.verify(tokens("migration-service").serviceToken("members-service")))
                .as("addressed to another service")
                .isInstanceOf(InvalidJwtException.class);
        String expired = Jwt.claims()
                .issuer("migration-service")
                .audience("course-service")
                .claim("typ", "service")
                .issuedAt(Instant.now().minusSeconds(3600))
                .expiresAt(Instant.now().minusSeconds(600))
                .jws()
                .sign(PRIVATE.get("migration-service"));
        assertThatThrownBy(() -> course.verify(expired))
                .isInstanceOfSatisfying(
                        InvalidJwtException.class,
                        e -> assertThat(e.hasExpired()).isTrue());
        String hs256 = Jwt.claims()
                .issuer("migration-service")
                .audience("course-service")
                .claim("typ", "service")
                .expiresIn(Duration.ofMinutes(5))
                .signWithSecret("a-secret-of-at-least-thirty-two-bytes-long!!");
        assertThatThrownBy(() -> course.verify(hs256)).as("RS256 only").isInstanceOf(InvalidJwtException.class);
        String none = "eyJhbGciOiJub25lIn0."
                + Base64.getUrlEncoder()
                        .withoutPadding()
                        .encodeToString(
                                "{\"iss\":\"migration-service\",\"aud\":\"course-service\",\"typ\":\"service\",\"exp\":9999999999}"
                                        .getBytes())
                + ".";
        assertThatThrownBy(() -> course.verify(none)).isInstanceOf(InvalidJwtException.class);
    }

    @Test
    void agentTokensAreAcceptedOnlyFromAgentGateway() throws Exception {
        Tokens agent = tokens("agent-gateway");
        String own = agent.sign(Jwt.claims().claim("workspaceId", 1), "agent", "agent-gateway", Duration.ofMinutes(5));
        assertThat(agent.verify(own).getIssuer()).isEqualTo("agent-gateway");
        assertThatThrownBy(() ->
                        agent.verify(forge(PRIVATE.get("course-service"), "course-service", "agent", "agent-gateway")))
                .as("another service's agent token")
                .isInstanceOf(InvalidJwtException.class);
        assertThatThrownBy(() ->
                        agent.verify(forge(PRIVATE.get("course-service"), "agent-gateway", "agent", "agent-gateway")))
                .as("signed with another service's key")
                .isInstanceOf(InvalidJwtException.class);
        assertThatThrownBy(() -> agent.verify(forge(unknown, "agent-gateway", "agent", "agent-gateway")))
                .as("an unknown key")
                .isInstanceOf(InvalidJwtException.class);
        assertThatThrownBy(() ->
                        agent.verify(forge(PRIVATE.get("agent-gateway"), "agent-gateway", "embed", "agent-gateway")))
                .as("a kind agent-gateway does not issue")
                .isInstanceOf(InvalidJwtException.class);
    }

    @Test
    void embedTokensAreAcceptedOnlyFromScormService() throws Exception {
        Tokens scorm = tokens("scorm-service");
        String own = scorm.sign(Jwt.claims().claim("courseId", 2), "embed", "scorm-service", Duration.ofMinutes(5));
        assertThat(scorm.verify(own).getClaimValue("typ")).isEqualTo("embed");
        assertThatThrownBy(() ->
                        scorm.verify(forge(PRIVATE.get("course-service"), "scorm-service", "embed", "scorm-service")))
                .as("signed with another service's key")
                .isInstanceOf(InvalidJwtException.class);
        assertThatThrownBy(() ->
                        scorm.verify(forge(PRIVATE.get("agent-gateway"), "agent-gateway", "embed", "scorm-service")))
                .as("issued by another service")
                .isInstanceOf(InvalidJwtException.class);
        assertThatThrownBy(() -> scorm.verify(
                        forge(PRIVATE.get("course-service"), "course-service", "service", "scorm-service")))
                .as("scorm-service has no service callers")
                .isInstanceOf(InvalidJwtException.class);
    }

    @Test
    void courseServiceAcceptsOnlyTheEmbedTokensItIssuedItself() throws Exception {
        Tokens course = tokens("course-service", "migration-service", "scorm-service", "agent-gateway");
        String own = course.sign(Jwt.claims().claim("courseId", 2), "embed", "course-service", Duration.ofMinutes(5));
        assertThat(course.verify(own).getIssuer()).isEqualTo("course-service");
        String scorms = tokens("scorm-service")
                .sign(Jwt.claims().claim("courseId", 2), "embed", "course-service", Duration.ofMinutes(5));
        assertThatThrownBy(() -> course.verify(scorms))
                .as("scorm-service's embed token, though a service caller")
                .isInstanceOf(InvalidJwtException.class);
        assertThatThrownBy(() -> tokens("scorm-service").verify(own))
                .as("course-service's embed token on scorm-service")
                .isInstanceOf(InvalidJwtException.class);
        assertThatThrownBy(() ->
                        course.verify(forge(PRIVATE.get("scorm-service"), "course-service", "embed", "course-service")))
                .as("signed with another service's key")
                .isInstanceOf(InvalidJwtException.class);
        assertThatThrownBy(() -> course.verify(
                        forge(PRIVATE.get("members-service"), "members-service", "embed", "course-service")))
                .as("a service that issues no embed tokens")
                .isInstanceOf(InvalidJwtException.class);
    }

    @Test
    void aServiceSignsOnlyTheKindsItIssues() {
        Tokens course = tokens("course-service");
        assertThatThrownBy(() -> course.sign(Jwt.claims(), "agent", "agent-gateway", Duration.ofMinutes(1)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("agent-gateway");
        Tokens members = tokens("members-service");
        assertThatThrownBy(() -> members.sign(Jwt.claims(), "embed", "members-service", Duration.ofMinutes(1)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("scorm-service");
    }

    @Test
    void startUpChecksTheKeys() {
        Tokens mismatched = new Tokens(
                TestAuthConfig.keys(
                        dir.resolve("private/course-service.pem").toString(),
                        dir.resolve("public").toString(),
                        List.of()),
                "members-service");
        assertThatThrownBy(mismatched::checkKeys)
                .hasMessageContaining("members-service.pem")
                .hasMessageContaining("pair");
        Tokens missingCaller = new Tokens(
                TestAuthConfig.keys(
                        dir.resolve("private/course-service.pem").toString(),
                        dir.resolve("public").toString(),
                        List.of("billing-service")),
                "course-service");
        assertThatThrownBy(missingCaller::checkKeys).hasMessageContaining("billing-service.pem");
        Tokens noDirectory = new Tokens(
                TestAuthConfig.keys(dir.resolve("private/course-service.pem").toString(), null, List.of()),
                "course-service");
        assertThatThrownBy(noDirectory::checkKeys).hasMessageContaining("PLATFORM_AUTH_PUBLIC_KEYS_LOCATION");
        Tokens badName = new Tokens(
                TestAuthConfig.keys(
                        dir.resolve("private/course-service.pem").toString(),
                        dir.resolve("public").toString(),
                        List.of("../private/course-service")),
                "course-service");
        assertThatThrownBy(badName::checkKeys).hasMessageContaining("Not a service name");
    }

    @Test
    void aTamperedTokenIsRefused() throws Exception {
        Tokens agent = tokens("agent-gateway");
        String token = agent.sign(
                Jwt.claims().claim("workspaceId", 1).claim("readonly", true),
                "agent",
                "agent-gateway",
                Duration.ofMinutes(5));
        assertThat(agent.verify(token).getClaimValue("workspaceId", Long.class)).isEqualTo(1L);
        String[] parts = token.split("\\.");
        Base64.Decoder decoder = Base64.getUrlDecoder();
        Base64.Encoder encoder = Base64.getUrlEncoder().withoutPadding();
        String payload = new String(decoder.decode(parts[1]), StandardCharsets.UTF_8);
        assertThat(payload).contains("\"workspaceId\":1").contains("\"readonly\":true");
        String otherWorkspace = parts[0] + "."
                + encoder.encodeToString(payload.replace("\"workspaceId\":1", "\"workspaceId\":2")
                        .getBytes(StandardCharsets.UTF_8))
                + "." + parts[2];
        assertThatThrownBy(() -> agent.verify(otherWorkspace))
                .as("payload changed, signature kept")
                .isInstanceOf(InvalidJwtException.class);
        String writable = parts[0] + "."
                + encoder.encodeToString(payload.replace("\"readonly\":true", "\"readonly\":false")
                        .getBytes(StandardCharsets.UTF_8))
                + "." + parts[2];
        assertThatThrownBy(() -> agent.verify(writable)).isInstanceOf(InvalidJwtException.class);
        byte[] signature = decoder.decode(parts[2]);
        signature[signature.length / 2] ^= 1;
        String flipped = parts[0] + "." + parts[1] + "." + encoder.encodeToString(signature);
        assertThatThrownBy(() -> agent.verify(flipped))
                .as("one bit of the signature flipped")
                .isInstanceOf(InvalidJwtException.class);
        assertThatThrownBy(() -> agent.verify(parts[0] + "." + parts[1] + "."))
                .as("signature removed")
                .isInstanceOf(InvalidJwtException.class);
    }

    @Test
    void whatIsNotATokenIsRefusedAsInvalidNotAsACrash() {
        Tokens course = tokens("course-service", "migration-service");
        for (String garbage : List.of(
                "",
                "a.b.c",
                "not-a-token",
                "..",
                "eyJhbGciOiJSUzI1NiJ9.e30.",
                "e30.e30.e30",
                "eyJhbGciOiJSUzI1NiJ9.bm90IGpzb24.c2ln")) {
            assertThatThrownBy(() -> course.verify(garbage))
                    .as("'%s'", garbage)
                    .isInstanceOf(InvalidJwtException.class);
        }
    }

    @Test
    void aTokenWithoutExpiryIsRefused() throws Exception {
        Tokens course = tokens("course-service", "migration-service");
        JwtClaims claims = new JwtClaims();
        claims.setIssuer("migration-service");
        claims.setAudience("course-service");
        claims.setClaim("typ", "service");
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(claims.toJson());
        jws.setKey(PRIVATE.get("migration-service"));
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
        String forever = jws.getCompactSerialization();
        assertThatThrownBy(() -> course.verify(forever)).isInstanceOf(InvalidJwtException.class);
    }

    @Test
    void aDelegatedServiceTokenCarriesTheAgentsCallerAndOnlyAgentGatewayMayMintOne() throws Exception {
        WorkspaceCaller caller = new WorkspaceCaller(
                12,
                34,
                true,
                Plan.BUILD,
                List.of("scorm_hosting"),
                List.of(),
                new WorkspaceCaller.Agent("learner-1", "tenant-a"));
        Tokens course = tokens("course-service", "agent-gateway");
        JwtClaims claims = course.verify(tokens("agent-gateway").serviceToken("course-service", caller));
        assertThat(Tokens.actingFor(claims)).isEqualTo(caller);
        WorkspaceCaller scoped = new WorkspaceCaller(
                12, 35, false, Plan.BUILD, List.of(), List.of(), caller.agent(), List.of("courses:read"));
        assertThat(Tokens.actingFor(course.verify(tokens("agent-gateway").serviceToken("course-service", scoped))))
                .as("the key's scopes travel with the agent's calls")
                .isEqualTo(scoped);
        assertThat(Tokens.actingFor(course.verify(tokens("agent-gateway").serviceToken("course-service"))))
                .as("a plain one")
                .isNull();
        assertThatThrownBy(() -> tokens("migration-service").serviceToken("course-service", caller))
                .isInstanceOf(IllegalStateException.class);
        JwtClaims forged = new JwtClaims();
        forged.setIssuer("migration-service");
        forged.setClaim("act", Map.of("workspaceId", 12));
        assertThatThrownBy(() -> Tokens.actingFor(forged))
                .as("act from another issuer")
                .isInstanceOf(MalformedClaimException.class);
        JwtClaims malformed = new JwtClaims();
        malformed.setIssuer("agent-gateway");
        malformed.setClaim("act", Map.of("workspaceId", "twelve"));
        assertThatThrownBy(() -> Tokens.actingFor(malformed)).isInstanceOf(MalformedClaimException.class);
    }
}

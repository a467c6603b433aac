package org.courseplatform.courses.export;

import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.build.JwtClaimsBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import org.courseplatform.platform.auth.Tokens;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.MalformedClaimException;
import org.jose4j.jwt.consumer.InvalidJwtException;

/**
 * The token a dynamic package carries (docs/scorm-export.md): signed as this service signs its
 * embed tokens (RS256 with its own key, {@code typ} embed, issuer and audience course-service),
 * but of its own {@code kind}, so neither kind of token is accepted where the other is. Claims:
 * workspace, course, the course's tenant, the exporting key's mode, a random export id and the
 * issue time. A package lives in an LMS for years, so the expiry is a century away (the platform's
 * token check wants one); deleting the course is what stops it.
 */
@ApplicationScoped
public class PackageTokens {

    static final String KIND = "scorm-package";
    static final Duration LIFETIME = Duration.ofDays(36_500);
    private static final int MAX_LENGTH = 8192;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Tokens tokens;

    public PackageTokens(Tokens tokens) {
        this.tokens = tokens;
    }

    /** What a verified package token says. */
    public record Claims(
            String exportId,
            long workspaceId,
            long courseId,
            String clientIdentifier,
            boolean testMode,
            long issuedAt) {}

    /** A new token (RSA signing: call it off the event loop). */
    public String issue(long workspaceId, long courseId, String clientIdentifier, boolean testMode) {
        byte[] random = new byte[12];
        RANDOM.nextBytes(random);
        String exportId = HexFormat.of().formatHex(random);
        JwtClaimsBuilder claims = Jwt.claims()
                .subject("course:" + courseId)
                .claim("jti", exportId)
                .claim("kind", KIND)
                .claim("workspaceId", workspaceId)
                .claim("courseId", courseId)
                .claim("testMode", testMode)
                .claim("exportId", exportId);
        if (clientIdentifier != null) {
            claims.claim("clientIdentifier", clientIdentifier);
        }
        return tokens.sign(claims, Tokens.EMBED, tokens.serviceName(), LIFETIME);
    }

    /** The claims of a token this service issued for a package; anything else is 403 with reason {@code invalid}. */
    public Claims verify(String token) {
        try {
            if (token == null || token.isBlank() || token.length() > MAX_LENGTH) {
                throw new InvalidJwtException("no token", List.of(), null);
            }
            JwtClaims claims = tokens.verify(token.strip());
            if (!Tokens.EMBED.equals(claims.getStringClaimValue(Tokens.TYPE_CLAIM))
                    || !KIND.equals(claims.getStringClaimValue("kind"))
                    || !(claims.getClaimValue("workspaceId") instanceof Number workspace)
                    || !(claims.getClaimValue("courseId") instanceof Number course)
                    || !(claims.getClaimValue("exportId") instanceof String exportId)
                    || !exportId.matches("[0-9a-f]{24}")) {
                throw new InvalidJwtException("not a package token", List.of(), null);
            }
            Object tenant = claims.getClaimValue("clientIdentifier");
            return new Claims(
                    exportId,
                    workspace.longValue(),
                    course.longValue(),
                    tenant instanceof String t ? t : null,
                    Boolean.TRUE.equals(claims.getClaimValue("testMode")),
                    claims.getIssuedAt() == null ? 0 : claims.getIssuedAt().getValue());
        } catch (InvalidJwtException | MalformedClaimException | RuntimeException e) {
            throw invalid();
        }
    }

    static ApiException invalid() {
        return new ApiException(
                ErrorCode.FORBIDDEN,
                "invalid",
                "This course package's launch token is not valid; " + "download the package again from the platform",
                null,
                null);
    }
}

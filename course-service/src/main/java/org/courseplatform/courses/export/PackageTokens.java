package org.courseplatform.courses.export;

import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.build.JwtClaimsBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
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
 * issue time. It expires {@code scorm-export.token-lifetime} after its download; the package's row
 * ({@link ExportRepository}) is what revocation and the lifetime of older tokens are checked on.
 */
@ApplicationScoped
public class PackageTokens {

    static final String KIND = "scorm-package";
    /** An export id: 96 random bits in hex. */
    static final Pattern EXPORT_ID = Pattern.compile("[0-9a-f]{24}");

    private static final int MAX_LENGTH = 8192;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Tokens tokens;
    private final Duration lifetime;

    public PackageTokens(Tokens tokens, ExportConfig config) {
        this.tokens = tokens;
        this.lifetime = config.tokenLifetime();
    }

    /** What a verified package token says. */
    public record Claims(
            String exportId,
            long workspaceId,
            long courseId,
            String clientIdentifier,
            boolean testMode,
            long issuedAt,
            long expiresAt) {}

    /** A token just signed, with the export id it names. */
    public record Issued(String token, String exportId) {}

    /** How long a package launches after its download ({@code scorm-export.token-lifetime}). */
    public Duration lifetime() {
        return lifetime;
    }

    /** A new token (RSA signing: call it off the event loop). */
    public Issued issue(long workspaceId, long courseId, String clientIdentifier, boolean testMode) {
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
        return new Issued(tokens.sign(claims, Tokens.EMBED, tokens.serviceName(), lifetime), exportId);
    }

    /**
     * The claims of a token this service issued for a package; an expired one is 401 with reason
     * {@code expired}, anything else 403 with reason {@code invalid}.
     */
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
                    || !EXPORT_ID.matcher(exportId).matches()) {
                throw new InvalidJwtException("not a package token", List.of(), null);
            }
            Object tenant = claims.getClaimValue("clientIdentifier");
            return new Claims(
                    exportId,
                    workspace.longValue(),
                    course.longValue(),
                    tenant instanceof String t ? t : null,
                    Boolean.TRUE.equals(claims.getClaimValue("testMode")),
                    claims.getIssuedAt() == null ? 0 : claims.getIssuedAt().getValue(),
                    claims.getExpirationTime().getValue());
        } catch (InvalidJwtException e) {
            // jose4j checks the expiry after the signature: an expired token is one of ours.
            throw e.hasExpired() ? expired() : invalid();
        } catch (MalformedClaimException | RuntimeException e) {
            throw invalid();
        }
    }

    static ApiException expired() {
        return ApiException.unauthorized(
                "expired",
                "This course package has expired; download it again from the platform and upload it to the LMS");
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

package org.courseplatform.agent.token;

import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.logging.Log;
import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.build.JwtClaimsBuilder;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.courseplatform.agent.access.AgentConfig;
import org.courseplatform.platform.auth.Tokens;
import org.courseplatform.platform.auth.WorkspaceCaller;

/** Mints agent tokens: RS256 JWTs for agent-gateway, scoped to one user, tenant and tool set. */
@ApplicationScoped
public class TokenService {

    private final Tokens tokens;
    private final AgentTokenRepository records;
    private final Duration ttl;

    public TokenService(Tokens tokens, AgentTokenRepository records, AgentConfig config) {
        this.tokens = tokens;
        this.records = records;
        this.ttl = config.tokenTtl();
    }

    @WithTransaction
    public Uni<TokenResponse> mint(WorkspaceCaller caller, TokenRequest.Scope scope) {
        UUID id = UUID.randomUUID();
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS);
        OffsetDateTime expires = now.plus(ttl);
        JwtClaimsBuilder claims = Jwt.claims()
                .claim("jti", id.toString())
                .subject(scope.identifier())
                .claim("workspaceId", caller.workspaceId())
                .claim("keyId", caller.keyId())
                .claim("identifier", scope.identifier())
                .claim("readonly", scope.readonly())
                .claim("testMode", caller.testMode());
        if (scope.clientIdentifier() != null) {
            claims.claim("clientIdentifier", scope.clientIdentifier());
        }
        if (scope.tools() != null) {
            claims.claim("tools", scope.tools());
        }
        if (scope.courseId() != null) {
            claims.claim("courseId", scope.courseId());
        }
        String token = tokens.sign(claims, "agent", tokens.serviceName(), ttl);
        AgentToken record = new AgentToken();
        record.id = id;
        record.workspaceId = caller.workspaceId();
        record.apiKeyId = caller.keyId();
        record.identifier = scope.identifier();
        record.clientIdentifier = scope.clientIdentifier();
        record.tools = scope.tools() == null ? null : String.join(",", scope.tools());
        record.courseId = scope.courseId();
        record.readonly = scope.readonly();
        record.testMode = caller.testMode();
        record.createdAt = now;
        record.expiresAt = expires;
        return records.persist(record)
                .invoke(() -> Log.debugf("Minted agent token %s for workspace %d", id, caller.workspaceId()))
                .replaceWith(new TokenResponse(token, expires));
    }

    public record TokenResponse(String token, OffsetDateTime expiresAt) {}
}

package org.courseplatform.scorm.player;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.build.JwtClaimsBuilder;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.Objects;
import java.util.UUID;
import org.courseplatform.platform.auth.Tokens;
import org.courseplatform.platform.auth.WorkspaceCaller;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.scorm.config.ScormConfig;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.MalformedClaimException;
import org.jose4j.jwt.consumer.InvalidJwtException;

/**
 * Embed URLs and player sessions. An embed URL carries a signed token (RS256, {@code typ=embed},
 * audience scorm-service, 3 h) naming workspace, package, learner, tenant, action and the key's
 * mode. Opening it makes a session with a random id that the page's every URL carries, so the
 * package's files and the runtime need no other credential. A {@code view} session belongs to
 * the learner's tracking record of the package, created at the first launch with the key's mode.
 */
@ApplicationScoped
public class PlayerService {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String PACKAGE = "select status, client_identifier from scorm_package where course_id = $1 and workspace_id = $2";
    private static final String TRACKING = """
            with created as (
                insert into scorm_tracking (workspace_id, course_id, identifier, client_identifier, test_mode)
                values ($1, $2, $3, $4, $5) on conflict (course_id, identifier) do nothing returning id)
            select id from created union all select id from scorm_tracking where course_id = $2 and identifier = $3 limit 1""";
    private static final String SESSION = """
            insert into scorm_session (id, workspace_id, course_id, tracking_id, action, expires_at)
            values ($1, $2, $3, $4, $5, $6)""";
    private static final String FIND_SESSION = """
            select s.id, s.workspace_id, s.course_id, s.action, s.tracking_id, t.identifier, p.status, p.title, p.version,
                p.launch::text as launch, t.last_sco, p.name, p.size_bytes, p.file_count, p.expanded_bytes, p.content_prefix,
                p.error
            from scorm_session s join scorm_package p on p.course_id = s.course_id
                left join scorm_tracking t on t.id = s.tracking_id
            where s.id = $1 and s.expires_at > now()""";

    private final Pool pool;
    private final Tokens tokens;
    private final ScormConfig config;
    private final ObjectMapper mapper;
    private final String publicBaseUrl;

    public PlayerService(Pool pool, Tokens tokens, ScormConfig config, ObjectMapper mapper,
            @ConfigProperty(name = "platform.public-base-url") String publicBaseUrl) {
        this.pool = pool;
        this.tokens = tokens;
        this.config = config;
        this.mapper = mapper;
        this.publicBaseUrl = publicBaseUrl.replaceAll("/+$", "");
    }

    /** A signed URL (3 h) that opens the player ({@code view}) or the overview ({@code edit}). */
    public Uni<String> embedUrl(WorkspaceCaller caller, EmbedRequest request) {
        String action = request.action() == null ? "view" : request.action();
        if (!action.equals("view") && !action.equals("edit")) {
            throw ApiException.invalid("action", "must be view or edit");
        }
        long courseId = request.courseId();
        return pool.preparedQuery(PACKAGE).execute(Tuple.of(courseId, caller.workspaceId())).map(rows -> {
            Row row = rows.size() == 0 ? null : rows.iterator().next();
            if (row == null || !Objects.equals(row.getString("client_identifier"), request.clientIdentifier())) {
                throw ApiException.notFound("No SCORM package for course " + courseId
                        + (request.clientIdentifier() == null ? "" : " in tenant " + request.clientIdentifier()));
            }
            if (action.equals("view") && !"ready".equals(row.getString("status"))) {
                throw ApiException.conflict("The package of course " + courseId + " is " + row.getString("status")
                        + ", not ready: only a ready package can be played");
            }
            JwtClaimsBuilder claims = Jwt.claims().subject(request.identifier().strip())
                    .claim("jti", UUID.randomUUID().toString())
                    .claim("workspaceId", caller.workspaceId())
                    .claim("courseId", courseId)
                    .claim("identifier", request.identifier().strip())
                    .claim("action", action)
                    .claim("testMode", caller.testMode());
            if (request.clientIdentifier() != null) {
                claims.claim("clientIdentifier", request.clientIdentifier());
            }
            String token = tokens.sign(claims, "embed", tokens.serviceName(), config.player().embedTtl());
            return publicBaseUrl + "/scorm/launch?token=" + URLEncoder.encode(token, StandardCharsets.UTF_8);
        });
    }

    /** Opens a session from an embed token; answers the session id. */
    public Uni<PlayerSession> launch(String token) {
        JwtClaims claims;
        try {
            claims = tokens.verify(token == null ? "" : token);
            if (!"embed".equals(claims.getStringClaimValue(Tokens.TYPE_CLAIM))) {
                throw new InvalidJwtException("not an embed token", java.util.List.of(), null);
            }
        } catch (InvalidJwtException | MalformedClaimException e) {
            boolean expired = e instanceof InvalidJwtException i && i.hasExpired();
            throw ApiException.unauthorized(expired ? "This player link has expired; ask for a new one"
                    : "This player link is not valid");
        }
        long workspaceId = ((Number) claims.getClaimValue("workspaceId")).longValue();
        long courseId = ((Number) claims.getClaimValue("courseId")).longValue();
        String identifier = (String) claims.getClaimValue("identifier");
        String tenant = (String) claims.getClaimValue("clientIdentifier");
        String action = (String) claims.getClaimValue("action");
        boolean testMode = Boolean.TRUE.equals(claims.getClaimValue("testMode"));
        String id = randomId();
        OffsetDateTime expires = OffsetDateTime.now(ZoneOffset.UTC).plus(config.player().sessionTtl());
        return pool.withTransaction(conn -> conn.preparedQuery(PACKAGE).execute(Tuple.of(courseId, workspaceId)).chain(rows -> {
            Row row = rows.size() == 0 ? null : rows.iterator().next();
            if (row == null || !Objects.equals(row.getString("client_identifier"), tenant)) {
                throw ApiException.notFound("This package no longer exists");
            }
            if ("view".equals(action) && !"ready".equals(row.getString("status"))) {
                throw ApiException.conflict("This package is not ready to play");
            }
            Uni<Long> tracking = "view".equals(action)
                    ? conn.preparedQuery(TRACKING).execute(Tuple.of(workspaceId, courseId, identifier, tenant, testMode))
                            .map(r -> r.iterator().next().getLong("id"))
                    : Uni.createFrom().nullItem();
            return tracking.chain(trackingId -> conn.preparedQuery(SESSION)
                    .execute(Tuple.from(new Object[] {id, workspaceId, courseId, trackingId, action, expires})));
        })).chain(() -> session(id));
    }

    /** The open session; an unknown or expired id is 404. */
    public Uni<PlayerSession> session(String id) {
        if (id == null || !id.matches("[0-9a-f]{64}")) {
            throw ApiException.notFound("This player session does not exist or has expired; open the player link again");
        }
        return pool.preparedQuery(FIND_SESSION).execute(Tuple.of(id)).map(rows -> {
            if (rows.size() == 0) {
                throw ApiException.notFound("This player session does not exist or has expired; open the player link again");
            }
            Row r = rows.iterator().next();
            return new PlayerSession(r.getString("id"), r.getLong("workspace_id"), r.getLong("course_id"), r.getString("action"),
                    r.getLong("tracking_id"), r.getString("identifier"), r.getString("status"), r.getString("title"),
                    r.getString("version"), json(r.getString("launch")), r.getString("last_sco"), r.getString("name"),
                    r.getLong("size_bytes"), r.getInteger("file_count"), r.getLong("expanded_bytes"), r.getString("content_prefix"),
                    r.getString("error"));
        });
    }

    private JsonNode json(String text) {
        try {
            return text == null ? mapper.createObjectNode() : mapper.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored launch is not JSON", e);
        }
    }

    private static String randomId() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}

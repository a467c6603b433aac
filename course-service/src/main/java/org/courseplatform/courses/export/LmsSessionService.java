package org.courseplatform.courses.export;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
import org.courseplatform.courses.player.SessionExchange;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.courseplatform.platform.web.Workers;

/**
 * The exchange of a dynamic package's launch (docs/scorm-export.md). The token names the
 * workspace, course, tenant and mode, and the package, whose row says whether it is revoked or
 * expired. The LMS learner id alone never opens a record: whoever holds the package can send any
 * id. A launch without the key of a record starts a new record (tracking identifier
 * {@code scorm:<exportId>:<record>:<learnerId>}) and answers its random key, which the launcher
 * keeps in that learner's LMS attempt; only a launch presenting that key for the same LMS learner
 * id continues the record. New records per package and hour are bounded, so a leaked package
 * cannot create learners without end. The player session is opened as a share link's is (course
 * gone: 404; no longer published: 409), and answered as POST /v1/headless/player/sessions answers.
 */
@ApplicationScoped
public class LmsSessionService {

    /** SCORM's learner id is a characterstring of up to 255 characters (1.2 CMIIdentifier, 2004 long_identifier_type SPM). */
    static final int MAX_LEARNER_ID = 255;

    static final int MAX_LEARNER_NAME = 1000;

    /** A learner key: 256 random bits, base64url without padding. */
    static final Pattern LEARNER_KEY = Pattern.compile("[A-Za-z0-9_-]{43}");

    private static final SecureRandom RANDOM = new SecureRandom();

    private final PackageTokens tokens;
    private final ExportRepository exports;
    private final SessionExchange player;
    private final LmsLimiter limiter;
    private final int newLearnersPerHour;

    public LmsSessionService(
            PackageTokens tokens,
            ExportRepository exports,
            SessionExchange player,
            LmsLimiter limiter,
            ExportConfig config) {
        this.tokens = tokens;
        this.exports = exports;
        this.player = player;
        this.limiter = limiter;
        this.newLearnersPerHour = config.lms().newLearnersPerHour();
    }

    /**
     * The launch, checked before any limit ({@link LmsLimiter}): a good package token takes one
     * launch from the instance's bound and is never refused for what its address sent before; a
     * refused token (403 invalid, 401 revoked or expired) counts against {@code address}, and
     * once that address has used up its refusals, further refused tokens from it answer 429.
     */
    public Uni<LmsViews.Launch> exchange(LmsRequests.Exchange request, String address) {
        return Uni.createFrom()
                .deferred(() -> exchange(request))
                .onFailure(LmsSessionService::refusedToken)
                .transform(refusal -> limiter.refused(address, refusal));
    }

    /** A refusal of the package token itself: not one of this platform's, revoked or expired. */
    private static boolean refusedToken(Throwable failure) {
        return failure instanceof ApiException e
                && (e.code() == ErrorCode.FORBIDDEN || e.code() == ErrorCode.UNAUTHORIZED);
    }

    private Uni<LmsViews.Launch> exchange(LmsRequests.Exchange request) {
        if (request == null) {
            throw ApiException.badRequest("The body must be {token, learnerId, learnerName, learnerKey}");
        }
        List<ApiError.Detail> problems = new ArrayList<>();
        if (request.token() == null || request.token().isBlank()) {
            problems.add(new ApiError.Detail("token", "is required: the token of the package's launch-config.js"));
        }
        String learner = request.learnerId();
        if (learner == null || learner.isBlank()) {
            problems.add(new ApiError.Detail(
                    "learnerId", "is required: the LMS learner id (cmi.core.student_id or " + "cmi.learner_id)"));
        } else if (learner.length() > MAX_LEARNER_ID) {
            problems.add(new ApiError.Detail("learnerId", "must be at most " + MAX_LEARNER_ID + " characters"));
        } else if (learner.chars().anyMatch(Character::isISOControl)) {
            problems.add(new ApiError.Detail("learnerId", "must not contain control characters"));
        }
        if (request.learnerName() != null && request.learnerName().length() > MAX_LEARNER_NAME) {
            problems.add(new ApiError.Detail("learnerName", "must be at most " + MAX_LEARNER_NAME + " characters"));
        }
        String key = request.learnerKey() == null || request.learnerKey().isEmpty() ? null : request.learnerKey();
        if (key != null && !LEARNER_KEY.matcher(key).matches()) {
            problems.add(new ApiError.Detail(
                    "learnerKey", "must be the learnerKey an earlier launch answered (43 base64url characters)"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        // RSA verification costs about a millisecond: off the event loop.
        return Workers.call(() -> tokens.verify(request.token()))
                .invoke(limiter::admit)
                .chain(claims -> Panache.withTransaction(() -> launch(claims, learner, key)))
                .chain(let -> player.present(let.opening()).map(session -> new LmsViews.Launch(let.key(), session)));
    }

    /** A learner let in by the launch's transaction; the session is shown once it has committed. */
    private record Let(String key, SessionExchange.Opening opening) {}

    private Uni<Let> launch(PackageTokens.Claims claims, String learner, String key) {
        return known(claims).chain(found -> {
            refuseIfClosed(claims, found);
            Uni<String> resumed =
                    key == null ? Uni.createFrom().nullItem() : exports.record(claims.exportId(), hash(key), learner);
            return resumed.chain(
                    record -> record != null ? open(claims, learner, record, key) : newLearner(claims, learner));
        });
    }

    /**
     * The package's row; a package exported before packages were recorded gets it now, with the
     * expiry the current lifetime gives from its issue time (never later than its token's).
     */
    private Uni<ExportRepository.Found> known(PackageTokens.Claims claims) {
        return exports.find(claims.exportId(), false).chain(found -> {
            if (found != null) {
                return Uni.createFrom().item(found);
            }
            Instant issued = Instant.ofEpochSecond(claims.issuedAt());
            Instant expires = issued.plus(tokens.lifetime());
            if (expires.getEpochSecond() > claims.expiresAt()) {
                expires = Instant.ofEpochSecond(claims.expiresAt());
            }
            Log.debugf(
                    "SCORM package %s of course %d recorded at its first launch", claims.exportId(), claims.courseId());
            return exports.insert(
                            claims.exportId(),
                            claims.workspaceId(),
                            claims.courseId(),
                            claims.clientIdentifier(),
                            claims.testMode(),
                            OffsetDateTime.ofInstant(expires, ZoneOffset.UTC),
                            OffsetDateTime.ofInstant(issued, ZoneOffset.UTC))
                    .chain(() -> exports.find(claims.exportId(), false));
        });
    }

    /** A new tracking record for this LMS learner id, within the package's hourly bound; its key is answered once. */
    private Uni<Let> newLearner(PackageTokens.Claims claims, String learner) {
        return exports.find(claims.exportId(), true)
                .invoke(locked -> refuseIfClosed(claims, locked))
                .chain(() -> exports.recent(claims.exportId()))
                .chain(recent -> {
                    if (newLearnersPerHour > 0 && recent.count() >= newLearnersPerHour) {
                        throw ApiException.tooManyRequests(
                                "This course package has let in as many new learners as it may in an hour; try again later",
                                Math.max(1, recent.secondsUntilOldestLeaves()));
                    }
                    String key = Base64.getUrlEncoder().withoutPadding().encodeToString(random(32));
                    String record = HexFormat.of().formatHex(random(8));
                    return exports.addLearner(claims.exportId(), learner, record, hash(key))
                            .chain(() -> open(claims, learner, record, key));
                });
    }

    private Uni<Let> open(PackageTokens.Claims claims, String learner, String record, String key) {
        return player.openShared(
                        claims.workspaceId(),
                        claims.clientIdentifier(),
                        identifier(claims.exportId(), record, learner),
                        claims.courseId(),
                        claims.testMode())
                .map(opening -> new Let(key, opening));
    }

    /** A revoked package is 401 {@code revoked}, an expired one 401 {@code expired}; a row of another course is not this token's. */
    private static void refuseIfClosed(PackageTokens.Claims claims, ExportRepository.Found found) {
        if (found == null || found.workspaceId() != claims.workspaceId() || found.courseId() != claims.courseId()) {
            throw PackageTokens.invalid();
        }
        if (found.revoked()) {
            throw ApiException.unauthorized(
                    "revoked", "This course package has been withdrawn by the people who published it");
        }
        if (found.expired()) {
            throw PackageTokens.expired();
        }
    }

    /** The tracking identifier of one record of an LMS learner of one exported package. */
    static String identifier(String exportId, String record, String learnerId) {
        return "scorm:" + exportId + ":" + record + ":" + learnerId;
    }

    static String hash(String key) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] random(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return b;
    }
}

package org.courseplatform.courses.share;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.course.Courses;
import org.courseplatform.courses.player.SessionExchange;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.courseplatform.platform.web.Paged;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Share links: a public URL to a published course's player, with an expiry, an optional limit
 * on learners and revocation. The URL carries a random code (192 bits) in its fragment
 * ({@code <base>/play/share?w=<workspaceId>#code=…}), which browsers never send to a server; only
 * its SHA-256 is stored, so the URL is answered once, at creation. The page exchanges the code
 * (and the learner id it kept from an earlier visit) for a normal {@code view} session of
 * {@link SessionExchange}, whose tracking identifier is {@code share:<linkId>:<learner>}: a returning
 * learner resumes the same record without using the link again.
 */
@ApplicationScoped
public class ShareService {

    static final int DEFAULT_DAYS = 30;
    static final int MAX_DAYS = 366;
    static final int MAX_USES = 1_000_000;
    static final int HINT_LENGTH = 6;
    private static final Pattern CODE = Pattern.compile("[A-Za-z0-9_-]{32}");
    private static final Pattern LEARNER = Pattern.compile("[0-9a-f]{32}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final ShareRepository repository;
    private final Courses courses;
    private final SessionExchange player;
    private final ShareLimiter limiter;
    private final String baseUrl;

    public ShareService(
            ShareRepository repository,
            Courses courses,
            SessionExchange player,
            ShareLimiter limiter,
            @ConfigProperty(name = "platform.public-base-url") String baseUrl) {
        this.repository = repository;
        this.courses = courses;
        this.player = player;
        this.limiter = limiter;
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    }

    /**
     * Makes a link to the course's published version (201 with its URL, the only time it is
     * answered). 409 while the course is not published, 422 for a hosted SCORM course (its own
     * player has no share links), 404 for another workspace's or tenant's course or a deleted one.
     */
    @WithTransaction
    public Uni<ShareViews.Link> create(CourseScope scope, long courseId, ShareRequests.Create request) {
        ShareRequests.Create r = request == null ? new ShareRequests.Create(null, null, null) : request;
        OffsetDateTime expiresAt = expiry(r);
        return courses.findLive(scope, courseId).chain(course -> {
            course.requireNative();
            course.requirePublished();
            String code = newCode();
            String url = baseUrl + "/play/share?w=" + course.workspaceId + "#code=" + code;
            Log.debugf("share link for course %d, expires %s", courseId, expiresAt);
            return repository.insert(
                    course.workspaceId,
                    course.id,
                    course.clientIdentifier,
                    hash(code),
                    code.substring(0, HINT_LENGTH),
                    scope.testMode(),
                    expiresAt,
                    r.maxUses(),
                    url);
        });
    }

    @WithSession
    public Uni<Paged<ShareViews.Link>> list(CourseScope scope, long courseId, int page, int length) {
        Paged.start(page, length);
        return courses.findLive(scope, courseId).chain(course -> repository.page(courseId, page, length));
    }

    /** Revokes the link for good (204 again when already revoked); learners who open it are refused. */
    @WithTransaction
    public Uni<Void> revoke(CourseScope scope, long linkId) {
        return repository
                .courseOf(linkId)
                .chain(courseId -> {
                    if (courseId == null) {
                        throw notFound(linkId);
                    }
                    return courses.findIfVisible(scope, courseId);
                })
                .chain(course -> {
                    if (course == null) {
                        throw notFound(linkId);
                    }
                    return repository.revoke(linkId);
                });
    }

    /**
     * The public exchange: checks the link, counts a new learner (not a returning one) and opens
     * the player session, all in one transaction, so a refusal of the player (course deleted or
     * no longer published) leaves the use uncounted. Refusals say why in {@code error.reason}:
     * 404 {@code unknown} (no such link), 403 {@code revoked}, {@code expired} or {@code used_up}.
     *
     * <p>The code is checked before any limit ({@link ShareLimiter}): a good code takes one
     * exchange from the instance's bound and is never refused for what its address sent before;
     * a refused code counts against {@code address}, and once that address has used up its
     * refusals, further refused codes from it answer 429 instead of 404 or 403. A bogus code
     * costs one indexed lookup.
     */
    public Uni<ShareViews.Opened> exchange(ShareRequests.Exchange request, String address) {
        return Uni.createFrom()
                .deferred(() -> exchange(request))
                .onFailure(ShareService::refusedCode)
                .transform(refusal -> limiter.refused(address, refusal));
    }

    /** A refusal of the code itself: unknown, revoked, expired or used up. */
    private static boolean refusedCode(Throwable failure) {
        return failure instanceof ApiException e
                && (e.code() == ErrorCode.NOT_FOUND || e.code() == ErrorCode.FORBIDDEN);
    }

    private Uni<ShareViews.Opened> exchange(ShareRequests.Exchange request) {
        if (request == null || request.code() == null || request.code().isEmpty()) {
            throw ApiException.invalid("code", "is required: the code from the share link");
        }
        if (request.learner() != null && !LEARNER.matcher(request.learner()).matches()) {
            throw ApiException.invalid("learner", "must be the learner id this page was given (32 hex digits)");
        }
        if (!CODE.matcher(request.code()).matches()) {
            throw unknown();
        }
        String codeHash = hash(request.code());
        return Panache.withTransaction(() -> repository.byCode(codeHash).chain(link -> {
                    if (link == null) {
                        throw unknown();
                    }
                    refuseIfClosed(link, true);
                    limiter.admit();
                    Uni<Boolean> returning = request.learner() == null
                            ? Uni.createFrom().item(false)
                            : repository.known(link.id(), request.learner());
                    return returning.chain(known -> {
                        if (known) {
                            return open(link, request.learner());
                        }
                        refuseIfClosed(link, false);
                        String learner = HexFormat.of().formatHex(random(16));
                        return repository.use(link.id(), learner).chain(used -> {
                            if (!used) {
                                // Closed between the read and the update: most likely the last use went to someone
                                // else.
                                return repository.byCode(codeHash).chain(again -> {
                                    refuseIfClosed(again, false);
                                    throw refused(
                                            "used_up", "This link has been used by as many learners as it allows");
                                });
                            }
                            return open(link, learner);
                        });
                    });
                }))
                .chain(let ->
                        player.present(let.opening()).map(session -> new ShareViews.Opened(let.learner(), session)));
    }

    private Uni<Let> open(ShareRepository.Found link, String learner) {
        return player.openShared(
                        link.workspaceId(),
                        link.clientIdentifier(),
                        identifier(link.id(), learner),
                        link.courseId(),
                        link.testMode())
                .map(opening -> new Let(learner, opening));
    }

    /** A learner let in by the link's transaction; the session is shown once it has committed. */
    private record Let(String learner, SessionExchange.Opening opening) {}

    /** The tracking identifier of a learner let in by a link. */
    static String identifier(long linkId, String learner) {
        return "share:" + linkId + ":" + learner;
    }

    /** Refuses a revoked or expired link; with {@code returning} false also one used up (a returning learner is let in). */
    private static void refuseIfClosed(ShareRepository.Found link, boolean returning) {
        if (link.revoked()) {
            throw refused("revoked", "This link was withdrawn by the people who shared it");
        }
        if (link.expired()) {
            throw refused("expired", "This link has expired; ask for a new one");
        }
        if (!returning && link.usedUp()) {
            throw refused("used_up", "This link has been used by as many learners as it allows");
        }
    }

    private static ApiException refused(String reason, String message) {
        return new ApiException(ErrorCode.FORBIDDEN, reason, message, null, null);
    }

    private static ApiException unknown() {
        return new ApiException(
                ErrorCode.NOT_FOUND,
                "unknown",
                "This share link does not exist; check that it was " + "copied in full",
                null,
                null);
    }

    private static ApiException notFound(long linkId) {
        return ApiException.notFound("Share link " + linkId + " not found");
    }

    /** expiresAt (in the future, within 366 days) or expiresInDays (1..366), not both; else 30 days. */
    static OffsetDateTime expiry(ShareRequests.Create r) {
        List<ApiError.Detail> problems = new ArrayList<>();
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS);
        OffsetDateTime expires = now.plusDays(DEFAULT_DAYS);
        if (r.expiresAt() != null && r.expiresInDays() != null) {
            problems.add(new ApiError.Detail("expiresInDays", "give expiresAt or expiresInDays, not both"));
        } else if (r.expiresAt() != null) {
            try {
                expires = OffsetDateTime.parse(r.expiresAt())
                        .withOffsetSameInstant(ZoneOffset.UTC)
                        .truncatedTo(ChronoUnit.MILLIS);
                if (!expires.isAfter(now)) {
                    problems.add(new ApiError.Detail("expiresAt", "must be in the future"));
                } else if (expires.isAfter(now.plusDays(MAX_DAYS))) {
                    problems.add(new ApiError.Detail("expiresAt", "must be at most " + MAX_DAYS + " days ahead"));
                }
            } catch (DateTimeParseException e) {
                problems.add(
                        new ApiError.Detail("expiresAt", "must be an ISO-8601 instant such as 2030-01-31T12:00:00Z"));
            }
        } else if (r.expiresInDays() != null) {
            if (r.expiresInDays() < 1 || r.expiresInDays() > MAX_DAYS) {
                problems.add(new ApiError.Detail("expiresInDays", "must be between 1 and " + MAX_DAYS));
            } else {
                expires = now.plusDays(r.expiresInDays());
            }
        }
        if (r.maxUses() != null && (r.maxUses() < 1 || r.maxUses() > MAX_USES)) {
            problems.add(new ApiError.Detail("maxUses", "must be between 1 and " + MAX_USES));
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        return expires;
    }

    private static String newCode() {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(random(24));
    }

    private static byte[] random(int bytes) {
        byte[] value = new byte[bytes];
        RANDOM.nextBytes(value);
        return value;
    }

    static String hash(String code) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(code.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

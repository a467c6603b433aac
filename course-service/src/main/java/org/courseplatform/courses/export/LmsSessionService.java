package org.courseplatform.courses.export;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.courses.player.PlayerService;
import org.courseplatform.courses.player.PlayerViews;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Workers;

/**
 * The exchange of a dynamic package's launch (docs/scorm-export.md): the token names the
 * workspace, course, tenant and mode; the LMS learner id makes the tracking identifier
 * {@code scorm:<exportId>:<learnerId>}, so a learner resumes their own record at every launch of
 * that package. The player session is opened as a share link's is (course gone: 404; no longer
 * published: 409), and answered as POST /v1/headless/player/sessions answers.
 */
@ApplicationScoped
public class LmsSessionService {

    /** SCORM's learner id is a characterstring of up to 255 characters (1.2 CMIIdentifier, 2004 long_identifier_type SPM). */
    static final int MAX_LEARNER_ID = 255;

    static final int MAX_LEARNER_NAME = 1000;

    private final PackageTokens tokens;
    private final PlayerService player;

    public LmsSessionService(PackageTokens tokens, PlayerService player) {
        this.tokens = tokens;
        this.player = player;
    }

    public Uni<PlayerViews.Session> exchange(LmsRequests.Exchange request) {
        if (request == null) {
            throw ApiException.badRequest("The body must be {token, learnerId, learnerName}");
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
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        // RSA verification costs about a millisecond: off the event loop.
        return Workers.call(() -> tokens.verify(request.token()))
                .chain(claims -> player.openShared(
                        claims.workspaceId(),
                        claims.clientIdentifier(),
                        identifier(claims.exportId(), learner),
                        claims.courseId(),
                        claims.testMode()));
    }

    /** The tracking identifier of an LMS learner of one exported package. */
    static String identifier(String exportId, String learnerId) {
        return "scorm:" + exportId + ":" + learnerId;
    }
}

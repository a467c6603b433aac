package org.courseplatform.courses.player;

import static org.courseplatform.courses.player.PlayerSessions.MODE_VIEW;
import static org.courseplatform.courses.player.PlayerSessions.noSession;
import static org.courseplatform.courses.player.PlayerSessions.wellFormed;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.courseplatform.courses.analytics.AnalyticsProjection;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;

/**
 * What a player session records on its learner's tracking record: progress writes (the screen,
 * the visible time, the answers) and a library screen's quiz, each in one transaction with the
 * {@code course.*} or {@code quiz.*} event it raises; the rules they apply are {@link Grading}'s.
 * A session of an editor or a preview answers the same and records nothing. Each write is one
 * transaction on the Vert.x SQL pool, not a Hibernate session: it is the player's hot path (every
 * learner, every screen), and its handful of statements need nothing of an entity manager.
 */
@ApplicationScoped
public class ProgressService {

    private final PlayerRepository repository;
    private final PlayerEvents events;
    private final PlayerJson json;
    private final AnalyticsProjection analytics;

    public ProgressService(
            PlayerRepository repository, PlayerEvents events, PlayerJson json, AnalyticsProjection analytics) {
        this.repository = repository;
        this.events = events;
        this.json = json;
        this.analytics = analytics;
    }

    /**
     * Records progress: {@code screenIndex} is the screen now shown, {@code visibleSeconds} the
     * visible time since the last call. The first call commences the tracking record
     * ({@code course.commenced}); reaching the last screen with every question answered completes
     * it ({@code course.completed}), each once. A preview answers the same and records nothing.
     * A write with a {@code sequence} not above the session's last one arrived after a newer write:
     * its time still counts and its answers fill only questions without one, but the stored screen
     * stays the newer write's, and the answer is the stored progress (so a page relays only that).
     */
    public Uni<PlayerViews.ProgressAnswer> progress(String sessionId, PlayerRequests.Progress request) {
        List<ApiError.Detail> problems = new ArrayList<>();
        if (request == null) {
            throw ApiException.badRequest("The body must be {screenIndex, visibleSeconds, answers?}");
        }
        if (request.screenIndex() == null || request.screenIndex() < 0) {
            problems.add(new ApiError.Detail("screenIndex", "is required: the 0-based index of the screen now shown"));
        }
        if (request.visibleSeconds() == null || request.visibleSeconds() < 0 || request.visibleSeconds() > 300) {
            problems.add(new ApiError.Detail(
                    "visibleSeconds", "is required: seconds visible since the last call, 0 to 300"));
        }
        if (request.sequence() != null && request.sequence() < 0) {
            problems.add(new ApiError.Detail(
                    "sequence", "must be 0 or more: the write's number in the session, rising with each write"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        Map<String, List<String>> given = request.answers() == null ? Map.of() : request.answers();
        checkSessionId(sessionId);
        return repository
                .pool()
                .withTransaction(tx -> session(tx, sessionId).chain(session -> {
                    Outline outline = json.read(session.outline(), Outline.class);
                    if (request.screenIndex() >= outline.screenCount()) {
                        throw ApiException.invalid(
                                "screenIndex", "must be below " + outline.screenCount() + ", the number of screens");
                    }
                    Grading.checkAnswers(outline, given);
                    if (!MODE_VIEW.equals(session.mode())) {
                        int percent = Grading.percent(outline, request.screenIndex(), false);
                        return Uni.createFrom()
                                .item(new PlayerViews.ProgressAnswer(Grading.progress(
                                        outline, request.screenIndex(), percent, false, false, given)));
                    }
                    Uni<Boolean> newest = request.sequence() == null
                            ? Uni.createFrom().item(true)
                            : repository.takeSequence(tx, session.id(), request.sequence());
                    return newest.chain(latest -> repository
                            .lockedTracking(tx, session.trackingId())
                            .chain(t -> record(tx, session, outline, request, given, latest, t)));
                }));
    }

    /**
     * Applies one progress write to the locked tracking record; {@code latest} false for a write
     * that arrived after a newer one of its session (the stored screen stays, see {@link #progress}).
     */
    private Uni<PlayerViews.ProgressAnswer> record(
            SqlClient tx,
            PlayerSession session,
            Outline outline,
            PlayerRequests.Progress request,
            Map<String, List<String>> given,
            boolean latest,
            PlayerRepository.TrackingRow t) {
        if (!latest) {
            Log.debugf(
                    "Progress write %d of tracking %d arrived late: the screen stays %d",
                    request.sequence(), Long.valueOf(t.id()), Integer.valueOf(t.screenIndex()));
        }
        int screenIndex = latest ? request.screenIndex() : t.screenIndex();
        String now = PlayerJson.now();
        Map<String, List<String>> answers = new LinkedHashMap<>(json.answers(t.answers()));
        if (latest) {
            answers.putAll(given);
        } else {
            given.forEach(answers::putIfAbsent);
        }
        int furthest = Math.max(t.furthestIndex(), request.screenIndex());
        long total = t.totalSeconds() + request.visibleSeconds();
        boolean course = EmbedService.KIND_COURSE.equals(session.kind());
        boolean commenceNow = t.commenced() == null;
        boolean completeNow = course
                && t.completed() == null
                && furthest == outline.screenCount() - 1
                && outline.allAnswered(answers);
        boolean completed = t.completed() != null || completeNow;
        int percent = Grading.percent(outline, furthest, completed);
        String commenced = commenceNow ? now : t.commenced();
        PlayerEvents.Tracked tracked = new PlayerEvents.Tracked(
                t.id(), t.identifier(), commenced, completeNow ? now : t.completed(), total, t.testMode());
        JsonNode collection = t.collection() == null ? null : json.read(t.collection(), JsonNode.class);
        Uni<Void> update = repository.updateTracking(
                tx,
                t.id(),
                screenIndex,
                furthest,
                percent,
                json.write(answers),
                total,
                commenceNow ? PlayerJson.instant(now) : null,
                completeNow ? PlayerJson.instant(now) : null);
        if (course && (furthest > t.furthestIndex() || completeNow)) {
            // Per-screen reach and the quiz outcome for the analytics (no event carries them).
            Boolean passed = completeNow && !outline.answers().isEmpty() ? Grading.passed(outline, answers) : null;
            update = update.chain(() -> analytics.reached(
                    tx,
                    t.id(),
                    session.workspaceId(),
                    session.courseId(),
                    t.identifier(),
                    t.testMode(),
                    furthest,
                    passed));
        }
        return update.chain(() -> course && commenceNow
                        ? events.course(
                                tx,
                                Events.COURSE_COMMENCED,
                                session.workspaceId(),
                                session.courseId(),
                                outline,
                                new PlayerEvents.Tracked(t.id(), t.identifier(), commenced, null, total, t.testMode()),
                                collection)
                        : Uni.createFrom().voidItem())
                .chain(() -> completeNow
                        ? events.course(
                                tx,
                                Events.COURSE_COMPLETED,
                                session.workspaceId(),
                                session.courseId(),
                                outline,
                                tracked,
                                collection)
                        : Uni.createFrom().voidItem())
                .map(x -> new PlayerViews.ProgressAnswer(
                        Grading.progress(outline, screenIndex, percent, true, completed, answers)));
    }

    /**
     * Scores a library screen's quiz: a question is right when exactly its correct answers were
     * chosen; {@code score} is the percentage of questions right and passes at the quiz results
     * element's {@code passPercent}. A view records the answers and completes the tracking record,
     * and every submission raises {@code quiz.completed} (passed) or {@code quiz.failed}.
     */
    public Uni<PlayerViews.QuizResult> quiz(String sessionId, PlayerRequests.Quiz request) {
        if (request == null || request.answers() == null) {
            throw ApiException.invalid("answers", "is required: {elementId: [answerId]}");
        }
        Map<String, List<String>> given = request.answers();
        checkSessionId(sessionId);
        return repository
                .pool()
                .withTransaction(tx -> session(tx, sessionId).chain(session -> {
                    if (!EmbedService.KIND_SCREEN.equals(session.kind())) {
                        throw ApiException.conflict(
                                "Quiz scoring is for the screen player; a course records answers with progress");
                    }
                    Outline outline = json.read(session.outline(), Outline.class);
                    Grading.checkAnswers(outline, given);
                    if (outline.answers().isEmpty()) {
                        throw ApiException.unprocessable("This screen has no questions to score");
                    }
                    PlayerViews.QuizResult result = Grading.quiz(outline, given);
                    int score = result.score();
                    boolean passed = result.passed();
                    if (!MODE_VIEW.equals(session.mode())) {
                        return Uni.createFrom().item(result);
                    }
                    return repository.lockedTracking(tx, session.trackingId()).chain(t -> {
                        String now = PlayerJson.now();
                        Map<String, List<String>> answers = new LinkedHashMap<>(json.answers(t.answers()));
                        answers.putAll(given);
                        String commenced = t.commenced() == null ? now : t.commenced();
                        String completed = t.completed() == null ? now : t.completed();
                        PlayerEvents.Tracked tracked = new PlayerEvents.Tracked(
                                t.id(), t.identifier(), commenced, completed, t.totalSeconds(), t.testMode());
                        return repository
                                .updateTracking(
                                        tx,
                                        t.id(),
                                        t.screenIndex(),
                                        t.furthestIndex(),
                                        100,
                                        json.write(answers),
                                        t.totalSeconds(),
                                        PlayerJson.instant(commenced),
                                        PlayerJson.instant(completed))
                                .chain(() -> events.quiz(
                                        tx,
                                        session.workspaceId(),
                                        session.screenId(),
                                        outline.title(),
                                        tracked,
                                        score,
                                        outline.passPercent(),
                                        passed,
                                        given))
                                .replaceWith(result);
                    });
                }));
    }

    /** A missing or malformed session header: 401 with reason {@code session}, before any transaction. */
    private static void checkSessionId(String id) {
        if (!wellFormed(id)) {
            throw noSession();
        }
    }

    /** The open session named by the header; unknown or expired: 401 with reason {@code session}. */
    private Uni<PlayerSession> session(SqlClient tx, String id) {
        return repository.session(tx, id).map(row -> {
            if (row == null) {
                throw noSession();
            }
            return row;
        });
    }
}

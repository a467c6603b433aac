package org.courseplatform.courses.analytics;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The SQL of the analytics projection ({@code analytics_learner}): event upserts on the
 * consumer's connection (inside its inbox transaction), the player's furthest screen and quiz
 * outcome on the progress write's connection (inside its transaction), and
 * the reads through the pool. Every write is commutative (least / greatest / coalesce), so the two
 * feeds and redelivered or reordered events converge on the same row.
 */
@ApplicationScoped
public class AnalyticsRepository {

    public static final String PLAYER = "player";
    public static final String SCORM = "scorm";

    private static final String EVENT = """
            insert into analytics_learner (source, tracking_id, workspace_id, course_id, identifier, test_mode, commenced_at,
                completed_at, total_seconds, collection_id)
            values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
            on conflict (source, tracking_id) do update set
                collection_id = coalesce(analytics_learner.collection_id, excluded.collection_id),
                commenced_at = least(analytics_learner.commenced_at, excluded.commenced_at),
                completed_at = least(analytics_learner.completed_at, excluded.completed_at),
                total_seconds = greatest(analytics_learner.total_seconds, excluded.total_seconds),
                updated_at = now()""";
    private static final String REACHED = """
            insert into analytics_learner (source, tracking_id, workspace_id, course_id, identifier, test_mode, furthest_index,
                quiz_passed)
            values ('player', $1, $2, $3, $4, $5, $6, cast($7 as boolean))
            on conflict (source, tracking_id) do update set
                furthest_index = greatest(analytics_learner.furthest_index, excluded.furthest_index),
                quiz_passed = coalesce(analytics_learner.quiz_passed, excluded.quiz_passed),
                updated_at = now()""";
    /** Learners of the course and mode commenced in [$3, $4), by furthest screen; completed = by $4. */
    static final String BY_SCREEN = """
            select furthest_index, count(*), count(*) filter (where completed_at < $4),
                coalesce(sum(total_seconds) filter (where completed_at < $4), 0),
                count(*) filter (where quiz_passed is not null), count(*) filter (where quiz_passed)
            from analytics_learner
            where course_id = $1 and test_mode = $2 and commenced_at >= $3 and commenced_at < $4
            group by furthest_index""";

    static final String MEDIAN = """
            select percentile_cont(0.5) within group (order by total_seconds)
            from analytics_learner
            where course_id = $1 and test_mode = $2 and commenced_at >= $3 and commenced_at < $4 and completed_at < $4""";
    /** {@link #BY_SCREEN} for every course of collection $1 at once, over the learners who played it within the collection. */
    static final String COLLECTION_BY_SCREEN = """
            select course_id, furthest_index, count(*), count(*) filter (where completed_at < $4),
                coalesce(sum(total_seconds) filter (where completed_at < $4), 0),
                count(*) filter (where quiz_passed is not null), count(*) filter (where quiz_passed)
            from analytics_learner
            where collection_id = $1 and test_mode = $2 and commenced_at >= $3 and commenced_at < $4
            group by course_id, furthest_index""";
    /** {@link #MEDIAN} per course of collection $1, and (course_id null) over all of them: one statement. */
    static final String COLLECTION_MEDIANS = """
            select course_id, percentile_cont(0.5) within group (order by total_seconds)
            from analytics_learner
            where collection_id = $1 and test_mode = $2 and commenced_at >= $3 and commenced_at < $4 and completed_at < $4
            group by grouping sets ((course_id), ())""";

    private final Pool pool;

    public AnalyticsRepository(Pool pool) {
        this.pool = pool;
    }

    Pool pool() {
        return pool;
    }

    /** A course.commenced / course.completed of either source. */
    Uni<Void> event(
            SqlClient client,
            String source,
            long trackingId,
            long workspaceId,
            long courseId,
            String identifier,
            boolean testMode,
            OffsetDateTime commenced,
            OffsetDateTime completed,
            long totalSeconds,
            Long collectionId) {
        return client.preparedQuery(EVENT)
                .execute(Tuple.from(Arrays.asList(
                        source,
                        trackingId,
                        workspaceId,
                        courseId,
                        identifier,
                        testMode,
                        commenced,
                        completed,
                        totalSeconds,
                        collectionId)))
                .replaceWithVoid();
    }

    /**
     * The native player's furthest screen of a learner and, once known, whether they passed the
     * course's questions; call inside the progress transaction.
     */
    public Uni<Void> reached(
            SqlClient transaction,
            long trackingId,
            long workspaceId,
            long courseId,
            String identifier,
            boolean testMode,
            int furthestIndex,
            Boolean quizPassed) {
        return transaction
                .preparedQuery(REACHED)
                .execute(Tuple.tuple()
                        .addLong(trackingId)
                        .addLong(workspaceId)
                        .addLong(courseId)
                        .addString(identifier)
                        .addBoolean(testMode)
                        .addInteger(furthestIndex)
                        .addBoolean(quizPassed))
                .replaceWithVoid();
    }

    /** One group of {@link #BY_SCREEN}. */
    record ScreenGroup(
            int furthestIndex,
            long commenced,
            long completed,
            long completedSeconds,
            long quizAttempts,
            long quizPassed) {}

    Uni<List<ScreenGroup>> byScreen(long courseId, boolean testMode, OffsetDateTime from, OffsetDateTime until) {
        return pool.preparedQuery(BY_SCREEN)
                .execute(Tuple.of(courseId, testMode, from, until))
                .map(rows -> {
                    List<ScreenGroup> groups = new ArrayList<>();
                    for (Row r : rows) {
                        groups.add(new ScreenGroup(
                                r.getInteger(0), r.getLong(1), r.getLong(2), r.getLong(3), r.getLong(4), r.getLong(5)));
                    }
                    return groups;
                });
    }

    /** The median total time of the learners completed by {@code until}, or null when none. */
    Uni<Double> median(long courseId, boolean testMode, OffsetDateTime from, OffsetDateTime until) {
        return pool.preparedQuery(MEDIAN)
                .execute(Tuple.of(courseId, testMode, from, until))
                .map(rows -> rows.iterator().next().getDouble(0));
    }

    /** {@link #COLLECTION_BY_SCREEN}: the groups of each course of the collection, by course id. */
    Uni<Map<Long, List<ScreenGroup>>> collectionByScreen(
            long collectionId, boolean testMode, OffsetDateTime from, OffsetDateTime until) {
        return pool.preparedQuery(COLLECTION_BY_SCREEN)
                .execute(Tuple.of(collectionId, testMode, from, until))
                .map(rows -> {
                    Map<Long, List<ScreenGroup>> groups = new HashMap<>();
                    for (Row r : rows) {
                        groups.computeIfAbsent(r.getLong(0), id -> new ArrayList<>())
                                .add(new ScreenGroup(
                                        r.getInteger(1),
                                        r.getLong(2),
                                        r.getLong(3),
                                        r.getLong(4),
                                        r.getLong(5),
                                        r.getLong(6)));
                    }
                    return groups;
                });
    }

    /** {@link #COLLECTION_MEDIANS}: each course's median by course id, the collection's under null. */
    Uni<Map<Long, Double>> collectionMedians(
            long collectionId, boolean testMode, OffsetDateTime from, OffsetDateTime until) {
        return pool.preparedQuery(COLLECTION_MEDIANS)
                .execute(Tuple.of(collectionId, testMode, from, until))
                .map(rows -> {
                    Map<Long, Double> medians = new HashMap<>();
                    for (Row r : rows) {
                        medians.put(r.getLong(0), r.getDouble(1));
                    }
                    return medians;
                });
    }
}

package org.courseplatform.courses.analytics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.courseplatform.courses.collection.CollectionService;
import org.courseplatform.courses.collection.CollectionView;
import org.courseplatform.courses.course.Course;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.course.Courses;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Workers;

/**
 * Course analytics from the projection ({@code analytics_learner}), never from another service's
 * schema: the cohort is the learners (tracking records of the caller key's mode) who commenced in
 * the date range; of them, those completed by the range's end count as completed, their total time
 * (the visible time the player or the SCORM runtime recorded) is the time to complete, and
 * their quiz outcome (native courses) gives the pass rate. Per-screen reach comes from each
 * learner's furthest screen, laid on the screens of the published version.
 */
@ApplicationScoped
public class AnalyticsService {

    static final int DEFAULT_DAYS = 30;
    static final int MAX_DAYS = 366;

    private final AnalyticsRepository repository;
    private final Courses courses;
    private final CollectionService collections;
    private final ObjectMapper mapper;

    public AnalyticsService(
            AnalyticsRepository repository, Courses courses, CollectionService collections, ObjectMapper mapper) {
        this.repository = repository;
        this.courses = courses;
        this.collections = collections;
        this.mapper = mapper;
    }

    /** The validated date range: both days included; the default is the 30 days up to today (UTC). */
    record Range(LocalDate from, LocalDate to) {

        OffsetDateTime start() {
            return from.atStartOfDay().atOffset(ZoneOffset.UTC);
        }

        /** The instant after the range: the start of the day after {@code to}. */
        OffsetDateTime end() {
            return to.plusDays(1).atStartOfDay().atOffset(ZoneOffset.UTC);
        }

        static Range parse(String from, String to) {
            LocalDate until = date("to", to, LocalDate.now(ZoneOffset.UTC));
            LocalDate since = date("from", from, until.minusDays(DEFAULT_DAYS - 1));
            if (since.isAfter(until)) {
                throw ApiException.invalid("from", "must not be after to");
            }
            if (ChronoUnit.DAYS.between(since, until) + 1 > MAX_DAYS) {
                throw ApiException.invalid("to", "the range must span at most " + MAX_DAYS + " days");
            }
            return new Range(since, until);
        }

        private static LocalDate date(String field, String value, LocalDate absent) {
            if (value == null || value.isEmpty()) {
                return absent;
            }
            try {
                if (value.length() != 10) {
                    throw new DateTimeParseException("not a date", value, 0);
                }
                return LocalDate.parse(value);
            } catch (DateTimeParseException e) {
                throw ApiException.invalid(field, "must be a date as YYYY-MM-DD");
            }
        }
    }

    /**
     * A course's figures. The course is read in a session that ends before the figures are read
     * through the pool: a call holding the session's connection while it waited for a second one
     * made as many calls at once as the pool has connections wait until the pool's timeout.
     */
    public Uni<AnalyticsViews.Course> course(CourseScope scope, long courseId, String from, String to) {
        Range range = Range.parse(from, to);
        return Panache.withSession(() -> courses.find(scope, courseId)).chain(course -> {
            return Workers.call(() -> screensOf(course))
                    .chain(screens -> repository
                            .byScreen(courseId, scope.testMode(), range.start(), range.end())
                            .chain(groups -> repository
                                    .median(courseId, scope.testMode(), range.start(), range.end())
                                    .map(median -> summary(courseId, range, screens, groups, median))));
        });
    }

    /**
     * A collection's figures: each of its courses (in the collection's order) counted over the
     * learners who played it within the collection, and the totals over all of them. A learner
     * counts once per course of the path they commenced. Two statements serve the whole collection
     * (figures grouped by course and screen; the medians by grouping sets), whatever its size. The
     * collection and its courses are read in a session that ends before the figures are read
     * through the pool, as for a course.
     */
    public Uni<AnalyticsViews.Collection> collection(CourseScope scope, long collectionId, String from, String to) {
        Range range = Range.parse(from, to);
        return Panache.withSession(() -> collections
                        .get(scope, collectionId)
                        .chain(collection ->
                                courses.findAll(collection.courseIds()).map(found -> new Members(collection, found))))
                .chain(members -> {
                    CollectionView collection = members.collection();
                    List<Course> found = members.courses();
                    return repository
                            .collectionByScreen(collectionId, scope.testMode(), range.start(), range.end())
                            .chain(groups -> repository
                                    .collectionMedians(collectionId, scope.testMode(), range.start(), range.end())
                                    .chain(medians -> Workers.call(() -> {
                                        Map<Long, Course> byId = new HashMap<>();
                                        found.forEach(c -> byId.put(c.id, c));
                                        List<AnalyticsViews.Course> figures = new ArrayList<>();
                                        for (long courseId : collection.courseIds()) {
                                            Course course = byId.get(courseId);
                                            if (course != null) {
                                                figures.add(summary(
                                                        courseId,
                                                        range,
                                                        screensOf(course),
                                                        groups.getOrDefault(courseId, List.of()),
                                                        medians.get(courseId)));
                                            }
                                        }
                                        return totals(
                                                collection.id(), collection.key(), range, figures, medians.get(null));
                                    })));
                });
    }

    /** A collection and those of its courses that still exist, as read in the session. */
    private record Members(CollectionView collection, List<Course> courses) {}

    static AnalyticsViews.Collection totals(
            long collectionId, String key, Range range, List<AnalyticsViews.Course> courses, Double median) {
        long commenced = 0;
        long completed = 0;
        double seconds = 0;
        long attempts = 0;
        long passed = 0;
        for (AnalyticsViews.Course c : courses) {
            commenced += c.learners().commenced();
            completed += c.learners().completed();
            seconds += c.timeToComplete().meanSeconds() == null
                    ? 0
                    : c.timeToComplete().meanSeconds() * c.learners().completed();
            attempts += c.quiz().attempts();
            passed += c.quiz().passed();
        }
        return new AnalyticsViews.Collection(
                collectionId,
                key,
                range.from().toString(),
                range.to().toString(),
                new AnalyticsViews.Learners(commenced, completed),
                ratio(completed, commenced),
                new AnalyticsViews.TimeToComplete(
                        completed == 0 ? null : round(seconds / completed), completed == 0 ? null : median),
                new AnalyticsViews.Quiz(attempts, passed, ratio(passed, attempts)),
                courses);
    }

    /** The screens (id, title) of the published version, else the draft's; none for a SCORM course. */
    private List<String[]> screensOf(Course course) throws Exception {
        String stored = course.publishedDocument() != null ? course.publishedDocument() : course.draft;
        List<String[]> screens = new ArrayList<>();
        if (!course.isNative() || stored == null) {
            return screens;
        }
        JsonNode document = mapper.readTree(stored);
        for (JsonNode screen : document.path("screens")) {
            screens.add(new String[] {
                screen.path("id").asText(), screen.path("title").asText("")
            });
        }
        return screens;
    }

    static AnalyticsViews.Course summary(
            long courseId,
            Range range,
            List<String[]> screens,
            List<AnalyticsRepository.ScreenGroup> groups,
            Double median) {
        long commenced = 0;
        long completed = 0;
        long seconds = 0;
        long attempts = 0;
        long passed = 0;
        for (AnalyticsRepository.ScreenGroup g : groups) {
            commenced += g.commenced();
            completed += g.completed();
            seconds += g.completedSeconds();
            attempts += g.quizAttempts();
            passed += g.quizPassed();
        }
        List<AnalyticsViews.Screen> reach = new ArrayList<>();
        for (int i = 0; i < screens.size(); i++) {
            long reached = 0;
            long stopped = 0;
            for (AnalyticsRepository.ScreenGroup g : groups) {
                // A learner past the last screen of an older version counts as reaching the last one.
                int furthest = Math.min(g.furthestIndex(), screens.size() - 1);
                if (furthest >= i) {
                    reached += g.commenced();
                }
                if (furthest == i) {
                    stopped += g.commenced() - g.completed();
                }
            }
            reach.add(new AnalyticsViews.Screen(i, screens.get(i)[0], screens.get(i)[1], reached, stopped));
        }
        return new AnalyticsViews.Course(
                courseId,
                range.from().toString(),
                range.to().toString(),
                new AnalyticsViews.Learners(commenced, completed),
                ratio(completed, commenced),
                new AnalyticsViews.TimeToComplete(
                        completed == 0 ? null : round((double) seconds / completed), completed == 0 ? null : median),
                new AnalyticsViews.Quiz(attempts, passed, ratio(passed, attempts)),
                reach);
    }

    private static Double ratio(long part, long whole) {
        return whole == 0 ? null : Math.round(10_000.0 * part / whole) / 10_000.0;
    }

    private static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }
}

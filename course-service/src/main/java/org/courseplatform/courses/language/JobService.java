package org.courseplatform.courses.language;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.courses.course.Course;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.course.CourseType;
import org.courseplatform.courses.document.CourseDocuments;
import org.courseplatform.platform.web.ApiException;

/**
 * Queues translation and narration jobs and reads them back. A request only checks and queues
 * (202), within its workspace's cap of queued jobs (429 beyond it); the work runs in
 * {@link JobWorker}. A job is visible to whoever sees its course (a generation job, which has
 * none until it succeeds: whoever sees its workspace and tenant).
 */
@ApplicationScoped
public class JobService {

    static final int MAX_LOCALE_LENGTH = 35;

    private final JobRepository jobs;
    private final LanguageRepository courses;
    private final LanguageConfig config;
    private final ObjectMapper mapper;

    public JobService(JobRepository jobs, LanguageRepository courses, LanguageConfig config, ObjectMapper mapper) {
        this.jobs = jobs;
        this.courses = courses;
        this.config = config;
        this.mapper = mapper;
    }

    /** Queued jobs a workspace may have ({@code language.worker.max-queued-per-workspace}). */
    public int maxQueued() {
        return config.worker().maxQueuedPerWorkspace();
    }

    /**
     * The job a repository queued, or, when it queued none because the workspace already has
     * {@link #maxQueued()} queued jobs, 429 with {@code Retry-After}: one workspace cannot bury
     * every other workspace's jobs under its own.
     */
    public Job admitted(Job queued, long workspaceId) {
        if (queued == null) {
            Log.debugf(
                    "Workspace %s has %s queued jobs: a new one is refused", String.valueOf(workspaceId), maxQueued());
            throw ApiException.tooManyRequests(
                    "The workspace already has " + maxQueued()
                            + " queued translation, narration and generation jobs, the most it may have;"
                            + " ask again once some of them have run",
                    Math.max(1, config.worker().queueFullRetryAfter().toSeconds()));
        }
        return queued;
    }

    /**
     * Queues a job that is not about an existing course (generation), which carries its own scope;
     * 429 when the workspace's queue is full ({@link #admitted}).
     */
    public Uni<Job> queueScoped(
            String type,
            long workspaceId,
            String clientIdentifier,
            String identifier,
            String locale,
            JsonNode params,
            boolean testMode) {
        return jobs.insertScoped(type, workspaceId, clientIdentifier, identifier, locale, params, testMode, maxQueued())
                .map(job -> admitted(job, workspaceId));
    }

    /** The job with the scope it is seen in and its parameters, or null; for a feature that checks the scope itself. */
    public Uni<JobRepository.Stored> stored(long id) {
        return jobs.find(id);
    }

    /**
     * Marks a job that made a course (generation) succeeded with it, in the transaction that
     * creates the course; fails, rolling the course back, when the job's lease was lost.
     */
    public Uni<Void> succeedWithCourseInTransaction(JobRepository.Claimed job, long courseId, JsonNode result) {
        return jobs.succeedWithCourseInTransaction(job, courseId, result);
    }

    public Uni<Job> get(CourseScope scope, long id) {
        return jobs.find(id).map(stored -> {
            if (stored == null || !scope.sees(stored.workspaceId(), stored.clientIdentifier())) {
                throw ApiException.notFound("Job " + id + " not found");
            }
            return stored.job();
        });
    }

    public Uni<Job> translate(CourseScope scope, long courseId, LanguageRequests.Translate request) {
        if (request == null) {
            throw ApiException.invalid("locale", "is required");
        }
        String locale = request.locale();
        if (locale == null || locale.isBlank()) {
            throw ApiException.invalid("locale", "is required");
        }
        if (locale.length() > MAX_LOCALE_LENGTH || !CourseDocuments.isLocaleTag(locale)) {
            throw ApiException.invalid("locale", "is not a locale tag like fr or pt-BR");
        }
        boolean overwrite = Boolean.TRUE.equals(request.overwrite());
        return editableCourse(scope, courseId).chain(course -> {
            String base = course.locale() == null ? CourseDocuments.DEFAULT_LOCALE : course.locale();
            if (base.equals(locale)) {
                throw ApiException.invalid("locale", "is the course's own locale (" + base + "); choose another");
            }
            ObjectNode params = mapper.createObjectNode().put("overwrite", overwrite);
            return jobs.insert(
                            course.workspaceId(),
                            courseId,
                            Job.TRANSLATION,
                            locale,
                            params,
                            scope.testMode(),
                            maxQueued())
                    .map(job -> admitted(job, course.workspaceId()))
                    .invoke(job -> Log.debugf(
                            "Translation of course %s into %s queued as job %s",
                            String.valueOf(courseId), locale, String.valueOf(job.id())));
        });
    }

    /** The course if the scope sees it (404 otherwise) and it is a live Builder 2 course. */
    Uni<LanguageRepository.CourseFacts> editableCourse(CourseScope scope, long courseId) {
        return courses.course(courseId).map(course -> {
            if (course == null || !scope.sees(course.workspaceId(), course.clientIdentifier())) {
                throw ApiException.notFound("Course " + courseId + " not found");
            }
            Course.requireLive(courseId, course.deleted());
            Course.requireNative(courseId, CourseType.ofWire(course.type()));
            Course.requireBuilder2(courseId, course.format());
            return course;
        });
    }
}

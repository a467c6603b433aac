package org.courseplatform.courses.generation;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.course.CourseService;
import org.courseplatform.courses.course.CourseView;
import org.courseplatform.courses.document.CourseDocuments;
import org.courseplatform.courses.language.Job;
import org.courseplatform.courses.language.JobService;
import org.courseplatform.courses.language.JobWorker;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.courseplatform.platform.web.Workers;

/**
 * The rules of course generation (docs/generation.md): checks a request, queues a generation job
 * (the language job machinery: lease, heartbeat, takeover), starts it at once and waits for it up
 * to {@code generation.sync-wait}. A course made by then is answered as the course (201); a job
 * still working as the job (202, to be followed at GET /v1/headless/jobs/{id}); a job that failed
 * by then as 503 {@code UNAVAILABLE} with the job's error code as {@code error.reason} and the job
 * in {@code Location}. With the offline generator the request claims its own job at once; with a
 * provider it wakes the worker, within its usual concurrency and the workspace's share. A workspace
 * whose queue is full is refused with 429 before anything is queued.
 */
@ApplicationScoped
public class GenerationService {

    /** The most screens after the cover a request may ask for. */
    public static final int MAX_SCREEN_COUNT = 40;

    static final int MAX_PROMPT = 4000;
    static final int MAX_AUDIENCE = 300;
    static final int MAX_SHORT = 100;
    static final int MAX_IDENTIFIER = 255;
    static final int MAX_LOCALE = 35;

    /** What a generate request ends with: the course made (201) or the job still working (202). */
    public sealed interface Outcome permits Created, Pending {
        Job job();
    }

    public record Created(CourseView course, Job job) implements Outcome {}

    public record Pending(Job job) implements Outcome {}

    private final JobService jobService;
    private final JobWorker worker;
    private final Generators generators;
    private final CourseService courses;
    private final GenerationConfig config;
    private final ObjectMapper mapper;
    private final Map<Long, CompletableFuture<Void>> waiting = new ConcurrentHashMap<>();

    public GenerationService(
            JobService jobService,
            JobWorker worker,
            Generators generators,
            CourseService courses,
            GenerationConfig config,
            ObjectMapper mapper) {
        this.jobService = jobService;
        this.worker = worker;
        this.generators = generators;
        this.courses = courses;
        this.config = config;
        this.mapper = mapper;
    }

    @PostConstruct
    void listen() {
        worker.onEnd(id -> {
            CompletableFuture<Void> ended = waiting.get(id);
            if (ended != null) {
                ended.complete(null);
            }
        });
    }

    /** A request of an API key (or an agent acting through one): owner and tenant from the body. */
    public Uni<Outcome> generate(CourseScope scope, GenerationRequests.Generate request) {
        if (request == null) {
            throw ApiException.invalid(
                    "body", "is required: {prompt, audience, familiarity, tone, screenCount, identifier}");
        }
        List<ApiError.Detail> problems = new ArrayList<>();
        Brief brief = brief(
                request.prompt(),
                request.audience(),
                request.familiarity(),
                request.tone(),
                request.screenCount(),
                request.language(),
                problems);
        String identifier = request.identifier();
        if (identifier == null ? !scope.restricted() : identifier.isBlank()) {
            problems.add(new ApiError.Detail("identifier", "is required: the owner of the new course"));
        } else if (identifier != null && identifier.length() > MAX_IDENTIFIER) {
            problems.add(new ApiError.Detail("identifier", "must be at most " + MAX_IDENTIFIER + " characters"));
        }
        String tenant = request.clientIdentifier();
        if (tenant != null && (tenant.isEmpty() || tenant.length() > MAX_IDENTIFIER)) {
            problems.add(new ApiError.Detail("clientIdentifier", "must be 1 to " + MAX_IDENTIFIER + " characters"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        return start(scope, scope.ownerOf(identifier), scope.tenantOf(tenant), brief, null);
    }

    /** The builder's request: the course goes to the session's author and tenant, and the session is bound to it. */
    public Uni<Outcome> generateForEditor(
            CourseScope scope,
            String owner,
            String tenant,
            String editorSession,
            GenerationRequests.EditorGenerate request) {
        if (request == null) {
            throw ApiException.invalid("body", "is required: {prompt, audience, familiarity, tone, screenCount}");
        }
        List<ApiError.Detail> problems = new ArrayList<>();
        Brief brief = brief(
                request.prompt(),
                request.audience(),
                request.familiarity(),
                request.tone(),
                request.screenCount(),
                request.language(),
                problems);
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        return start(scope, owner, tenant, brief, editorSession);
    }

    /** Checks the brief's fields, adding every problem to {@code problems}; null when there is one. */
    static Brief brief(
            String prompt,
            String audience,
            String familiarity,
            String tone,
            Integer screenCount,
            String language,
            List<ApiError.Detail> problems) {
        int before = problems.size();
        text("prompt", prompt, MAX_PROMPT, problems);
        text("audience", audience, MAX_AUDIENCE, problems);
        text("familiarity", familiarity, MAX_SHORT, problems);
        text("tone", tone, MAX_SHORT, problems);
        if (screenCount == null) {
            problems.add(new ApiError.Detail(
                    "screenCount", "is required: the number of screens after the cover, 1 to " + MAX_SCREEN_COUNT));
        } else if (screenCount < 1 || screenCount > MAX_SCREEN_COUNT) {
            problems.add(new ApiError.Detail("screenCount", "must be from 1 to " + MAX_SCREEN_COUNT));
        }
        if (language != null && (language.length() > MAX_LOCALE || !CourseDocuments.isLocaleTag(language))) {
            problems.add(new ApiError.Detail("language", "is not a locale tag like en, fr or pt-BR"));
        }
        if (problems.size() > before) {
            return null;
        }
        return new Brief(
                prompt.strip(),
                audience.strip(),
                familiarity.strip(),
                tone.strip(),
                screenCount,
                language == null ? CourseDocuments.DEFAULT_LOCALE : language);
    }

    private static void text(String field, String value, int max, List<ApiError.Detail> problems) {
        if (value == null || value.isBlank()) {
            problems.add(new ApiError.Detail(field, "is required"));
        } else if (value.length() > max && value.codePointCount(0, value.length()) > max) {
            problems.add(new ApiError.Detail(field, "must be at most " + max + " characters"));
        }
    }

    private Uni<Outcome> start(CourseScope scope, String owner, String tenant, Brief brief, String editorSession) {
        ObjectNode params = brief.toParams(mapper);
        if (editorSession != null) {
            params.put("editorSession", editorSession);
        }
        boolean offline = generators.isOffline();
        Context context = Vertx.currentContext();
        return jobService
                .queueScoped(
                        Job.GENERATION, scope.workspaceId(), tenant, owner, brief.language(), params, scope.testMode())
                .chain(job -> {
                    CompletableFuture<Void> ended = new CompletableFuture<>();
                    waiting.put(job.id(), ended);
                    Log.debugf(
                            "Generation of %s screens queued as job %s (%s)",
                            String.valueOf(brief.screenCount()),
                            String.valueOf(job.id()),
                            offline ? "offline" : "provider");
                    Uni<Boolean> started = offline
                            ? worker.runNow(job.id())
                            : Uni.createFrom().item(() -> {
                                worker.wake();
                                return true;
                            });
                    return started.onFailure()
                            .recoverWithItem(false)
                            .chain(() -> Uni.createFrom()
                                    .completionStage(ended)
                                    .ifNoItem()
                                    .after(config.syncWait())
                                    .recoverWithItem(() -> null))
                            .eventually(() -> waiting.remove(job.id()))
                            .emitOn(Workers.on(context))
                            .chain(() -> jobService.stored(job.id()))
                            .chain(stored -> outcome(scope, stored == null ? job : stored.job()));
                });
    }

    private Uni<Outcome> outcome(CourseScope scope, Job job) {
        if (Job.SUCCEEDED.equals(job.status()) && job.courseId() != null) {
            return courses.get(scope, job.courseId()).map(view -> new Created(view, job));
        }
        if (Job.FAILED.equals(job.status())) {
            String code = job.error() == null ? "failed" : job.error().code().toLowerCase(Locale.ROOT);
            String message =
                    job.error() == null ? "the job failed" : job.error().message();
            throw new ApiException(
                    ErrorCode.UNAVAILABLE,
                    code,
                    "Course generation failed (job " + job.id() + "): " + message,
                    null,
                    Map.of("Location", location(job)));
        }
        return Uni.createFrom().item(new Pending(job));
    }

    public static String location(Job job) {
        return "/v1/headless/jobs/" + job.id();
    }

    /** A generation job as the builder may follow it: 404 unless it is of this workspace and editing session. */
    public Uni<Job> editorJob(long workspaceId, String editorSession, long id) {
        return jobService.stored(id).map(stored -> {
            if (stored == null
                    || stored.workspaceId() != workspaceId
                    || !Job.GENERATION.equals(stored.job().type())
                    || !editorSession.equals(
                            stored.params().path("editorSession").asText(null))) {
                throw ApiException.notFound("Job " + id + " not found");
            }
            return stored.job();
        });
    }
}

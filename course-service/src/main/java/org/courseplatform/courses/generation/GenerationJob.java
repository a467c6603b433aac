package org.courseplatform.courses.generation;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.course.CourseService;
import org.courseplatform.courses.document.ParsedDocument;
import org.courseplatform.courses.language.BrandVoiceSource;
import org.courseplatform.courses.language.Job;
import org.courseplatform.courses.language.JobFailure;
import org.courseplatform.courses.language.JobHandler;
import org.courseplatform.courses.language.JobRepository;
import org.courseplatform.courses.language.JobService;
import org.courseplatform.courses.language.WritingVoice;
import org.courseplatform.courses.player.PlayerSessions;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Workers;

/**
 * Runs a generation job: the generator writes the course's copy (on a worker thread), our code
 * makes it a Builder 2 document and checks it as any document is checked, and then ONE
 * transaction creates the course (a draft, owned by the job's owner in its tenant) with its
 * {@code course.created} (the test mode of the key that asked), marks the job succeeded with the
 * course's id and, when the builder asked, binds its editing session to the course. A generator
 * failure fails the job with its code and message and creates nothing; a job whose instance
 * stopped is run again from the start by the instance that takes it over (nothing was written).
 */
@ApplicationScoped
public class GenerationJob implements JobHandler {

    private final Generators generators;
    private final BrandVoiceSource voices;
    private final CourseService courses;
    private final JobService jobs;
    private final PlayerSessions sessions;
    private final ObjectMapper mapper;

    public GenerationJob(
            Generators generators,
            BrandVoiceSource voices,
            CourseService courses,
            JobService jobs,
            PlayerSessions sessions,
            ObjectMapper mapper) {
        this.generators = generators;
        this.voices = voices;
        this.courses = courses;
        this.jobs = jobs;
        this.sessions = sessions;
        this.mapper = mapper;
    }

    @Override
    public String type() {
        return Job.GENERATION;
    }

    /** A generated course and what the job's result says of it. */
    private record Made(ParsedDocument parsed, String provider, int questions, long millis) {}

    @Override
    public Uni<Void> run(JobRepository.Claimed job, JobProgress progress) {
        if (job.workspaceId() == null || job.identifier() == null) {
            return Uni.createFrom()
                    .failure(new JobFailure("INVALID_JOB", "The generation job has no owner or workspace"));
        }
        Brief brief = Brief.fromParams(job.params(), job.locale());
        CourseStructure plan = CourseStructure.of(brief.screenCount());
        CourseGenerator generator = generators.current();
        int total = plan.screenCount() + 1;
        return progress.report(0, total)
                .chain(() -> voices.voiceOf(job.workspaceId(), job.clientIdentifier()))
                .chain(voice -> Workers.call(() -> make(generator, brief, plan, voice)))
                .chain(made -> save(job, made));
    }

    private Made make(CourseGenerator generator, Brief brief, CourseStructure plan, Optional<WritingVoice> voice) {
        long started = System.nanoTime();
        GeneratedCourse course = generator.generate(brief, plan, voice);
        ObjectNode document = DocumentAssembler.assemble(course, plan, brief.language());
        ParsedDocument parsed;
        try {
            parsed = courses.parse(document);
        } catch (ApiException e) {
            throw new JobFailure(
                    OpenAiCourseGenerator.INVALID_OUTPUT,
                    "The generated course does not pass the " + "Builder 2 document rules: " + e.getMessage() + " "
                            + e.details());
        }
        long millis = (System.nanoTime() - started) / 1_000_000;
        Log.debugf(
                "Generated a course of %s screens with the %s generator in %s ms",
                String.valueOf(parsed.screenCount()), generator.name(), String.valueOf(millis));
        return new Made(parsed, generator.name(), course.quiz().questions().size(), millis);
    }

    private Uni<Void> save(JobRepository.Claimed job, Made made) {
        // The owner and tenant were checked when the job was asked for; the job creates as them.
        CourseScope scope = new CourseScope(job.workspaceId(), job.clientIdentifier(), false, job.testMode());
        String editorSession = job.params().path("editorSession").asText(null);
        return courses.createForJob(scope, job.identifier(), job.clientIdentifier(), made.parsed(), view -> {
                    ObjectNode result = mapper.createObjectNode()
                            .put("provider", made.provider())
                            .put("courseId", view.id())
                            .put("screens", made.parsed().screenCount())
                            .put("questions", made.questions())
                            .put("timeEstimateMinutes", made.parsed().timeEstimateMinutes())
                            .put("generationMillis", made.millis());
                    Uni<Void> succeeded = jobs.succeedWithCourseInTransaction(job, view.id(), result);
                    if (editorSession == null) {
                        return succeeded;
                    }
                    return succeeded
                            .chain(() -> sessions.bindCourse(editorSession, view.id()))
                            .invoke(bound -> {
                                if (!bound) {
                                    Log.debugf(
                                            "Generation job %s: the editing session already had a course",
                                            String.valueOf(job.id()));
                                }
                            })
                            .replaceWithVoid();
                })
                .invoke(view -> Log.debugf(
                        "Generation job %s made course %s", String.valueOf(job.id()), String.valueOf(view.id())))
                .replaceWithVoid();
    }
}

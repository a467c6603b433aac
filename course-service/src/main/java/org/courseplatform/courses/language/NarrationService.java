package org.courseplatform.courses.language;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Workers;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Narration of a course's screens: queues narration jobs, lists scripts with their audio URLs,
 * and takes a person's script (which no job replaces). Audio URLs are public and unguessable
 * (a random token per recording), like thumbnails, so the player's {@code <audio>} loads them.
 */
@ApplicationScoped
public class NarrationService {

    static final int MAX_SCREEN_IDS = 1000;

    /** GET …/narration. */
    public record Narration(long courseId, List<Screen> screens) {}

    /** One screen's script; {@code audioUrl} and {@code voice} once it has audio. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Screen(
            String screenId, String script, boolean edited, String audioUrl, String voice, String updatedAt) {}

    private final JobService jobService;
    private final JobRepository jobs;
    private final LanguageRepository courses;
    private final NarrationRepository scripts;
    private final ObjectMapper mapper;
    private final String baseUrl;

    public NarrationService(
            JobService jobService,
            JobRepository jobs,
            LanguageRepository courses,
            NarrationRepository scripts,
            ObjectMapper mapper,
            @ConfigProperty(name = "platform.public-base-url") String baseUrl) {
        this.jobService = jobService;
        this.jobs = jobs;
        this.courses = courses;
        this.scripts = scripts;
        this.mapper = mapper;
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    }

    /** The public URL of a recording. */
    public String audioUrl(String token) {
        return baseUrl + "/v1/headless/narration-audio/" + token + ".wav";
    }

    public Uni<Job> narrate(CourseScope scope, long courseId, LanguageRequests.Narrate request) {
        List<String> screenIds = request == null ? null : request.screenIds();
        boolean audio = request == null || request.audio() == null || request.audio();
        if (screenIds != null) {
            if (screenIds.size() > MAX_SCREEN_IDS) {
                throw ApiException.invalid("screenIds", "at most " + MAX_SCREEN_IDS + " screen ids");
            }
            for (int i = 0; i < screenIds.size(); i++) {
                String id = screenIds.get(i);
                if (id == null || id.isBlank() || id.length() > 255) {
                    throw ApiException.invalid("screenIds[" + i + "]", "must be a screen id of the course");
                }
            }
        }
        long workspaceId = scope.workspaceId();
        return jobService
                .editableCourse(scope, courseId)
                .chain(() -> courses.courseWithDraft(courseId))
                .chain(course -> Workers.call(() -> screenIds(course.draft())))
                .chain(known -> {
                    if (screenIds != null) {
                        List<ApiError.Detail> problems = new ArrayList<>();
                        for (int i = 0; i < screenIds.size(); i++) {
                            if (!known.contains(screenIds.get(i))) {
                                problems.add(new ApiError.Detail(
                                        "screenIds[" + i + "]", "course " + courseId + " has no screen with this id"));
                            }
                        }
                        if (!problems.isEmpty()) {
                            throw ApiException.invalid(problems);
                        }
                    }
                    ObjectNode params = mapper.createObjectNode().put("audio", audio);
                    if (screenIds != null) {
                        params.set("screenIds", mapper.valueToTree(new LinkedHashSet<>(screenIds)));
                    }
                    return jobs.insert(
                                    workspaceId,
                                    courseId,
                                    Job.NARRATION,
                                    null,
                                    params,
                                    scope.testMode(),
                                    jobService.maxQueued())
                            .map(job -> jobService.admitted(job, workspaceId));
                });
    }

    public Uni<Narration> get(CourseScope scope, long courseId) {
        return jobService
                .editableCourse(scope, courseId)
                .chain(() -> courses.courseWithDraft(courseId))
                .chain(course -> Workers.call(() -> screenIds(course.draft())))
                .chain(order -> scripts.list(courseId).map(stored -> {
                    List<Screen> screens = new ArrayList<>();
                    for (String id : order) {
                        NarrationRepository.Stored s = stored.get(id);
                        if (s != null) {
                            screens.add(view(s));
                        }
                    }
                    return new Narration(courseId, screens);
                }));
    }

    public Uni<Screen> put(CourseScope scope, long courseId, String screenId, LanguageRequests.Script request) {
        String script = request == null ? null : request.script();
        if (script == null || script.isBlank()) {
            throw ApiException.invalid("script", "is required: the words to speak on this screen");
        }
        if (script.length() > ScriptExtractor.MAX_SCRIPT) {
            throw ApiException.invalid("script", "at most " + ScriptExtractor.MAX_SCRIPT + " characters");
        }
        return jobService
                .editableCourse(scope, courseId)
                .chain(() -> courses.courseWithDraft(courseId))
                .chain(course -> Workers.call(() -> screenIds(course.draft())))
                .chain(known -> {
                    if (!known.contains(screenId)) {
                        throw ApiException.notFound("Screen " + screenId + " not found in course " + courseId);
                    }
                    return scripts.saveByHand(courseId, screenId, script.strip())
                            .map(this::view);
                });
    }

    private Screen view(NarrationRepository.Stored s) {
        return new Screen(
                s.screenId(),
                s.script(),
                s.edited(),
                s.audioToken() == null ? null : audioUrl(s.audioToken()),
                s.voice(),
                s.updatedAt().withOffsetSameInstant(ZoneOffset.UTC).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
    }

    /** Screen id to audio URL for the screens of a course with audio (what the player gets). */
    public Uni<Map<String, String>> audioUrls(long courseId) {
        return scripts.audioTokens(courseId).map(tokens -> {
            Map<String, String> urls = new LinkedHashMap<>();
            tokens.forEach((screen, token) -> urls.put(screen, audioUrl(token)));
            return urls;
        });
    }

    private Set<String> screenIds(String draft) throws Exception {
        Set<String> ids = new LinkedHashSet<>();
        for (JsonNode screen : mapper.readTree(draft).path("screens")) {
            ids.add(screen.path("id").asText());
        }
        return ids;
    }
}

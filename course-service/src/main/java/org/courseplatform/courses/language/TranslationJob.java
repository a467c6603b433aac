package org.courseplatform.courses.language;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.courseplatform.courses.course.CourseService;
import org.courseplatform.courses.document.CourseDocuments;
import org.courseplatform.platform.web.Workers;

/**
 * Translates a course draft into one locale. The strings still to translate (no translation yet;
 * with {@code overwrite}, also those whose translation is still the one a job wrote) go to the
 * provider in batches; the answers are then applied in one save to the draft as it is by then:
 * a string removed or changed meanwhile is skipped, and a translation a person wrote meanwhile is
 * kept. Nothing is written until every batch has a valid answer.
 */
@ApplicationScoped
public class TranslationJob implements JobHandler {

    /** The result of applying the translations to the current draft. */
    record Applied(int translated, int keptByHand, int skippedChanged, Map<String, String> written) {}

    private final LanguageRepository courses;
    private final JobRepository jobs;
    private final CourseService service;
    private final OpenAiCompatibleClient client;
    private final OpenAiTranslationProvider openAi;
    private final BuiltInTranslationProvider builtIn;
    private final BrandVoiceSource voices;
    private final LanguageConfig config;
    private final ObjectMapper mapper;

    public TranslationJob(
            LanguageRepository courses,
            JobRepository jobs,
            CourseService service,
            OpenAiCompatibleClient client,
            OpenAiTranslationProvider openAi,
            BuiltInTranslationProvider builtIn,
            BrandVoiceSource voices,
            LanguageConfig config,
            ObjectMapper mapper) {
        this.courses = courses;
        this.jobs = jobs;
        this.service = service;
        this.client = client;
        this.openAi = openAi;
        this.builtIn = builtIn;
        this.voices = voices;
        this.config = config;
        this.mapper = mapper;
    }

    @Override
    public String type() {
        return Job.TRANSLATION;
    }

    /** The provider in use: the configured OpenAI-compatible one, else the built-in one. */
    TranslationProvider provider() {
        return client.chatConfigured() ? openAi : builtIn;
    }

    @Override
    public Uni<Void> run(JobRepository.Claimed job, JobProgress progress) {
        String locale = job.locale();
        boolean overwrite = job.params().path("overwrite").asBoolean(false);
        TranslationProvider provider = provider();
        return courses.courseWithDraft(job.courseId()).chain(course -> {
            check(course);
            return voices.voiceOf(course.workspaceId(), course.clientIdentifier())
                    .chain(voice -> courses.machineTranslations(job.courseId(), locale)
                            .chain(machine -> Workers.call(() -> todo(course.draft(), locale, overwrite, machine))
                                    .chain(todo -> translate(provider, todo, locale, voice, progress)
                                            .chain(translated -> save(
                                                    job,
                                                    provider,
                                                    todo,
                                                    translated,
                                                    machine,
                                                    overwrite,
                                                    todo.source().size())))));
        });
    }

    /** What to translate: id to source text, and the document's base locale. */
    record Todo(String baseLocale, Map<String, String> source) {}

    private Todo todo(String draft, String locale, boolean overwrite, Map<String, String> machine) throws Exception {
        JsonNode document = mapper.readTree(draft);
        String base = Translatables.baseLocale(document);
        if (base.equals(locale)) {
            throw new JobFailure(
                    "SAME_LOCALE", "The course is written in " + locale + "; translate it into another locale");
        }
        Map<String, String> source = new LinkedHashMap<>();
        for (Translatables.Item item : Translatables.of(document)) {
            String existing = Translatables.translation(document, locale, item.path());
            if (existing == null || overwrite && existing.equals(machine.get(item.id()))) {
                source.put(item.id(), item.source());
            }
        }
        return new Todo(base, source);
    }

    private Uni<Map<String, String>> translate(
            TranslationProvider provider,
            Todo todo,
            String locale,
            Optional<WritingVoice> voice,
            JobProgress progress) {
        int total = todo.source().size();
        List<Map<String, String>> batches =
                batches(todo.source(), Math.max(1, config.provider().batchSize()));
        Map<String, String> translated = new LinkedHashMap<>();
        if (provider == builtIn) {
            return progress.report(0, total).replaceWith(translated);
        }
        int[] done = {0};
        return progress.report(0, total)
                .chain(() -> Multi.createFrom()
                        .iterable(batches)
                        .onItem()
                        .transformToUniAndConcatenate(batch -> Workers.call(
                                        () -> provider.translate(todo.baseLocale(), locale, batch, voice))
                                .call(answer -> {
                                    translated.putAll(answer);
                                    done[0] += batch.size();
                                    return progress.report(done[0], total);
                                }))
                        .collect()
                        .last())
                .replaceWith(translated);
    }

    private Uni<Void> save(
            JobRepository.Claimed job,
            TranslationProvider provider,
            Todo todo,
            Map<String, String> translated,
            Map<String, String> machine,
            boolean overwrite,
            int asked) {
        String locale = job.locale();
        return service.<Applied>editDraftForJob(
                job.courseId(),
                job.testMode(),
                (document, revision) -> apply(document, locale, todo.source(), translated, machine, overwrite),
                (made, revision) -> {
                    Applied applied = made.answer();
                    ObjectNode result = mapper.createObjectNode()
                            .put("provider", provider.name())
                            .put("locale", locale)
                            .put("strings", asked)
                            .put("translated", applied.translated())
                            .put("untranslated", asked - applied.translated())
                            .put("keptHandTranslations", applied.keptByHand())
                            .put("skippedChanged", applied.skippedChanged())
                            .put("revision", revision);
                    Log.debugf(
                            "Course %s translated into %s: %s strings",
                            String.valueOf(job.courseId()), locale, String.valueOf(applied.translated()));
                    Uni<Void> record = applied.written().isEmpty()
                            ? Uni.createFrom().voidItem()
                            : courses.recordMachineTranslations(
                                    job.courseId(),
                                    locale,
                                    mapper.valueToTree(applied.written()).toString());
                    return record.chain(() -> jobs.succeedInTransaction(job, result));
                });
    }

    /**
     * Applies translations to the draft as it is now: only to strings still there with the same
     * source text and still untranslated (or, with overwrite, still the job's own translation).
     * Adds the locale when the draft has none. Null document: nothing to change.
     */
    static CourseService.JobEdit<Applied> apply(
            ObjectNode document,
            String locale,
            Map<String, String> asked,
            Map<String, String> translated,
            Map<String, String> machine,
            boolean overwrite) {
        if (Translatables.baseLocale(document).equals(locale)) {
            throw new JobFailure("SAME_LOCALE", "The course is now written in " + locale + "; nothing was translated");
        }
        Map<String, Translatables.Item> current = new LinkedHashMap<>();
        Translatables.of(document).forEach(item -> current.put(item.id(), item));
        boolean changed = Translatables.ensureLocale(document, locale);
        int kept = 0;
        int stale = 0;
        Map<String, String> written = new LinkedHashMap<>();
        for (Map.Entry<String, String> entry : translated.entrySet()) {
            Translatables.Item item = current.get(entry.getKey());
            if (item == null || !item.source().equals(asked.get(entry.getKey()))) {
                stale++;
                continue;
            }
            String existing = Translatables.translation(document, locale, item.path());
            if (existing != null && !(overwrite && existing.equals(machine.get(item.id())))) {
                kept++;
                continue;
            }
            String text = entry.getValue().length() > CourseDocuments.MAX_STRING_LENGTH
                    ? entry.getValue().substring(0, CourseDocuments.MAX_STRING_LENGTH)
                    : entry.getValue();
            Translatables.put(document, locale, item.path(), text);
            written.put(item.id(), text);
            changed = true;
        }
        return new CourseService.JobEdit<>(
                changed ? document : null, new Applied(written.size(), kept, stale, written));
    }

    private static void check(LanguageRepository.CourseFacts course) {
        if (course == null) {
            throw new JobFailure("COURSE_GONE", "The course no longer exists");
        }
        if (course.deleted()) {
            throw new JobFailure("COURSE_DELETED", "The course was deleted; restore it and ask again");
        }
        if (!"course".equals(course.type())
                || !CourseDocuments.BUILDER2.equals(course.format())
                || course.draft() == null) {
            throw new JobFailure("NOT_BUILDER2", "Only Builder 2 courses are translated; migrate the course first");
        }
    }

    static List<Map<String, String>> batches(Map<String, String> strings, int size) {
        List<Map<String, String>> batches = new ArrayList<>();
        Map<String, String> batch = new LinkedHashMap<>();
        for (Map.Entry<String, String> entry : strings.entrySet()) {
            batch.put(entry.getKey(), entry.getValue());
            if (batch.size() == size) {
                batches.add(batch);
                batch = new LinkedHashMap<>();
            }
        }
        if (!batch.isEmpty()) {
            batches.add(batch);
        }
        return batches;
    }
}

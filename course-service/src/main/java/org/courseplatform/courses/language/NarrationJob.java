package org.courseplatform.courses.language;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.courseplatform.courses.document.CourseDocuments;
import org.courseplatform.courses.document.PlainText;
import org.courseplatform.platform.web.Workers;

/**
 * Narrates screens of a course draft: a script per screen (a person's script is kept; otherwise
 * the provider writes one, or the built-in extractor turns the screen's text into sentences),
 * then, when asked, audio for each script that has none yet, stored in S3. Each screen is saved
 * as it is done, so a long job that fails keeps the screens it finished.
 */
@ApplicationScoped
public class NarrationJob implements JobHandler {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final LanguageRepository courses;
    private final NarrationRepository scripts;
    private final JobRepository jobs;
    private final OpenAiCompatibleClient client;
    private final SpeechSynthesizer speech;
    private final NarrationStore store;
    private final BrandVoiceSource voices;
    private final ObjectMapper mapper;

    public NarrationJob(
            LanguageRepository courses,
            NarrationRepository scripts,
            JobRepository jobs,
            OpenAiCompatibleClient client,
            SpeechSynthesizer speech,
            NarrationStore store,
            BrandVoiceSource voices,
            ObjectMapper mapper) {
        this.courses = courses;
        this.scripts = scripts;
        this.jobs = jobs;
        this.client = client;
        this.speech = speech;
        this.store = store;
        this.voices = voices;
        this.mapper = mapper;
    }

    @Override
    public String type() {
        return Job.NARRATION;
    }

    @Override
    public Uni<Void> run(JobRepository.Claimed job, JobProgress progress) {
        boolean audio = job.params().path("audio").asBoolean(true);
        Set<String> wanted = new HashSet<>();
        job.params().path("screenIds").forEach(id -> wanted.add(id.asText()));
        int[] counts = new int[3]; // scripts written, audio made, screens without text
        return courses.courseWithDraft(job.courseId()).chain(course -> {
            if (course == null
                    || course.deleted()
                    || !CourseDocuments.BUILDER2.equals(course.format())
                    || course.draft() == null) {
                throw new JobFailure("NOT_NARRATABLE", "The course is gone, deleted or not a Builder 2 course");
            }
            String locale = course.locale() == null ? CourseDocuments.DEFAULT_LOCALE : course.locale();
            return voices.voiceOf(course.workspaceId(), course.clientIdentifier())
                    .chain(voice -> Workers.call(() -> screens(course.draft(), wanted))
                            .chain(screens -> scripts.list(job.courseId())
                                    .chain(existing -> progress.report(0, screens.size())
                                            .chain(() -> Multi.createFrom()
                                                    .range(0, screens.size())
                                                    .onItem()
                                                    .transformToUniAndConcatenate(i -> narrate(
                                                                    job,
                                                                    screens.get(i),
                                                                    existing.get(screens.get(i)
                                                                            .path("id")
                                                                            .asText()),
                                                                    locale,
                                                                    voice,
                                                                    audio,
                                                                    counts)
                                                            .chain(() -> progress.report(i + 1, screens.size())))
                                                    .collect()
                                                    .last())
                                            .chain(() -> {
                                                ObjectNode result = mapper.createObjectNode()
                                                        .put("screens", screens.size())
                                                        .put("scripts", counts[0])
                                                        .put("audio", counts[1])
                                                        .put("withoutText", counts[2])
                                                        .put(
                                                                "scriptProvider",
                                                                client.chatConfigured()
                                                                        ? "openai-compatible"
                                                                        : "built-in")
                                                        .put("speech", audio ? speech.engine() : null);
                                                return jobs.succeed(job, result).replaceWithVoid();
                                            }))));
        });
    }

    private List<JsonNode> screens(String draft, Set<String> wanted) throws Exception {
        List<JsonNode> list = new ArrayList<>();
        for (JsonNode screen : mapper.readTree(draft).path("screens")) {
            if (wanted.isEmpty() || wanted.contains(screen.path("id").asText())) {
                list.add(screen);
            }
        }
        return list;
    }

    private Uni<Void> narrate(
            JobRepository.Claimed job,
            JsonNode screen,
            NarrationRepository.Stored existing,
            String locale,
            Optional<WritingVoice> voice,
            boolean audio,
            int[] counts) {
        String screenId = screen.path("id").asText();
        Uni<String> script;
        if (existing != null && existing.edited()) {
            script = Uni.createFrom().item(existing.script());
        } else {
            script = Workers.call(() -> write(screen, locale, voice)).call(text -> {
                if (text.isEmpty()) {
                    counts[2]++;
                    return Uni.createFrom().voidItem();
                }
                counts[0]++;
                return scripts.saveGenerated(job.courseId(), screenId, text);
            });
        }
        return script.chain(text -> {
            boolean current = existing != null
                    && existing.audioKey() != null
                    && existing.script().equals(text);
            if (!audio || text.isEmpty() || current) {
                return Uni.createFrom().voidItem();
            }
            String token = HexFormat.of().formatHex(random());
            return Workers.call(() -> {
                        SpeechSynthesizer.Audio made = speech.speak(text, locale);
                        String key = store.put(job.courseId(), token, made.bytes(), made.mime());
                        return new String[] {key, made.mime(), made.voice()};
                    })
                    .chain(saved ->
                            scripts.saveAudio(job.courseId(), screenId, text, saved[0], saved[1], token, saved[2]))
                    .invoke(linked -> {
                        if (linked) {
                            counts[1]++;
                        }
                    })
                    .replaceWithVoid();
        });
    }

    private static byte[] random() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return bytes;
    }

    /** The screen's script: from the provider when configured, else the built-in extractor. */
    private String write(JsonNode screen, String locale, Optional<WritingVoice> voice) {
        String extracted = ScriptExtractor.script(screen);
        if (!client.chatConfigured() || extracted.isEmpty()) {
            return extracted;
        }
        ObjectNode asked = mapper.createObjectNode();
        ObjectNode plain = asked.putObject("screen");
        plain.put("title", PlainText.normalise(screen.path("title").asText(null)));
        plain.put("text", extracted);
        String system = "You write the spoken narration script of one screen of an e-learning course, in the language "
                + "tagged " + locale + ". Use only what the screen says; write clear sentences for listening (no "
                + "markup, lists or symbols read aloud), at most " + ScriptExtractor.MAX_SCRIPT + " characters. Answer "
                + "only a JSON object {\"script\": \"...\"}."
                + voice.map(v -> " " + v.instructions()).orElse("");
        return client.chatJson(system, asked.toString(), answer -> {
            JsonNode script = answer.get("script");
            if (script == null || !script.isTextual() || script.asText().isBlank()) {
                throw new ProviderException("the answer has no script", true, -1);
            }
            return ScriptExtractor.cut(script.asText().strip());
        });
    }
}

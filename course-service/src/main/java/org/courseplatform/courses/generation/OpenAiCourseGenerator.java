package org.courseplatform.courses.generation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.faulttolerance.api.Guard;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.courseplatform.courses.document.CourseDocuments;
import org.courseplatform.courses.language.LanguageConfig;
import org.courseplatform.courses.language.OpenAiCompatibleClient;
import org.courseplatform.courses.language.ProviderException;
import org.courseplatform.courses.language.WritingVoice;
import org.courseplatform.platform.web.ApiException;

/**
 * Writes a course through the OpenAI-compatible chat-completions provider of the translation
 * feature ({@link OpenAiCompatibleClient}: timeouts, retries with backoff, Retry-After). The whole
 * course is asked for in one request with structured output (a strict JSON Schema, or JSON mode):
 * the plan says how many screens of which kind and how many questions; the brief, the audience,
 * familiarity, tone, language and the workspace's brand voice go into the instructions. The answer
 * is checked and repaired by {@link ModelAnswer}; one that cannot be repaired is asked for again,
 * and when the retries are spent the job fails with {@code INVALID_OUTPUT}.
 */
@ApplicationScoped
public class OpenAiCourseGenerator implements CourseGenerator {

    static final String INVALID_OUTPUT = "INVALID_OUTPUT";

    private final OpenAiCompatibleClient client;
    private final LanguageConfig language;
    private final GenerationConfig config;
    private final ObjectMapper mapper;
    private final Guard guard;

    public OpenAiCourseGenerator(
            OpenAiCompatibleClient client, LanguageConfig language, GenerationConfig config, ObjectMapper mapper) {
        this.client = client;
        this.language = language;
        this.config = config;
        this.mapper = mapper;
        this.guard = client.guard(config.provider().timeout(), config.provider().maxRetries());
    }

    @Override
    public String name() {
        return "openai-compatible";
    }

    @Override
    public GeneratedCourse generate(Brief brief, CourseStructure plan, Optional<WritingVoice> voice) {
        OpenAiCompatibleClient.ChatCall call = new OpenAiCompatibleClient.ChatCall(
                system(brief, voice),
                user(brief, plan).toString(),
                config.provider()
                        .model()
                        .filter(m -> !m.isBlank())
                        .orElse(language.provider().model()),
                responseFormat(),
                guard,
                config.provider().timeout(),
                config.provider().maxRetries(),
                INVALID_OUTPUT);
        return client.chatJson(call, answer -> checked(ModelAnswer.read(answer, brief, plan), brief, plan));
    }

    /** The course, once its document passes the Builder 2 rules (else the answer is asked for again). */
    private static GeneratedCourse checked(GeneratedCourse course, Brief brief, CourseStructure plan) {
        try {
            CourseDocuments.parse(DocumentAssembler.assemble(course, plan, brief.language()));
        } catch (ApiException e) {
            throw new ProviderException(
                    "the course does not pass the document rules: " + e.details(), true, -1, INVALID_OUTPUT);
        }
        return course;
    }

    String system(Brief brief, Optional<WritingVoice> voice) {
        return "You write short e-learning courses. Answer only with a JSON object of the shape the user describes. "
                + "Write every text in the language tagged " + brief.language() + ". Write for this audience: "
                + brief.audience() + ". Their familiarity with the topic: " + brief.familiarity() + "; pitch the depth "
                + "to it. Tone: " + brief.tone() + ". Plain text only: no HTML, no Markdown, no emoji. Keep paragraphs "
                + "short (at most 80 words), titles at most 8 words, key points one line each. Quiz questions check what "
                + "the screens teach; each has 3 or 4 answers, at least one of them correct, and feedback that explains "
                + "the correct answer." + voice.map(v -> " " + v.instructions()).orElse("");
    }

    /** The brief and the exact structure asked for. */
    ObjectNode user(Brief brief, CourseStructure plan) {
        ObjectNode user = mapper.createObjectNode();
        user.put(
                "task",
                "Write the course described by prompt. screens lists, in order, the screens to write: for a "
                        + "text screen give a title, 1 to 3 paragraphs and 2 to 4 keyPoints (cards empty); for a flipcards screen "
                        + "a title, one short paragraph introducing the cards and 3 to 6 cards (front: a term or question, back: "
                        + "its explanation), keyPoints empty. Give exactly as many screens as listed, and exactly "
                        + plan.questions()
                        + " quiz questions. minutes is how long a learner needs for the whole course.");
        user.put("prompt", brief.prompt())
                .put("audience", brief.audience())
                .put("familiarity", brief.familiarity())
                .put("tone", brief.tone())
                .put("language", brief.language());
        ArrayNode screens = user.putArray("screens");
        for (CourseStructure.Kind kind : plan.content()) {
            screens.addObject().put("kind", kind == CourseStructure.Kind.FLIPCARDS ? "flipcards" : "text");
        }
        user.put("questions", plan.questions());
        user.set("answerShape", exampleShape());
        return user;
    }

    private ObjectNode exampleShape() {
        ObjectNode shape = mapper.createObjectNode();
        shape.put("title", "string")
                .put("description", "string: one or two sentences")
                .put("introduction", "string")
                .put("minutes", "integer");
        shape.putArray("screens")
                .addObject()
                .put("title", "string")
                .<ObjectNode>set("paragraphs", mapper.createArrayNode().add("string"))
                .<ObjectNode>set("keyPoints", mapper.createArrayNode().add("string"))
                .putArray("cards")
                .addObject()
                .put("front", "string")
                .put("back", "string");
        ObjectNode quiz = shape.putObject("quiz").put("title", "string").put("introduction", "string");
        ObjectNode question = quiz.putArray("questions").addObject().put("question", "string");
        question.putArray("answers").addObject().put("text", "string").put("correct", "boolean");
        question.put("feedback", "string");
        return shape;
    }

    /** {@code json_schema} with the course's strict schema, or {@code json_object}. */
    JsonNode responseFormat() {
        ObjectNode format = mapper.createObjectNode();
        if (!"json_schema".equals(config.provider().responseFormat())) {
            return format.put("type", "json_object");
        }
        format.put("type", "json_schema");
        format.putObject("json_schema")
                .put("name", "course")
                .put("strict", true)
                .set("schema", schema());
        return format;
    }

    private ObjectNode schema() {
        ObjectNode card = object("front", string(), "back", string());
        ObjectNode screen = object(
                "title", string(), "paragraphs", array(string()), "keyPoints", array(string()), "cards", array(card));
        ObjectNode answer =
                object("text", string(), "correct", mapper.createObjectNode().put("type", "boolean"));
        ObjectNode question = object("question", string(), "answers", array(answer), "feedback", string());
        ObjectNode quiz = object("title", string(), "introduction", string(), "questions", array(question));
        return object(
                "title",
                string(),
                "description",
                string(),
                "introduction",
                string(),
                "minutes",
                mapper.createObjectNode().put("type", "integer"),
                "screens",
                array(screen),
                "quiz",
                quiz);
    }

    private ObjectNode string() {
        return mapper.createObjectNode().put("type", "string");
    }

    private ObjectNode array(ObjectNode items) {
        ObjectNode array = mapper.createObjectNode().put("type", "array");
        array.set("items", items);
        return array;
    }

    /** A strict object schema: every property required, nothing else allowed. */
    private ObjectNode object(Object... nameThenSchema) {
        ObjectNode object = mapper.createObjectNode().put("type", "object");
        ObjectNode properties = object.putObject("properties");
        ArrayNode required = object.putArray("required");
        for (int i = 0; i < nameThenSchema.length; i += 2) {
            properties.set((String) nameThenSchema[i], (JsonNode) nameThenSchema[i + 1]);
            required.add((String) nameThenSchema[i]);
        }
        object.put("additionalProperties", false);
        return object;
    }
}

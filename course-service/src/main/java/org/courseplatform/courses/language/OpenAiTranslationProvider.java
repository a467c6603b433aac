package org.courseplatform.courses.language;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Translation through an OpenAI-compatible chat-completions provider. A batch goes as a JSON
 * object of id to text and must come back as a JSON object with a string for every id asked for;
 * any other answer is retried, and when the retries are spent the job fails without writing.
 */
@ApplicationScoped
public class OpenAiTranslationProvider implements TranslationProvider {

    private final OpenAiCompatibleClient client;
    private final ObjectMapper mapper;

    public OpenAiTranslationProvider(OpenAiCompatibleClient client, ObjectMapper mapper) {
        this.client = client;
        this.mapper = mapper;
    }

    @Override
    public String name() {
        return "openai-compatible";
    }

    @Override
    public Map<String, String> translate(
            String source, String target, Map<String, String> strings, Optional<WritingVoice> voice) {
        ObjectNode request = mapper.createObjectNode();
        strings.forEach(request::put);
        String system = "You translate the text of an e-learning course from the language tagged " + source
                + " into the language tagged " + target + ". You receive a JSON object whose keys are ids and whose "
                + "values are texts. Answer only a JSON object with exactly the same keys, each value the translation "
                + "of that key's text as a string. Keep HTML tags, attributes and entities exactly as they are and "
                + "translate only the text between them. Keep names, numbers and placeholders. Do not add, drop or "
                + "rename keys." + voice.map(v -> " " + v.instructions()).orElse("");
        return client.chatJson(system, request.toString(), answer -> validate(answer, strings));
    }

    /** Every id asked for with a non-blank string; other keys are ignored. */
    static Map<String, String> validate(JsonNode answer, Map<String, String> asked) {
        Map<String, String> translated = new LinkedHashMap<>();
        for (String id : asked.keySet()) {
            JsonNode value = answer.get(id);
            if (value == null || !value.isTextual()) {
                throw new ProviderException("the answer has no string for id " + id, true, -1);
            }
            if (value.asText().isBlank()) {
                throw new ProviderException("the answer's text for id " + id + " is blank", true, -1);
            }
            translated.put(id, value.asText());
        }
        return translated;
    }
}

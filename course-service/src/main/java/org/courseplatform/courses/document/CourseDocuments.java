package org.courseplatform.courses.document;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;

/**
 * Checks a course document (Classic or Builder 2, as API.md shows them) before it is stored.
 *
 * <p>Every way a document enters the service (import, the builder's save, generation) goes
 * through {@link #parse}, so the rest of the service (content extraction, migration, the player)
 * can rely on the structure without checking it again. All problems are collected and answered
 * at once (at most {@value #MAX_PROBLEMS}), each with a JSON path rooted at {@code document}, so a
 * client can fix a document in one round trip.
 *
 * <p>Rules beyond the element catalogue ({@link ElementType}):
 * <ul>
 *   <li>Required: {@code format}, {@code title}, {@code screens}/{@code slides} (at least one), and
 *       on each screen {@code id} and {@code type}, on each element {@code id} and {@code type}; on
 *       each Classic slide an integer {@code id} &gt; 0 and a {@code kind}.</li>
 *   <li>Unique: screen ids and element ids in the course, answer ids in a question; Classic slide
 *       ids, question ids in the course, card ids in a slide, choice ids in a question.</li>
 *   <li>A Builder 2 screen's {@code typeId}, when given, matches its {@code type}; when missing it
 *       is filled in the normalised copy.</li>
 *   <li>A Classic slide's {@code kind} may be one nobody knows: the slide is stored and migration
 *       blocks it later, because an import must not lose a legacy course.</li>
 *   <li>{@code theme} (Builder 2 only, optional) is an object whose {@code colorPrimary}, when
 *       given, is a {@code #rrggbb} colour and whose {@code themeId}, when given, a positive integer.</li>
 *   <li>{@code translations} (Builder 2 only) is keyed by locale tag and refers only to existing
 *       screens, elements and answers.</li>
 *   <li>Limits: {@value #MAX_SCREENS} screens or slides, {@value #MAX_ELEMENTS_PER_SCREEN} elements
 *       (cards, questions) per screen, {@value #MAX_ANSWERS_PER_QUESTION} answers (choices) per
 *       question, {@value #MAX_STRING_LENGTH} characters per string.</li>
 * </ul>
 */
public final class CourseDocuments {

    public static final String CLASSIC = "classic";
    public static final String BUILDER2 = "builder2";
    /** The base locale of a document that names none. */
    public static final String DEFAULT_LOCALE = "en";
    /** A locale tag as documents write it: {@code en}, {@code fr}, {@code pt-BR}, {@code zh-Hant-TW}. */
    private static final Pattern LOCALE_TAG = Pattern.compile("[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*");
    /** Longer than any tag in use; also keeps the repeated group's recursion in the regex engine shallow. */
    private static final int MAX_LOCALE_TAG = 35;
    /** The Classic slide kinds migration knows; others are stored anyway. */
    public static final Set<String> CLASSIC_KINDS =
            Set.of("content", "flashcards", "quiz", "video", "flash", "embed_html");

    public static final int MAX_SCREENS = 1000;
    public static final int MAX_ELEMENTS_PER_SCREEN = 200;
    public static final int MAX_ANSWERS_PER_QUESTION = 100;
    public static final int MAX_STRING_LENGTH = 100_000;
    public static final int MAX_PROBLEMS = 100;

    private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z0-9_-]+");
    private static final String ONE_SCREEN = "document.screens[0]";

    private CourseDocuments() {}

    /**
     * Checks a document and answers its facts and a normalised copy.
     *
     * @throws ApiException 400 listing every problem found (at most {@value #MAX_PROBLEMS})
     */
    public static ParsedDocument parse(JsonNode document) {
        if (document == null || document.isMissingNode() || document.isNull()) {
            throw ApiException.invalid("document", "is required");
        }
        if (!document.isObject()) {
            throw ApiException.invalid("document", "must be a JSON object");
        }
        return new DocumentValidation(((ObjectNode) document).deepCopy()).run();
    }

    /**
     * Checks one Builder 2 screen on its own (a library screen's document) by the screen rules of
     * a course document, and answers its normalised copy. Problems are named from the screen
     * itself: {@code document.elements[0].answers}, not {@code document.screens[0]…}.
     *
     * @throws ApiException 400 listing every problem found
     */
    public static ObjectNode parseScreen(JsonNode screen) {
        if (screen == null || screen.isMissingNode() || screen.isNull()) {
            throw ApiException.invalid("document", "is required");
        }
        if (!screen.isObject()) {
            throw ApiException.invalid("document", "must be a JSON object: one Builder 2 screen");
        }
        ObjectNode wrapper =
                JsonNodeFactory.instance.objectNode().put("format", BUILDER2).put("title", "screen");
        wrapper.putArray("screens").add(screen.deepCopy());
        try {
            return (ObjectNode) new DocumentValidation(wrapper)
                    .run()
                    .document()
                    .get("screens")
                    .get(0);
        } catch (ApiException e) {
            List<ApiError.Detail> details = new ArrayList<>();
            for (ApiError.Detail detail : e.details()) {
                String field = detail.field();
                details.add(new ApiError.Detail(
                        field.startsWith(ONE_SCREEN) ? "document" + field.substring(ONE_SCREEN.length()) : field,
                        detail.message()));
            }
            throw details.isEmpty() ? e : ApiException.invalid(details);
        }
    }

    /** Whether {@code value} is an absolute http or https URL with a host. */
    public static boolean isHttpUrl(String value) {
        if (value == null || value.isBlank()) {
            return false;
        }
        try {
            URI uri = new URI(value.trim());
            String scheme = uri.getScheme();
            return scheme != null
                    && (scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
                    && uri.getHost() != null
                    && !uri.getHost().isEmpty();
        } catch (URISyntaxException e) {
            return false;
        }
    }

    static boolean present(JsonNode value) {
        return value != null && !value.isNull() && !value.isMissingNode();
    }

    /**
     * True for a locale tag like {@code en}, {@code fr} or {@code pt-BR}. The length is checked
     * first: the engine recurses once per repeated subtag, and a client's 3 MB "tag" overflowed
     * the stack.
     */
    public static boolean isLocaleTag(String value) {
        return value != null
                && value.length() <= MAX_LOCALE_TAG
                && LOCALE_TAG.matcher(value).matches();
    }

    /** A path step for an object key: {@code .title}, or {@code ["a.b"]} when the key is not plain. */
    static String key(String key) {
        if (PLAIN_KEY.matcher(key).matches()) {
            return "." + key;
        }
        return "[\"" + key.replace("\\", "\\\\").replace("\"", "\\\"") + "\"]";
    }

    /** A value quoted for a message, cut short so a huge value cannot bloat the answer. */
    static String quote(String value) {
        String shown = value.length() > 60 ? value.substring(0, 60) + "…" : value;
        return "\"" + shown + "\"";
    }
}

package org.courseplatform.courses.document;

import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The normalised text of a course in every locale plus its media, the answer of GET
 * …/course/content/{id}. Consumers (search, translation, AI tools) get plain text in a fixed
 * shape whatever the document format, and process the assets themselves.
 *
 * <p>All text is {@link PlainText#normalise normalised}; a field is null when the document has no
 * text there (absent or blank).
 *
 * @param id           the course id
 * @param title        the course title
 * @param locales      the base locale first, then each translation locale in document order
 * @param screens      the screens (Classic: slides) in document order
 * @param translations per translation locale, the translated texts aligned with {@code screens}
 * @param assets       every media URL once, in order of first use
 */
public record CourseContent(
        long id,
        String title,
        List<String> locales,
        List<ScreenContent> screens,
        Map<String, TranslationContent> translations,
        List<Asset> assets) {

    /**
     * One screen. {@code asset} is the URL of the screen's media (its metadata is in
     * {@link CourseContent#assets}).
     */
    public record ScreenContent(
            @Schema(nullable = true) String title,
            @Schema(nullable = true) String description,
            @Schema(nullable = true) String asset,
            @Schema(nullable = true) String assetAltText,
            List<ElementContent> elements) {}

    /**
     * One element, every element of the screen in order (so indexes line up with the document).
     * {@code answers} is null except on questions.
     */
    public record ElementContent(
            @Schema(nullable = true) String question,
            @Schema(nullable = true) String title,
            @Schema(nullable = true) String description,
            @Schema(nullable = true) String cardBack,
            @Schema(nullable = true) List<Answer> answers) {}

    /**
     * One answer of a question as {@code {id, text, correct}}: the id lets a consumer match
     * translated answers and the flag lets it build a quiz. In a translation {@code text} is the
     * translated text or null, while {@code id} and {@code correct} repeat the base ones.
     */
    public record Answer(String id, String text, boolean correct) {}

    /**
     * One translation locale, shaped like the base content. Only translated text appears:
     * a field the translation does not give is null (no fall-back to the base text), so a consumer
     * can tell what still needs translating. {@code asset} is always null (media are not translated);
     * lists are aligned index for index with the base.
     */
    public record TranslationContent(String title, List<ScreenContent> screens) {}

    /**
     * One media file.
     *
     * @param url     as written in the document, trimmed
     * @param mime    from the document when it gives one, else guessed from the extension, else null
     * @param altText the first alternative text given for it, else null
     * @param usedBy  ids of the screens (Classic: slide ids) that use it, in order, each once
     */
    public record Asset(String url, String mime, String altText, List<String> usedBy) {}
}

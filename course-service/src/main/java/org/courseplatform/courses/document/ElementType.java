package org.courseplatform.courses.document;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The catalogue of Builder 2 element (block) types and the fields each one knows.
 *
 * <p>Elements are flat on purpose: every text a learner reads sits in one of the fields the
 * content extraction keeps ({@code question, title, description, cardBack, answers}), so no text
 * is lost when a course is reduced to its content. Widgets made of several parts (an accordion,
 * a set of tabs, a timeline) are therefore runs of consecutive elements of the same type, one
 * per panel, tab or event; the builder and player group adjacent ones.
 *
 * <p>Every element has {@code id} (string, unique in the course), {@code type} and optionally
 * {@code layout} ({@code {x, y, w, h}} on a 12-column grid). Known fields are type-checked; other
 * fields are kept as they are, so newer builders can add fields without a server change.
 *
 * <table>
 *   <caption>Element types</caption>
 *   <tr><th>type</th><th>fields</th></tr>
 *   <tr><td>heading</td><td>title, level (1-6)</td></tr>
 *   <tr><td>text</td><td>title, description (HTML)</td></tr>
 *   <tr><td>image</td><td>asset, altText, title (caption), description</td></tr>
 *   <tr><td>video</td><td>asset, title, description, transcript, autoplay</td></tr>
 *   <tr><td>audio</td><td>asset, title, description, transcript</td></tr>
 *   <tr><td>flipcard</td><td>title (front), cardBack (back), asset (front picture)</td></tr>
 *   <tr><td>accordion</td><td>one panel: title (header), description (body), expanded</td></tr>
 *   <tr><td>tabs</td><td>one tab: title (label), description (body)</td></tr>
 *   <tr><td>quote</td><td>description (the quote), title (who said it)</td></tr>
 *   <tr><td>list</td><td>title, description (HTML {@code <ul>}/{@code <ol>}), ordered</td></tr>
 *   <tr><td>callout</td><td>title, description, tone ({@code info}, {@code tip}, {@code warning})</td></tr>
 *   <tr><td>timeline</td><td>one event: title (date or label), description</td></tr>
 *   <tr><td>button</td><td>title (label), url (http(s)), newWindow</td></tr>
 *   <tr><td>divider</td><td>none</td></tr>
 *   <tr><td>embed</td><td>url (http(s), shown in an iframe), title, height</td></tr>
 *   <tr><td>timeEstimate</td><td>minutes (required, integer &gt;= 0), title</td></tr>
 *   <tr><td>question</td><td>question, title, description, answers (required: {@code [{id, text, correct}]},
 *       1-100, at least one correct, ids unique in the question), multiple, feedback</td></tr>
 *   <tr><td>quizResults</td><td>the learner's score for the quiz group: title, description, passPercent (0-100)</td></tr>
 * </table>
 *
 * <p>An {@code asset} is {@code {url, mime?, altText?}} with an http(s) {@code url}.
 */
public enum ElementType {
    HEADING("heading", text("title"), f("level", Kind.HEADING_LEVEL)),
    TEXT("text", text("title"), text("description")),
    IMAGE("image", f("asset", Kind.ASSET), text("altText"), text("title"), text("description")),
    VIDEO(
            "video",
            f("asset", Kind.ASSET),
            text("title"),
            text("description"),
            text("transcript"),
            f("autoplay", Kind.BOOLEAN)),
    AUDIO("audio", f("asset", Kind.ASSET), text("title"), text("description"), text("transcript")),
    FLIPCARD("flipcard", text("title"), text("cardBack"), f("asset", Kind.ASSET)),
    ACCORDION("accordion", text("title"), text("description"), f("expanded", Kind.BOOLEAN)),
    TABS("tabs", text("title"), text("description")),
    QUOTE("quote", text("description"), text("title")),
    LIST("list", text("title"), text("description"), f("ordered", Kind.BOOLEAN)),
    CALLOUT("callout", text("title"), text("description"), f("tone", Kind.TONE)),
    TIMELINE("timeline", text("title"), text("description")),
    BUTTON("button", text("title"), f("url", Kind.LINK), f("newWindow", Kind.BOOLEAN)),
    DIVIDER("divider"),
    EMBED("embed", f("url", Kind.LINK), text("title"), f("height", Kind.NON_NEGATIVE_INTEGER)),
    TIME_ESTIMATE("timeEstimate", required("minutes", Kind.NON_NEGATIVE_INTEGER), text("title")),
    QUESTION(
            "question",
            text("question"),
            text("title"),
            text("description"),
            required("answers", Kind.ANSWERS),
            f("multiple", Kind.BOOLEAN),
            text("feedback")),
    QUIZ_RESULTS("quizResults", text("title"), text("description"), f("passPercent", Kind.PERCENT));

    /** How a known field is checked. */
    public enum Kind {
        /** A string (or null). */
        TEXT,
        /** true or false (or null). */
        BOOLEAN,
        /** An integer 0 or more. */
        NON_NEGATIVE_INTEGER,
        /** An integer 1 to 6. */
        HEADING_LEVEL,
        /** An integer 0 to 100. */
        PERCENT,
        /** {@code info}, {@code tip} or {@code warning}. */
        TONE,
        /** An absolute http(s) URL. */
        LINK,
        /** {@code {url, mime?, altText?}} with an http(s) url. */
        ASSET,
        /** The answers of a question. */
        ANSWERS
    }

    /** A known field of an element type. */
    public record Field(String name, Kind kind, boolean required) {}

    private final String typeName;
    private final List<Field> fields;

    ElementType(String typeName, Field... fields) {
        this.typeName = typeName;
        this.fields = List.of(fields);
    }

    /** The name used in documents ({@code "timeEstimate"}). */
    public String typeName() {
        return typeName;
    }

    public List<Field> fields() {
        return fields;
    }

    public static Optional<ElementType> byName(String name) {
        for (ElementType t : values()) {
            if (t.typeName.equals(name)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    /** All type names, comma separated, for error messages. */
    static String names() {
        return Arrays.stream(values()).map(ElementType::typeName).collect(Collectors.joining(", "));
    }

    private static Field text(String name) {
        return new Field(name, Kind.TEXT, false);
    }

    private static Field f(String name, Kind kind) {
        return new Field(name, kind, false);
    }

    private static Field required(String name, Kind kind) {
        return new Field(name, kind, true);
    }
}

package org.courseplatform.courses.document;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.IntUnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the HTML a builder stores into plain text, so consumers of course content (search,
 * translation, AI tools) never have to parse markup.
 *
 * <p>Tags are removed by a single left-to-right scan, not by regular expressions: a pattern such
 * as {@code <script[^>]*>.*?</script>} rescans the rest of the text from every opening that never
 * closes, which is quadratic, and a client controls the text. Every search below remembers
 * where it last found (or did not find) its target, so each character is looked at a bounded
 * number of times. The remaining patterns match bounded runs and are linear.
 */
public final class PlainText {

    private static final Pattern ENTITY =
            Pattern.compile("&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});");
    private static final Pattern WHITESPACE = Pattern.compile("(?U)[\\s\\u200B\\uFEFF]+");
    /** Tags that separate words when rendered; removing them must leave a space. */
    private static final Set<String> BLOCK_TAGS = Set.of(
            "address",
            "article",
            "aside",
            "blockquote",
            "br",
            "dd",
            "div",
            "dl",
            "dt",
            "figcaption",
            "figure",
            "footer",
            "h1",
            "h2",
            "h3",
            "h4",
            "h5",
            "h6",
            "header",
            "hr",
            "li",
            "main",
            "nav",
            "ol",
            "p",
            "pre",
            "section",
            "table",
            "tbody",
            "td",
            "tfoot",
            "th",
            "thead",
            "tr",
            "ul",
            "img",
            "iframe",
            "video",
            "audio",
            "source",
            "option",
            "select",
            "textarea",
            "button",
            "label");

    private static final Map<String, String> NAMED = Map.ofEntries(
            Map.entry("amp", "&"),
            Map.entry("lt", "<"),
            Map.entry("gt", ">"),
            Map.entry("quot", "\""),
            Map.entry("apos", "'"),
            Map.entry("nbsp", " "),
            Map.entry("ndash", "\u2013"),
            Map.entry("mdash", "\u2014"),
            Map.entry("hellip", "\u2026"),
            Map.entry("lsquo", "\u2018"),
            Map.entry("rsquo", "\u2019"),
            Map.entry("ldquo", "\u201C"),
            Map.entry("rdquo", "\u201D"),
            Map.entry("copy", "\u00A9"),
            Map.entry("reg", "\u00AE"),
            Map.entry("trade", "\u2122"),
            Map.entry("euro", "\u20AC"),
            Map.entry("bull", "\u2022"),
            Map.entry("middot", "\u00B7"),
            Map.entry("times", "\u00D7"),
            Map.entry("deg", "\u00B0"));

    private PlainText() {}

    /**
     * Strips tags (block-level ones leave a space, so {@code <li>a</li><li>b</li>} reads "a b"),
     * drops scripts, styles and comments, decodes entities (named ones above, decimal and hex),
     * collapses whitespace and trims. Answers null for null or for text that ends up empty.
     */
    public static String normalise(String html) {
        if (html == null) {
            return null;
        }
        String text = html.indexOf('<') >= 0 ? new TagScanner(html).strip() : html;
        if (text.indexOf('&') >= 0) {
            text = decodeEntities(text);
        }
        text = WHITESPACE.matcher(text).replaceAll(" ").trim();
        return text.isEmpty() ? null : text;
    }

    /**
     * Removes comments, tags and script and style elements. A {@code <} that starts no complete
     * tag (no {@code >} after it, or not followed by a letter, {@code /}, {@code !} or {@code ?})
     * is text, as in "a < b"; a script or style element without its end tag loses only its
     * start tag.
     */
    private static final class TagScanner {
        private final String text;
        private final StringBuilder out;
        private final Forward nextGt;
        private final Forward commentEnd;
        private final Forward scriptEnd;
        private final Forward styleEnd;

        TagScanner(String text) {
            this.text = text;
            this.out = new StringBuilder(text.length());
            this.nextGt = new Forward(from -> indexOrNone(text.indexOf('>', from)));
            this.commentEnd = new Forward(from -> indexOrNone(text.indexOf("-->", from)));
            this.scriptEnd = new Forward(from -> endTag(text, "script", from));
            this.styleEnd = new Forward(from -> endTag(text, "style", from));
        }

        String strip() {
            int i = 0;
            int n = text.length();
            while (i < n) {
                int lt = text.indexOf('<', i);
                if (lt < 0) {
                    out.append(text, i, n);
                    break;
                }
                out.append(text, i, lt);
                i = tag(lt);
            }
            return out.toString();
        }

        /** Handles the {@code <} at {@code lt}; answers where scanning goes on. */
        private int tag(int lt) {
            int n = text.length();
            if (text.startsWith("<!--", lt)) {
                int end = commentEnd.find(lt + 4);
                if (end >= 0) {
                    return end + 3;
                }
            }
            char next = lt + 1 < n ? text.charAt(lt + 1) : 0;
            boolean closing = next == '/';
            int nameStart = closing ? lt + 2 : lt + 1;
            int nameEnd = nameStart;
            if (nameStart < n && isAsciiLetter(text.charAt(nameStart))) {
                nameEnd++;
                while (nameEnd < n && isAsciiLetterOrDigit(text.charAt(nameEnd))) {
                    nameEnd++;
                }
                boolean boundary = nameEnd == n || text.charAt(nameEnd) != '_';
                int gt = boundary ? nextGt.find(nameEnd) : -1;
                if (gt >= 0) {
                    String name = text.substring(nameStart, nameEnd).toLowerCase(Locale.ROOT);
                    if (!closing && (name.equals("script") || name.equals("style"))) {
                        int end = (name.equals("script") ? scriptEnd : styleEnd).find(gt + 1);
                        if (end >= 0) {
                            out.append(' ');
                            return end;
                        }
                    }
                    out.append(BLOCK_TAGS.contains(name) ? " " : "");
                    return gt + 1;
                }
            }
            if (next == '!' || next == '?' || next == '/') {
                int gt = nextGt.find(lt + 2);
                if (gt >= 0) {
                    return gt + 1;
                }
            }
            out.append('<');
            return lt + 1;
        }

        private static int indexOrNone(int index) {
            return index < 0 ? Integer.MAX_VALUE : index;
        }

        /** The index just past the first {@code </name\s*>} (any case) at or after from. */
        private static int endTag(String text, String name, int from) {
            int n = text.length();
            for (int i = text.indexOf("</", from); i >= 0; i = text.indexOf("</", i + 2)) {
                int at = i + 2;
                if (!text.regionMatches(true, at, name, 0, name.length())) {
                    continue;
                }
                at += name.length();
                while (at < n && isSpace(text.charAt(at))) {
                    at++;
                }
                if (at < n && text.charAt(at) == '>') {
                    return at + 1;
                }
            }
            return Integer.MAX_VALUE;
        }
    }

    /**
     * A search whose queries only move forward: it keeps the last answer and searches again only
     * when a query starts past it, so all queries together cost one pass over the text. Answers
     * -1 once the target is known not to occur any more.
     */
    private static final class Forward {
        private final IntUnaryOperator search;
        private int from = -1;
        private int found = -1;

        Forward(IntUnaryOperator search) {
            this.search = search;
        }

        int find(int at) {
            if (found == Integer.MAX_VALUE) {
                return -1;
            }
            if (from < 0 || at > found || at < from) {
                from = at;
                found = search.applyAsInt(at);
                if (found == Integer.MAX_VALUE) {
                    return -1;
                }
            }
            return found;
        }
    }

    private static boolean isAsciiLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    private static boolean isAsciiLetterOrDigit(char c) {
        return isAsciiLetter(c) || c >= '0' && c <= '9';
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B;
    }

    private static String decodeEntities(String text) {
        Matcher m = ENTITY.matcher(text);
        StringBuilder sb = new StringBuilder(text.length());
        while (m.find()) {
            String body = m.group(1);
            String decoded;
            if (body.charAt(0) == '#') {
                int codePoint;
                try {
                    codePoint = body.charAt(1) == 'x' || body.charAt(1) == 'X'
                            ? Integer.parseInt(body.substring(2), 16)
                            : Integer.parseInt(body.substring(1));
                } catch (NumberFormatException e) {
                    codePoint = -1;
                }
                decoded = Character.isValidCodePoint(codePoint)
                                && codePoint != 0
                                && (codePoint < 0xD800 || codePoint > 0xDFFF)
                        ? new String(Character.toChars(codePoint))
                        : "\uFFFD";
            } else {
                decoded = NAMED.get(body);
                if (decoded == null) {
                    decoded = m.group();
                }
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(decoded));
        }
        m.appendTail(sb);
        return sb.toString();
    }
}

package org.courseplatform.courses.document;

import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the HTML a builder stores into plain text, so consumers of course content (search,
 * translation, AI tools) never have to parse markup.
 */
public final class PlainText {

    private static final Pattern SCRIPT_OR_STYLE = Pattern.compile("(?is)<(script|style)\\b[^>]*>.*?</\\1\\s*>");
    /** A comment or a tag; a lone {@code <} in text ("a < b") is not one. */
    private static final Pattern TAG = Pattern.compile("(?s)<!--.*?-->|<(/?)([a-zA-Z][a-zA-Z0-9]*)\\b[^>]*>|<[!?/][^>]*>");
    private static final Pattern ENTITY = Pattern.compile("&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});");
    private static final Pattern WHITESPACE = Pattern.compile("(?U)[\\s\\u200B\\uFEFF]+");
    /** Tags that separate words when rendered; removing them must leave a space. */
    private static final Set<String> BLOCK_TAGS = Set.of("address", "article", "aside", "blockquote", "br", "dd",
            "div", "dl", "dt", "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr",
            "li", "main", "nav", "ol", "p", "pre", "section", "table", "tbody", "td", "tfoot", "th", "thead", "tr",
            "ul", "img", "iframe", "video", "audio", "source", "option", "select", "textarea", "button", "label");
    private static final Map<String, String> NAMED = Map.ofEntries(
            Map.entry("amp", "&"), Map.entry("lt", "<"), Map.entry("gt", ">"), Map.entry("quot", "\""),
            Map.entry("apos", "'"), Map.entry("nbsp", " "), Map.entry("ndash", "\u2013"), Map.entry("mdash", "\u2014"),
            Map.entry("hellip", "\u2026"), Map.entry("lsquo", "\u2018"), Map.entry("rsquo", "\u2019"),
            Map.entry("ldquo", "\u201C"), Map.entry("rdquo", "\u201D"), Map.entry("copy", "\u00A9"),
            Map.entry("reg", "\u00AE"), Map.entry("trade", "\u2122"), Map.entry("euro", "\u20AC"),
            Map.entry("bull", "\u2022"), Map.entry("middot", "\u00B7"), Map.entry("times", "\u00D7"),
            Map.entry("deg", "\u00B0"));

    private PlainText() {
    }

    /**
     * Strips tags (block-level ones leave a space, so {@code <li>a</li><li>b</li>} reads "a b"),
     * drops scripts, styles and comments, decodes entities (named ones above, decimal and hex),
     * collapses whitespace and trims. Answers null for null or for text that ends up empty.
     */
    public static String normalise(String html) {
        if (html == null) {
            return null;
        }
        String text = html;
        if (text.indexOf('<') >= 0) {
            text = SCRIPT_OR_STYLE.matcher(text).replaceAll(" ");
            Matcher tags = TAG.matcher(text);
            StringBuilder sb = new StringBuilder(text.length());
            while (tags.find()) {
                String name = tags.group(2);
                String replacement = name != null && BLOCK_TAGS.contains(name.toLowerCase()) ? " " : "";
                tags.appendReplacement(sb, replacement);
            }
            tags.appendTail(sb);
            text = sb.toString();
        }
        if (text.indexOf('&') >= 0) {
            text = decodeEntities(text);
        }
        text = WHITESPACE.matcher(text).replaceAll(" ").trim();
        return text.isEmpty() ? null : text;
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
                decoded = Character.isValidCodePoint(codePoint) && codePoint != 0
                        && (codePoint < 0xD800 || codePoint > 0xDFFF)
                        ? new String(Character.toChars(codePoint)) : "\uFFFD";
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

package org.courseplatform.courses.generation;

import java.util.List;

/** HTML for a document's rich-text fields, made from plain text: everything is escaped. */
final class Html {

    private Html() {}

    /** One {@code <p>} per paragraph; a blank line separates paragraphs inside one text. */
    static String paragraphs(String text) {
        return paragraphs(List.of(text.split("\\n\\s*\\n")));
    }

    static String paragraphs(List<String> paragraphs) {
        StringBuilder html = new StringBuilder();
        for (String paragraph : paragraphs) {
            if (!paragraph.isBlank()) {
                html.append("<p>")
                        .append(escape(paragraph.strip()).replace("\n", "<br>"))
                        .append("</p>");
            }
        }
        return html.toString();
    }

    static String list(List<String> items, boolean ordered) {
        String tag = ordered ? "ol" : "ul";
        StringBuilder html = new StringBuilder("<").append(tag).append('>');
        for (String item : items) {
            html.append("<li>").append(escape(item.strip())).append("</li>");
        }
        return html.append("</").append(tag).append('>').toString();
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}

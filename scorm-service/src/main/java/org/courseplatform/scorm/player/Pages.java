package org.courseplatform.scorm.player;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;

/** The HTML of the player and of the read-only overview. Every value is escaped. */
final class Pages {

    private Pages() {}

    static String player(ObjectMapper mapper, PlayerSession session) {
        ObjectNode config = mapper.createObjectNode();
        config.put("version", session.version());
        config.set("scos", session.launch().path("scos"));
        config.put("start", session.lastSco());
        config.put("courseId", session.courseId());
        // The only target of the player's postMessage events; null: it posts none.
        config.put("parentOrigin", session.parentOrigin());
        JsonNode scos = session.launch().path("scos");
        StringBuilder nav = new StringBuilder();
        if (scos.size() > 1) {
            nav.append("<nav aria-label=\"Lessons\"><ol id=\"scos\">");
            for (JsonNode sco : scos) {
                nav.append("<li><button type=\"button\" data-sco=\"")
                        .append(escape(sco.path("identifier").asText()))
                        .append("\">")
                        .append(escape(sco.path("title").asText()))
                        .append("</button></li>");
            }
            nav.append("</ol><div class=\"steps\"><button type=\"button\" id=\"previous\">Previous</button>"
                    + "<button type=\"button\" id=\"next\">Next</button></div></nav>");
        }
        // Styles and scripts are files of the content origin (its CSP allows nothing inline); the
        // JSON block is data, never run.
        return """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <meta name="referrer" content="no-referrer">
                <title>%s</title>
                <link rel="stylesheet" href="../../assets/player.css">
                <script src="../../assets/scorm-again.min.js"></script>
                <script id="player-config" type="application/json">%s</script>
                <script src="../../assets/player.js" defer></script>
                </head><body class="player">%s<p id="announce" class="visually-hidden" role="status"></p>
                <iframe id="sco-frame" title="%s" allow="fullscreen; autoplay"></iframe></body></html>
                """.formatted(escape(session.title()), inlineJson(config.toString()), nav, escape(session.title()));
    }

    /**
     * The page an embed URL opens ({@code /scorm/launch#token=…}): launch.js takes the token from
     * the fragment, which no server ever receives, posts it once and goes on to the session's page.
     */
    static String launch() {
        return """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <meta name="referrer" content="no-referrer">
                <title>Opening the lesson</title>
                <link rel="stylesheet" href="assets/player.css">
                <script src="assets/launch.js" defer></script>
                </head><body class="launch"><main>
                <p id="launch-status" role="status">Opening the lesson…</p>
                <p id="launch-problem" role="alert" hidden></p>
                <button type="button" id="launch-retry" hidden>Try again</button>
                <noscript><p>The lesson player needs JavaScript.</p></noscript>
                </main></body></html>
                """;
    }

    static String overview(PlayerSession session) {
        StringBuilder scos = new StringBuilder();
        for (JsonNode sco : session.launch().path("scos")) {
            scos.append("<tr><td>")
                    .append(escape(sco.path("identifier").asText()))
                    .append("</td><td>")
                    .append(escape(sco.path("title").asText()))
                    .append("</td><td><code>")
                    .append(escape(sco.path("href").asText()))
                    .append("</code></td></tr>");
        }
        String details = "<dl><dt>Status</dt><dd id=\"status\">" + escape(session.status()) + "</dd>"
                + "<dt>SCORM version</dt><dd id=\"version\">"
                + escape(session.version() == null ? "unknown" : session.version()) + "</dd>"
                + "<dt>Package</dt><dd>" + escape(session.name()) + ", " + size(session.sizeBytes())
                + (session.expandedBytes() == null
                        ? ""
                        : " (" + size(session.expandedBytes()) + " in " + session.fileCount() + " files)")
                + "</dd>" + (session.error() == null ? "" : "<dt>Error</dt><dd>" + escape(session.error()) + "</dd>")
                + "</dl>";
        return """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <meta name="referrer" content="no-referrer">
                <title>%s</title>
                <link rel="stylesheet" href="../../assets/player.css"></head><body class="overview"><main>
                <h1 id="title">%s</h1>
                <p class="note">A hosted SCORM package is played as it was uploaded: it cannot be edited, translated or exported.</p>
                %s
                <h2>SCOs</h2><div class="table"><table id="scos"><thead><tr><th scope="col">Identifier</th><th scope="col">Title</th>
                <th scope="col">Launch file</th></tr></thead>
                <tbody>%s</tbody></table></div></main></body></html>
                """.formatted(escape(session.title()), escape(session.title()), details, scos);
    }

    /**
     * JSON made safe inside a {@code <script>} element. Escaping only {@code </} is not enough:
     * {@code <!--<script>} in a manifest title switches the HTML tokenizer into its escaped
     * states, and the element then no longer ends where it should. With {@code <}, {@code >}
     * and {@code &} written as JSON escapes no markup can appear at all; U+2028 and U+2029 are
     * escaped for older script parsers. The result is still the same JSON.
     */
    static String inlineJson(String json) {
        StringBuilder out = new StringBuilder(json.length() + 16);
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            switch (c) {
                case '<' -> out.append("\\u003c");
                case '>' -> out.append("\\u003e");
                case '&' -> out.append("\\u0026");
                case '\u2028' -> out.append("\\u2028");
                case '\u2029' -> out.append("\\u2029");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    static String escape(String value) {
        if (value == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(value.length());
        for (char c : value.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    private static String size(long bytes) {
        if (bytes >= 1 << 20) {
            return String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0);
        }
        if (bytes >= 1 << 10) {
            return String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
        }
        return bytes + " bytes";
    }
}

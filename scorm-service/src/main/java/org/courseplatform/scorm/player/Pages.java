package org.courseplatform.scorm.player;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;

/** The HTML of the player and of the read-only overview. Every value is escaped. */
final class Pages {

    private Pages() {
    }

    static String player(ObjectMapper mapper, PlayerSession session) {
        ObjectNode config = mapper.createObjectNode();
        config.put("version", session.version());
        config.set("scos", session.launch().path("scos"));
        config.put("start", session.lastSco());
        config.put("courseId", session.courseId());
        JsonNode scos = session.launch().path("scos");
        StringBuilder nav = new StringBuilder();
        if (scos.size() > 1) {
            nav.append("<nav aria-label=\"Lessons\"><ol id=\"scos\">");
            for (JsonNode sco : scos) {
                nav.append("<li><button type=\"button\" data-sco=\"").append(escape(sco.path("identifier").asText())).append("\">")
                        .append(escape(sco.path("title").asText())).append("</button></li>");
            }
            nav.append("</ol><div class=\"steps\"><button type=\"button\" id=\"previous\">Previous</button>"
                    + "<button type=\"button\" id=\"next\">Next</button></div></nav>");
        }
        return """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <meta name="referrer" content="no-referrer">
                <title>%s</title>
                <style>
                html,body{margin:0;height:100%%;font-family:system-ui,sans-serif}
                body{display:flex}
                nav{width:16rem;overflow:auto;border-right:1px solid #ddd;padding:.5rem;box-sizing:border-box}
                nav ol{list-style:none;margin:0;padding:0}
                nav button{display:block;width:100%%;text-align:left;margin:.1rem 0;padding:.4rem;border:0;background:none;cursor:pointer}
                nav button[aria-current=true]{background:#e8f0fe;font-weight:600}
                nav .steps{display:flex;gap:.5rem;margin-top:.5rem}
                nav .steps button{border:1px solid #ccc;text-align:center}
                iframe{flex:1;border:0;height:100%%}
                </style>
                <script src="../../assets/scorm-again.min.js"></script>
                <script id="player-config" type="application/json">%s</script>
                <script src="../../assets/player.js" defer></script>
                </head><body>%s<iframe id="sco-frame" title="%s" allow="fullscreen; autoplay"></iframe></body></html>
                """.formatted(escape(session.title()), config.toString().replace("</", "<\\/"), nav, escape(session.title()));
    }

    static String overview(PlayerSession session) {
        StringBuilder scos = new StringBuilder();
        for (JsonNode sco : session.launch().path("scos")) {
            scos.append("<tr><td>").append(escape(sco.path("identifier").asText())).append("</td><td>")
                    .append(escape(sco.path("title").asText())).append("</td><td><code>").append(escape(sco.path("href").asText()))
                    .append("</code></td></tr>");
        }
        String details = "<dl><dt>Status</dt><dd id=\"status\">" + escape(session.status()) + "</dd>"
                + "<dt>SCORM version</dt><dd id=\"version\">" + escape(session.version() == null ? "unknown" : session.version()) + "</dd>"
                + "<dt>Package</dt><dd>" + escape(session.name()) + ", " + size(session.sizeBytes())
                + (session.expandedBytes() == null ? "" : " (" + size(session.expandedBytes()) + " in " + session.fileCount() + " files)")
                + "</dd>" + (session.error() == null ? "" : "<dt>Error</dt><dd>" + escape(session.error()) + "</dd>") + "</dl>";
        return """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8"><title>%s</title>
                <style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}dt{font-weight:600}
                table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.3rem .6rem;text-align:left}
                .note{color:#555}</style></head><body>
                <h1 id="title">%s</h1>
                <p class="note">A hosted SCORM package is played as it was uploaded: it cannot be edited, translated or exported.</p>
                %s
                <h2>SCOs</h2><table id="scos"><thead><tr><th>Identifier</th><th>Title</th><th>Launch file</th></tr></thead>
                <tbody>%s</tbody></table></body></html>
                """.formatted(escape(session.title()), escape(session.title()), details, scos);
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

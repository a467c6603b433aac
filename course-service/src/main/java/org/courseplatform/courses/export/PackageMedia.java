package org.courseplatform.courses.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.logging.Log;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.courseplatform.platform.storage.ObjectStore;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The media a static package carries, so that it plays with no network (docs/scorm-export.md):
 * the workspace's library media the document uses (each file the player may load: the asset's
 * URL and its {@code w<width>} variants, under {@code media/<token>/}) and the course's narration
 * audio ({@code narration/<token>.wav}). Library files ({@code media/files/<token>/<file>} in S3) are
 * packed only for tokens of the exporting workspace's media rows, so another workspace's medium is
 * never read, and only when they exist; every other http(s) asset stays remote and is named in the
 * download's external media. Blocking (S3): call on a worker.
 */
@ApplicationScoped
class PackageMedia {

    /** A file of the package read from S3: its path in the zip and its object key. */
    record File(String path, String key) {}

    /** What the package carries: the rewritten document, the files, the external URLs, narration. */
    record Plan(JsonNode document, List<File> files, List<String> external, Map<String, String> narration) {}

    /** A narration recording of a screen. */
    record Narration(String screenId, String token, String key) {}

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    private static final Pattern FILE = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}");
    private static final Pattern HTTP = Pattern.compile("(?i)https?://.+");
    private static final Pattern EXTENSION = Pattern.compile("\\.([A-Za-z0-9]{1,8})$");

    private final ObjectStore objects;
    private final String mediaBase;

    PackageMedia(ObjectStore objects, @ConfigProperty(name = "platform.public-base-url") String baseUrl) {
        this.objects = objects;
        this.mediaBase =
                (baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl) + "/play/media/";
    }

    /** The library tokens a document's assets name (whose media rows decide what may be packed). */
    Set<String> tokens(JsonNode document) {
        Set<String> tokens = new LinkedHashSet<>();
        collect(document, null, tokens);
        return tokens;
    }

    private void collect(JsonNode node, String field, Set<String> tokens) {
        if (node instanceof ObjectNode object) {
            JsonNode url = object.get("url");
            if (url != null && url.isTextual() && isAsset(object, field)) {
                String[] parts = libraryParts(url.asText());
                if (parts != null) {
                    tokens.add(parts[0]);
                }
            }
            object.properties().forEach(e -> collect(e.getValue(), e.getKey(), tokens));
        } else if (node instanceof ArrayNode array) {
            array.forEach(item -> collect(item, field, tokens));
        }
    }

    /**
     * Finds the media of a published document (a copy is rewritten; the given one is not changed).
     * {@code owned}: the tokens of the exporting workspace's media.
     */
    Plan plan(Set<String> owned, JsonNode published, List<Narration> narration) {
        JsonNode document = published.deepCopy();
        Map<String, File> files = new LinkedHashMap<>();
        Set<String> external = new LinkedHashSet<>();
        visit(document, null, owned, files, external);
        Map<String, String> audio = new LinkedHashMap<>();
        for (Narration n : narration) {
            if (n.token() != null && TOKEN.matcher(n.token()).matches() && exists(n.key())) {
                String path = "narration/" + n.token() + ".wav";
                files.putIfAbsent(path, new File(path, n.key()));
                audio.put(n.screenId(), path);
            }
        }
        Log.debugf("Static package: %d media files, %d external media", files.size(), external.size());
        return new Plan(document, List.copyOf(files.values()), List.copyOf(external), audio);
    }

    /** Streams one file from S3 into the zip's current entry. */
    void copy(File file, java.io.OutputStream out) throws IOException {
        try (InputStream in = objects.open(file.key())
                .orElseThrow(() -> new IOException("The packed file " + file.key() + " is gone from S3"))) {
            in.transferTo(out);
        }
    }

    private void visit(JsonNode node, String field, Set<String> owned, Map<String, File> files, Set<String> external) {
        if (node instanceof ObjectNode object) {
            JsonNode url = object.get("url");
            if (url != null && url.isTextual() && isAsset(object, field)) {
                asset(object, url.asText(), owned, files, external);
            }
            object.properties().forEach(e -> visit(e.getValue(), e.getKey(), owned, files, external));
        } else if (node instanceof ArrayNode array) {
            array.forEach(item -> visit(item, field, owned, files, external));
        }
    }

    /** A medium, not a link: the value of an {@code asset} field, or an object with a mime or media id. */
    private static boolean isAsset(ObjectNode object, String field) {
        return "asset".equals(field) || object.has("mime") || object.has("mediaId");
    }

    private void asset(
            ObjectNode object, String url, Set<String> owned, Map<String, File> files, Set<String> external) {
        if (!HTTP.matcher(url).matches()) {
            return;
        }
        String local = url.startsWith(mediaBase) ? library(object, url, owned, files) : null;
        if (local == null) {
            external.add(url);
        } else {
            object.put("url", local);
        }
    }

    /** Packs a library medium of the workspace and answers its path in the package; null when it is not one. */
    private String library(ObjectNode object, String url, Set<String> owned, Map<String, File> files) {
        String[] parts = libraryParts(url);
        if (parts == null || !owned.contains(parts[0])) {
            return null;
        }
        String prefix = "media/files/" + parts[0] + "/";
        String path = "media/" + parts[0] + "/" + parts[1];
        if (!files.containsKey(path)) {
            if (!exists(prefix + parts[1])) {
                return null;
            }
            files.put(path, new File(path, prefix + parts[1]));
        }
        Matcher ext = EXTENSION.matcher(parts[1]);
        JsonNode widths = object.get("widths");
        if (ext.find() && widths != null && widths.isArray()) {
            for (JsonNode width : widths) {
                if (width.isIntegralNumber() && width.asLong() > 0 && width.asLong() < 100_000) {
                    String variant = "w" + width.asLong() + "." + ext.group(1);
                    String variantPath = "media/" + parts[0] + "/" + variant;
                    if (!files.containsKey(variantPath) && exists(prefix + variant)) {
                        files.put(variantPath, new File(variantPath, prefix + variant));
                    }
                }
            }
        }
        return path;
    }

    /** Token and file of a library URL ({@code <public base>/play/media/<token>/<file>}), else null. */
    private String[] libraryParts(String url) {
        if (!url.startsWith(mediaBase)) {
            return null;
        }
        String[] parts = url.substring(mediaBase.length()).split("[?#]", 2)[0].split("/", -1);
        return parts.length == 2
                        && TOKEN.matcher(parts[0]).matches()
                        && FILE.matcher(parts[1]).matches()
                        && !parts[1].contains("..")
                ? parts
                : null;
    }

    private boolean exists(String key) {
        return objects.size(key).isPresent();
    }

    /**
     * The external media header's value: the URLs in document order, commas in them as {@code %2C},
     * joined with commas; past {@value #HEADER_MAX} characters the rest are counted as {@code ; N more}.
     */
    static String header(List<String> external) {
        StringBuilder value = new StringBuilder();
        List<String> urls = new ArrayList<>();
        for (String url : external) {
            urls.add(ascii(url.replace(",", "%2C")));
        }
        int i = 0;
        for (; i < urls.size(); i++) {
            String next = urls.get(i);
            if (value.length() + next.length() + 1 > HEADER_MAX) {
                break;
            }
            if (!value.isEmpty()) {
                value.append(',');
            }
            value.append(next);
        }
        if (i < urls.size()) {
            value.append("; ").append(urls.size() - i).append(" more");
        }
        return value.toString();
    }

    static final int HEADER_MAX = 8000;

    /** A header-safe URL: control characters left out, other non-ASCII characters percent-encoded (UTF-8). */
    private static String ascii(String url) {
        StringBuilder out = new StringBuilder(url.length());
        for (byte b : url.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c < 0x20 || c == 0x7f) {
                continue;
            }
            if (c > 0x7e || c == ' ') {
                out.append('%').append(String.format("%02X", c));
            } else {
                out.append((char) c);
            }
        }
        return out.toString();
    }
}

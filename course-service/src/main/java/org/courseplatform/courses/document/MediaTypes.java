package org.courseplatform.courses.document;

import java.net.URI;
import java.util.Locale;
import java.util.Map;

/**
 * Guesses a media type from a URL's extension, for assets whose document gives none, so
 * consumers can choose how to process an asset (transcribe, parse, show) without fetching it.
 */
public final class MediaTypes {

    private static final Map<String, String> BY_EXTENSION = Map.ofEntries(
            Map.entry("jpg", "image/jpeg"),
            Map.entry("jpeg", "image/jpeg"),
            Map.entry("png", "image/png"),
            Map.entry("gif", "image/gif"),
            Map.entry("webp", "image/webp"),
            Map.entry("svg", "image/svg+xml"),
            Map.entry("avif", "image/avif"),
            Map.entry("mp4", "video/mp4"),
            Map.entry("m4v", "video/mp4"),
            Map.entry("webm", "video/webm"),
            Map.entry("mov", "video/quicktime"),
            Map.entry("mp3", "audio/mpeg"),
            Map.entry("m4a", "audio/mp4"),
            Map.entry("wav", "audio/wav"),
            Map.entry("ogg", "audio/ogg"),
            Map.entry("pdf", "application/pdf"));

    private MediaTypes() {}

    /** The media type for the URL's path extension (query and fragment ignored), or null. */
    public static String guess(String url) {
        if (url == null) {
            return null;
        }
        String path;
        try {
            path = URI.create(url.trim()).getPath();
        } catch (IllegalArgumentException e) {
            path = url;
            int cut = indexOfAny(path, '?', '#');
            if (cut >= 0) {
                path = path.substring(0, cut);
            }
        }
        if (path == null) {
            return null;
        }
        int slash = path.lastIndexOf('/');
        int dot = path.lastIndexOf('.');
        if (dot < 0 || dot < slash || dot == path.length() - 1) {
            return null;
        }
        return BY_EXTENSION.get(path.substring(dot + 1).toLowerCase(Locale.ROOT));
    }

    private static int indexOfAny(String s, char a, char b) {
        int i = s.indexOf(a);
        int j = s.indexOf(b);
        return i < 0 ? j : j < 0 ? i : Math.min(i, j);
    }
}

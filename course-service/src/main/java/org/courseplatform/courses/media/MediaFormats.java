package org.courseplatform.courses.media;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The formats the library accepts, told by their first bytes (magic numbers), never by the type a
 * client announces or the file's name: a text file named {@code .jpg} is no JPEG.
 */
final class MediaFormats {

    /** A format the library stores: its kind, served content type and file extension. */
    record Format(String kind, String contentType, String extension) {}

    static final Format JPEG = new Format("image", "image/jpeg", "jpg");
    static final Format PNG = new Format("image", "image/png", "png");
    static final Format GIF = new Format("image", "image/gif", "gif");
    static final Format SVG = new Format("image", "image/svg+xml", "svg");
    static final Format MP3 = new Format("audio", "audio/mpeg", "mp3");
    static final Format M4A = new Format("audio", "audio/mp4", "m4a");
    static final Format WAV = new Format("audio", "audio/wav", "wav");
    static final Format OGG = new Format("audio", "audio/ogg", "ogg");
    static final Format MP4 = new Format("video", "video/mp4", "mp4");
    static final Format WEBM = new Format("video", "video/webm", "webm");

    static final String ACCEPTED_IMAGES = "JPEG, PNG, GIF and SVG";
    static final String ACCEPTED_AUDIO = "MP3, M4A (MP4 audio), WAV and OGG";
    static final String ACCEPTED_VIDEO = "MP4 and WebM";

    /** The announced content types accepted, and the kind each one makes. */
    private static final Map<String, String> ANNOUNCED = Map.ofEntries(
            Map.entry("image/jpeg", "image"),
            Map.entry("image/jpg", "image"),
            Map.entry("image/pjpeg", "image"),
            Map.entry("image/png", "image"),
            Map.entry("image/gif", "image"),
            Map.entry("image/svg+xml", "image"),
            Map.entry("audio/mpeg", "audio"),
            Map.entry("audio/mp3", "audio"),
            Map.entry("audio/mp4", "audio"),
            Map.entry("audio/m4a", "audio"),
            Map.entry("audio/x-m4a", "audio"),
            Map.entry("audio/aac", "audio"),
            Map.entry("audio/wav", "audio"),
            Map.entry("audio/wave", "audio"),
            Map.entry("audio/x-wav", "audio"),
            Map.entry("audio/vnd.wave", "audio"),
            Map.entry("audio/ogg", "audio"),
            Map.entry("application/ogg", "audio"),
            Map.entry("video/mp4", "video"),
            Map.entry("video/webm", "video"));

    /** Image formats ImageIO cannot decode, refused by name so the answer says what to send instead. */
    private static final Set<String> UNDECODABLE = Set.of("image/webp", "image/avif", "image/heic", "image/heif");

    private MediaFormats() {}

    /** The content type without parameters, lower case. */
    static String bare(String contentType) {
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon))
                .strip()
                .toLowerCase(Locale.ROOT);
    }

    /** The kind an announced type makes, or null when the library does not take it. */
    static String kindOf(String bareType) {
        return ANNOUNCED.get(bareType);
    }

    static boolean undecodable(String bareType) {
        return UNDECODABLE.contains(bareType);
    }

    /** What the library accepts, as said in a 415. */
    static String accepted() {
        return "images: " + ACCEPTED_IMAGES + "; audio: " + ACCEPTED_AUDIO + "; video: " + ACCEPTED_VIDEO;
    }

    static String acceptedOf(String kind) {
        return switch (kind) {
            case "image" -> ACCEPTED_IMAGES;
            case "audio" -> ACCEPTED_AUDIO;
            default -> ACCEPTED_VIDEO;
        };
    }

    /** The format of these first bytes (at least 64 when the file has them), or null when none the library takes. */
    static Format detect(byte[] b) {
        if (starts(b, 0, 0xFF, 0xD8, 0xFF)) {
            return JPEG;
        }
        if (starts(b, 0, 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A)) {
            return PNG;
        }
        if (ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a")) {
            return GIF;
        }
        if (ascii(b, 0, "RIFF") && ascii(b, 8, "WAVE")) {
            return WAV;
        }
        if (ascii(b, 0, "OggS")) {
            return OGG;
        }
        if (starts(b, 0, 0x1A, 0x45, 0xDF, 0xA3)) {
            return WEBM;
        }
        if (ascii(b, 4, "ftyp")) {
            String brand = b.length >= 12 ? new String(b, 8, 4, StandardCharsets.US_ASCII) : "";
            if (brand.startsWith("M4A") || brand.startsWith("M4B") || brand.equals("F4A ")) {
                return M4A;
            }
            if (Set.of("isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "M4VH", "dash", "MSNV")
                    .contains(brand)) {
                return MP4;
            }
            return null;
        }
        if (ascii(b, 0, "ID3") || b.length >= 2 && (b[0] & 0xFF) == 0xFF && (b[1] & 0xE0) == 0xE0) {
            return MP3;
        }
        if (looksLikeSvg(b)) {
            return SVG;
        }
        return null;
    }

    /** Text whose first element is {@code <svg}, after an optional BOM, XML declaration and comments. */
    private static boolean looksLikeSvg(byte[] b) {
        String text = new String(b, 0, Math.min(b.length, 4096), StandardCharsets.UTF_8);
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        int svg = text.indexOf("<svg");
        if (svg < 0) {
            return false;
        }
        String before = text.substring(0, svg).strip();
        return before.isEmpty() || before.startsWith("<?xml") || before.startsWith("<!--");
    }

    /**
     * The format seen for an MP4 container under the kind the slot was made for: an MP4 holding
     * only sound is the same container as a video, so the announced kind decides.
     */
    static Format forKind(Format seen, String kind) {
        if (seen == null) {
            return null;
        }
        if ("audio".equals(kind) && seen == MP4) {
            return M4A;
        }
        if ("video".equals(kind) && seen == M4A) {
            return null;
        }
        return seen.kind().equals(kind) ? seen : null;
    }

    private static boolean starts(byte[] b, int offset, int... expected) {
        if (b.length < offset + expected.length) {
            return false;
        }
        for (int i = 0; i < expected.length; i++) {
            if ((b[offset + i] & 0xFF) != expected[i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean ascii(byte[] b, int offset, String expected) {
        if (b.length < offset + expected.length()) {
            return false;
        }
        for (int i = 0; i < expected.length(); i++) {
            if (b[offset + i] != expected.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}

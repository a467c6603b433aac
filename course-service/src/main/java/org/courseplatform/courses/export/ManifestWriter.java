package org.courseplatform.courses.export;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Writes {@code imsmanifest.xml}: one organisation with one item launching one SCO resource that
 * lists every file of the package (the manifest itself aside). SCORM 1.2 uses the IMS CP 1.1.2
 * and ADL CP 1.2 namespaces and {@code adlcp:scormtype}; SCORM 2004 3rd Edition IMS CP 1.1 and ADL
 * CP 1.3 ({@code adlcp:scormType}), with the sequencing and navigation namespaces declared, as
 * authoring tools do, and no sequencing at all (hosted SCORM accepts it, see SPEC Limits). The
 * XSDs are named in {@code xsi:schemaLocation} but not packed: LMSs do not read them.
 */
final class ManifestWriter {

    static final String FILE = "imsmanifest.xml";
    static final String ORGANIZATION = "ORG-1";
    static final String ITEM = "ITEM-1";
    static final String RESOURCE = "SCO-1";

    private ManifestWriter() {}

    /**
     * @param identifier the manifest's identifier (made a valid xs:ID here)
     * @param title the course title (the organisation's and the item's)
     * @param launch the SCO's launch file, one of {@code files}
     * @param files every file of the package but the manifest, as zip paths
     */
    static byte[] write(
            ExportOptions.Version version, String identifier, String title, String launch, List<String> files) {
        boolean v12 = version == ExportOptions.Version.V1_2;
        StringBuilder xml = new StringBuilder(512 + files.size() * 48);
        xml.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        xml.append("<manifest identifier=\"").append(id(identifier)).append("\" version=\"1\"\n");
        if (v12) {
            xml.append("  xmlns=\"http://www.imsproject.org/xsd/imscp_rootv1p1p2\"\n")
                    .append("  xmlns:adlcp=\"http://www.adlnet.org/xsd/adlcp_rootv1p2\"\n")
                    .append("  xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"\n")
                    .append(
                            "  xsi:schemaLocation=\"http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd")
                    .append(" http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd")
                    .append(" http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd\">\n");
        } else {
            xml.append("  xmlns=\"http://www.imsglobal.org/xsd/imscp_v1p1\"\n")
                    .append("  xmlns:adlcp=\"http://www.adlnet.org/xsd/adlcp_v1p3\"\n")
                    .append("  xmlns:adlseq=\"http://www.adlnet.org/xsd/adlseq_v1p3\"\n")
                    .append("  xmlns:adlnav=\"http://www.adlnet.org/xsd/adlnav_v1p3\"\n")
                    .append("  xmlns:imsss=\"http://www.imsglobal.org/xsd/imsss\"\n")
                    .append("  xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"\n")
                    .append("  xsi:schemaLocation=\"http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd")
                    .append(" http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd")
                    .append(" http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd")
                    .append(" http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd")
                    .append(" http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd\">\n");
        }
        xml.append("  <metadata>\n    <schema>ADL SCORM</schema>\n    <schemaversion>")
                .append(v12 ? "1.2" : "2004 3rd Edition")
                .append("</schemaversion>\n  </metadata>\n");
        String escapedTitle = text(title == null || title.isBlank() ? "Course" : title.strip());
        xml.append("  <organizations default=\"").append(ORGANIZATION).append("\">\n");
        xml.append("    <organization identifier=\"").append(ORGANIZATION).append("\">\n");
        xml.append("      <title>").append(escapedTitle).append("</title>\n");
        xml.append("      <item identifier=\"")
                .append(ITEM)
                .append("\" identifierref=\"")
                .append(RESOURCE)
                .append("\" isvisible=\"true\">\n");
        xml.append("        <title>").append(escapedTitle).append("</title>\n");
        xml.append("      </item>\n    </organization>\n  </organizations>\n");
        xml.append("  <resources>\n");
        xml.append("    <resource identifier=\"")
                .append(RESOURCE)
                .append("\" type=\"webcontent\" ")
                .append(v12 ? "adlcp:scormtype" : "adlcp:scormType")
                .append("=\"sco\" href=\"")
                .append(href(launch))
                .append("\">\n");
        for (String file : files) {
            xml.append("      <file href=\"").append(href(file)).append("\"/>\n");
        }
        xml.append("    </resource>\n  </resources>\n</manifest>\n");
        return xml.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** An xs:ID (an NCName): letters, digits, '.', '-', '_', starting with a letter or '_'. */
    static String id(String raw) {
        String cleaned = raw == null ? "" : raw.replaceAll("[^A-Za-z0-9._-]", "_");
        if (cleaned.isEmpty() || !Character.isLetter(cleaned.charAt(0)) && cleaned.charAt(0) != '_') {
            cleaned = "_" + cleaned;
        }
        return cleaned;
    }

    /**
     * Element text and attribute values: the five XML specials escaped, characters XML 1.0 cannot
     * carry (controls, lone surrogates, U+FFFE/U+FFFF) left out.
     */
    static String text(String raw) {
        StringBuilder out = new StringBuilder(raw.length() + 16);
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < raw.length() && Character.isLowSurrogate(raw.charAt(i + 1))) {
                out.append(c).append(raw.charAt(++i));
                continue;
            }
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&apos;");
                default -> {
                    boolean allowed = c == '\t'
                            || c == '\n'
                            || c == '\r'
                            || c >= 0x20 && c <= 0xD7FF
                            || c >= 0xE000 && c <= 0xFFFD;
                    if (allowed) {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }

    /** A package path as an xs:anyURI reference: unreserved characters and '/' kept, the rest percent-encoded. */
    static String href(String path) {
        StringBuilder out = new StringBuilder(path.length() + 8);
        for (byte b : path.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "-._~/".indexOf(c) >= 0) {
                out.append((char) c);
            } else {
                out.append('%')
                        .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
            }
        }
        return out.toString();
    }
}

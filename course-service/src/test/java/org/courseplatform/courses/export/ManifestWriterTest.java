package org.courseplatform.courses.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.xml.sax.SAXException;

/** The manifests of both SCORM versions validate against the IMS/ADL XSDs; titles, ids and paths are made safe. */
class ManifestWriterTest {

    private static final List<String> FILES = List.of(
            "course-data.js", "index.html", "assets/index-Ab12.js", "assets/index-Cd34.css", "assets/a font é.woff2");

    @Test
    void bothVersionsValidateAgainstTheirSchemasForEveryPackageType() throws Exception {
        for (ExportOptions.Version version : ExportOptions.Version.values()) {
            for (ExportOptions.Type type : ExportOptions.Type.values()) {
                byte[] manifest = ManifestWriter.write(
                        version, "course-ABCD-EFGH", "Golf & <friends> \"quoted\" 'single'", type.launch, FILES);
                ScormSchemas.validate(manifest, version.wire());
            }
        }
    }

    @Test
    void aManifestTheSchemasRefuseIsRefused() {
        // The validation is not a formality: an invalid id, an unknown scormtype and a stray element fail it.
        String good = new String(
                ManifestWriter.write(ExportOptions.Version.V1_2, "c", "T", "index.html", FILES),
                StandardCharsets.UTF_8);
        assertThatThrownBy(() -> ScormSchemas.validate(
                        good.replace("identifier=\"ITEM-1\"", "identifier=\"1 item\"")
                                .getBytes(StandardCharsets.UTF_8),
                        "1.2"))
                .isInstanceOf(SAXException.class)
                .hasMessageContaining("NCName");
        assertThatThrownBy(() -> ScormSchemas.validate(
                        good.replace("scormtype=\"sco\"", "scormtype=\"lesson\"")
                                .getBytes(StandardCharsets.UTF_8),
                        "1.2"))
                .isInstanceOf(SAXException.class);
        String good2004 = new String(
                ManifestWriter.write(ExportOptions.Version.V2004, "c", "T", "index.html", FILES),
                StandardCharsets.UTF_8);
        assertThatThrownBy(() -> ScormSchemas.validate(
                        good2004.replace("<resources>", "<bogus/><resources>").getBytes(StandardCharsets.UTF_8),
                        "2004"))
                .isInstanceOf(SAXException.class);
        // A 1.2 manifest is not a 2004 one.
        assertThatThrownBy(() -> ScormSchemas.validate(good.getBytes(StandardCharsets.UTF_8), "2004"))
                .isInstanceOf(SAXException.class);
    }

    @Test
    void versionsNamespacesSchemaversionAndTheScoAttributeFollowEachVersion() {
        String v12 = new String(
                ManifestWriter.write(ExportOptions.Version.V1_2, "course-K", "T", "index.html", FILES),
                StandardCharsets.UTF_8);
        assertThat(v12)
                .contains("xmlns=\"http://www.imsproject.org/xsd/imscp_rootv1p1p2\"")
                .contains("xmlns:adlcp=\"http://www.adlnet.org/xsd/adlcp_rootv1p2\"")
                .contains("<schemaversion>1.2</schemaversion>")
                .contains("adlcp:scormtype=\"sco\" href=\"index.html\"")
                .doesNotContain("imsss")
                .doesNotContain("scormType");
        String v2004 = new String(
                ManifestWriter.write(
                        ExportOptions.Version.V2004,
                        "course-K",
                        "T",
                        "launcher.html",
                        List.of("launch-config.js", "launcher.html")),
                StandardCharsets.UTF_8);
        assertThat(v2004)
                .contains("xmlns=\"http://www.imsglobal.org/xsd/imscp_v1p1\"")
                .contains("xmlns:adlcp=\"http://www.adlnet.org/xsd/adlcp_v1p3\"")
                .contains("xmlns:adlseq=\"http://www.adlnet.org/xsd/adlseq_v1p3\"")
                .contains("xmlns:adlnav=\"http://www.adlnet.org/xsd/adlnav_v1p3\"")
                .contains("xmlns:imsss=\"http://www.imsglobal.org/xsd/imsss\"")
                .contains("<schemaversion>2004 3rd Edition</schemaversion>")
                .contains("adlcp:scormType=\"sco\" href=\"launcher.html\"")
                .contains("<file href=\"launch-config.js\"/>")
                .contains("<file href=\"launcher.html\"/>")
                .doesNotContain("<imsss:")
                .doesNotContain("sequencing");
    }

    @Test
    void titlesAreEscapedIdsMadeValidAndPathsEncoded() throws Exception {
        byte[] manifest = ManifestWriter.write(
                ExportOptions.Version.V2004,
                "9 key/with:odd chars",
                "A & B <script>\u0001\uD83C\uDFCC",
                "index.html",
                FILES);
        String xml = new String(manifest, StandardCharsets.UTF_8);
        assertThat(xml)
                .contains("<title>A &amp; B &lt;script&gt;\uD83C\uDFCC</title>")
                .contains("identifier=\"_9_key_with_odd_chars\"")
                .contains("href=\"assets/a%20font%20%C3%A9.woff2\"");
        ScormSchemas.validate(manifest, "2004");
        assertThat(ManifestWriter.id("course-AB12-CD34")).isEqualTo("course-AB12-CD34");
        assertThat(ManifestWriter.id("")).isEqualTo("_");
        assertThat(ManifestWriter.text("\uD800 lone")).isEqualTo(" lone");
    }

    @Test
    void runtimeListsMayNameOnlyPlainRelativePaths() {
        assertThat(RuntimeFiles.safe("assets/index-Ab12.js")).isTrue();
        for (String bad : List.of("/etc/passwd", "../x.js", "a/../../x", "a//b", "./a", "a\\b", "c:/x", "a/\u0000")) {
            assertThat(RuntimeFiles.safe(bad)).as(bad).isFalse();
        }
    }

    @Test
    void fileNamesCarryTheKeyVersionAndType() {
        assertThat(ExportOptions.parse("static", "2004").fileName("ABCD-EFGH"))
                .isEqualTo("ABCD-EFGH-scorm2004-static.zip");
        assertThat(ExportOptions.parse("dynamic", "1.2").fileName("AB\"CD")).isEqualTo("AB_CD-scorm1.2-dynamic.zip");
    }
}

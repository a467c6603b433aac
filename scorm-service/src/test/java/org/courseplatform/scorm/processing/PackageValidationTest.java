package org.courseplatform.scorm.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.courseplatform.scorm.Zips;
import org.courseplatform.scorm.storage.PackageFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checks and the manifest reading on the fixture packages and on generated hostile archives. */
class PackageValidationTest {

    @TempDir
    Path dir;

    private Path write(byte[] bytes) throws IOException {
        Path file = Files.createTempFile(dir, "pkg-", ".zip");
        Files.write(file, bytes);
        return file;
    }

    private Manifest validate(byte[] bytes) throws Exception {
        return PackageProcessor.validate(write(bytes), "package.zip", ZipLimits.DEFAULTS);
    }

    private void rejected(byte[] bytes, String code) {
        assertThatThrownBy(() -> validate(bytes)).isInstanceOfSatisfying(Rejection.class, r -> {
            assertThat(r.code()).isEqualTo(code);
            assertThat(r.getMessage()).endsWith(".").hasSizeGreaterThan(20);
        });
    }

    @Test
    void fixturesReachTheirReadmeOutcome() throws Exception {
        Manifest single12 =
                PackageProcessor.validate(Zips.fixture("scorm12-single-sco.zip"), "a.zip", ZipLimits.DEFAULTS);
        assertThat(single12.version()).isEqualTo("1.2");
        assertThat(single12.scos()).hasSize(1);
        assertThat(single12.title()).isNotBlank();

        Manifest single2004 =
                PackageProcessor.validate(Zips.fixture("scorm2004-3rd-single-sco.zip"), "a.zip", ZipLimits.DEFAULTS);
        assertThat(single2004.version()).isEqualTo("2004 3rd Edition");
        assertThat(single2004.scos()).hasSize(1);

        Manifest basic =
                PackageProcessor.validate(Zips.fixture("scorm2004-3rd-runtime-basic.zip"), "a.zip", ZipLimits.DEFAULTS);
        assertThat(basic.version()).isEqualTo("2004 3rd Edition");
        assertThat(basic.scos()).hasSize(1);

        Manifest multi =
                PackageProcessor.validate(Zips.fixture("scorm2004-3rd-multi-sco.zip"), "a.zip", ZipLimits.DEFAULTS);
        assertThat(multi.scos()).hasSize(18);
        assertThat(multi.scos()).allSatisfy(sco -> {
            assertThat(sco.identifier()).isNotBlank();
            assertThat(sco.title()).isNotBlank();
            assertThat(sco.href()).isNotBlank();
        });

        assertThatThrownBy(() -> PackageProcessor.validate(
                        Zips.fixture("scorm2004-3rd-sequencing-forced.zip"), "a.zip", ZipLimits.DEFAULTS))
                .isInstanceOfSatisfying(
                        Rejection.class, r -> assertThat(r.code()).isEqualTo("sequencing_present"));
        assertThatThrownBy(() ->
                        PackageProcessor.validate(Zips.fixture("scorm12-no-sco.zip"), "a.zip", ZipLimits.DEFAULTS))
                .isInstanceOfSatisfying(
                        Rejection.class, r -> assertThat(r.code()).isEqualTo("no_launchable_sco"));
    }

    @Test
    void hostileArchivesAreRejectedWithTheirCode() {
        rejected(Zips.zipSlip(), "unsafe_paths");
        rejected(Zips.absolutePath(), "unsafe_paths");
        rejected(Zips.scorm12(Map.of("C:/Windows/evil.dll", new byte[] {1})), "unsafe_paths");
        rejected(Zips.scorm12(Map.of("a\\..\\..\\evil", new byte[] {1})), "unsafe_paths");
        rejected(Zips.symlink(), "unsafe_paths");
        rejected(Zips.caseDuplicates(), "unsafe_paths");
        rejected(Zips.normalisationDuplicates(), "unsafe_paths");
        rejected(Zips.smallBomb(), "zip_bomb");
        rejected(Zips.overlappingBomb(800), "zip_bomb");
        rejected(Zips.tooManyEntries(100_000), "too_many_files");
        rejected(Zips.externalEntity(), "no_manifest");
        rejected(Zips.billionLaughs(), "no_manifest");
        rejected(Zips.notZip(), "not_zip");
        rejected(new byte[0], "not_zip");
        rejected(Zips.zip(Map.of("index.html", new byte[] {1})), "no_manifest");
        rejected(
                Zips.zip(Map.of("pkg/imsmanifest.xml", Zips.MANIFEST_12.getBytes(StandardCharsets.UTF_8))),
                "no_manifest");
        rejected(Zips.withManifest("<manifest><unclosed></manifest>"), "no_manifest");
    }

    @Test
    void aBombSmallerThanTheRatioThresholdStillNeedsItsDeclaredSize() throws Exception {
        Path zip = write(Zips.lyingSize());
        assertThatThrownBy(() -> PackageProcessor.process(zip, "p.zip", ZipLimits.DEFAULTS))
                .isInstanceOfSatisfying(
                        Rejection.class, r -> assertThat(r.code()).isEqualTo("zip_bomb"));
    }

    @Test
    void versionsFollowSchemaversionThenNamespaces() throws Exception {
        String manifest = Zips.MANIFEST_12;
        assertThat(validate(Zips.withManifest(manifest)).version()).isEqualTo("1.2");
        rejectedVersion(manifest.replace("<schemaversion>1.2", "<schemaversion>1.1"));
        rejectedVersion(manifest.replace("<schemaversion>1.2", "<schemaversion>CAM 1.3"));
        rejectedVersion(manifest.replace("<schemaversion>1.2", "<schemaversion>2004 2nd Edition"));
        assertThat(validate(Zips.withManifest(
                                manifest.replace("<schemaversion>1.2", "<schemaversion>2004 4th Edition")))
                        .version())
                .isEqualTo("2004 4th Edition");
        assertThat(validate(Zips.withManifest(manifest.replace("<schemaversion>1.2</schemaversion>", "")))
                        .version())
                .isEqualTo("1.2");
        String v2004 = manifest.replace("<schemaversion>1.2</schemaversion>", "")
                .replace("http://www.imsproject.org/xsd/imscp_rootv1p1p2", "http://www.imsglobal.org/xsd/imscp_v1p1")
                .replace("http://www.adlnet.org/xsd/adlcp_rootv1p2", "http://www.adlnet.org/xsd/adlcp_v1p3")
                .replace("adlcp:scormtype", "adlcp:scormType");
        assertThat(validate(Zips.withManifest(v2004)).version()).isEqualTo("2004 3rd Edition");
        rejectedVersion(manifest.replace("<schemaversion>1.2</schemaversion>", "")
                .replace("http://www.imsproject.org/xsd/imscp_rootv1p1p2", "urn:other")
                .replace("http://www.adlnet.org/xsd/adlcp_rootv1p2", "urn:other2"));
    }

    private void rejectedVersion(String manifest) {
        rejected(Zips.withManifest(manifest), "unsupported_version");
    }

    @Test
    void launchFilesMustExistInsideThePackage() {
        rejected(
                Zips.withManifest(Zips.MANIFEST_12.replace("href=\"index.html\"", "href=\"missing.html\"")),
                "no_launchable_sco");
        rejected(
                Zips.withManifest(Zips.MANIFEST_12.replace("href=\"index.html\"", "href=\"../index.html\"")),
                "no_launchable_sco");
        rejected(
                Zips.withManifest(
                        Zips.MANIFEST_12.replace("href=\"index.html\"", "href=\"http://evil.example/x.html\"")),
                "no_launchable_sco");
    }

    @Test
    void sequencingBoilerplateIsAcceptedRulesAreNot() throws Exception {
        String base = Zips.MANIFEST_12
                .replace("<schemaversion>1.2", "<schemaversion>2004 3rd Edition")
                .replace("xmlns:adlcp", "xmlns:imsss=\"http://www.imsglobal.org/xsd/imsss\" xmlns:adlcp");
        String boilerplate = base.replace(
                "<title>Only SCO</title>",
                "<title>Only SCO</title><imsss:sequencing>"
                        + "<imsss:controlMode choice=\"true\" flow=\"true\"/><imsss:deliveryControls tracked=\"true\"/>"
                        + "<imsss:objectives><imsss:primaryObjective objectiveID=\"p\"/></imsss:objectives></imsss:sequencing>");
        assertThat(validate(Zips.withManifest(boilerplate)).scos()).hasSize(1);
        for (String rule : List.of(
                "<imsss:sequencingRules/>",
                "<imsss:rollupRules/>",
                "<imsss:limitConditions attemptLimit=\"1\"/>",
                "<imsss:randomizationControls/>",
                "<imsss:objectives><imsss:primaryObjective objectiveID=\"p\">"
                        + "<imsss:mapInfo targetObjectiveID=\"g\"/></imsss:primaryObjective></imsss:objectives>")) {
            rejected(
                    Zips.withManifest(base.replace(
                            "<title>Only SCO</title>",
                            "<title>Only SCO</title><imsss:sequencing>" + rule + "</imsss:sequencing>")),
                    "sequencing_present");
        }
    }

    /** Found by a long fuzz run: a flipped method byte made commons-compress read bzip2 and fail with a plain IOException. */
    @Test
    void entriesMustBeStoredOrDeflatedAndCorruptDataIsNotAZip() {
        byte[] pkg = Zips.scorm12(Map.of(
                "lesson.html", "<html><body>lesson</body></html>".repeat(50).getBytes(StandardCharsets.UTF_8)));
        for (int method : new int[] {12, 14, 95, 6}) { // bzip2, lzma, xz, implode
            assertThatThrownBy(() -> validate(Zips.withMethod(pkg, "lesson.html", method)))
                    .isInstanceOfSatisfying(Rejection.class, r -> {
                        assertThat(r.code()).isEqualTo("not_zip");
                        assertThat(r.getMessage()).contains("lesson.html", "compression method " + method);
                    });
        }
        assertThatThrownBy(() -> PackageProcessor.process(
                        write(Zips.withCorruptData(pkg, "lesson.html")), "p.zip", ZipLimits.DEFAULTS))
                .isInstanceOfSatisfying(Rejection.class, r -> {
                    assertThat(r.code()).isEqualTo("not_zip");
                    assertThat(r.getMessage()).contains("lesson.html", "cannot be read");
                });
    }

    @Test
    void everyFileIsLocatedUnderItsCheckedPathAndItsRangeDecodesToItsContent() throws Exception {
        Path zip = Zips.fixture("scorm2004-3rd-multi-sco.zip");
        PackageProcessor.Result result = PackageProcessor.process(zip, "m.zip", ZipLimits.DEFAULTS);
        assertThat(result.files()).extracting(PackageFile::path).contains("imsmanifest.xml");
        assertThat(result.files())
                .allSatisfy(f -> assertThat(f.path()).doesNotStartWith("/").doesNotContain(".."));
        assertServedAsZipped(zip, result);
        try (var files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void storedDeflatedAndEmptyFilesDecodeFromTheirRanges() throws Exception {
        byte[] noise = new byte[300_000];
        new java.util.Random(7).nextBytes(noise);
        Map<String, byte[]> extra = new java.util.LinkedHashMap<>();
        extra.put("media/noise.bin", noise);
        extra.put("pages/long page é.html", "<p>text</p>".repeat(20_000).getBytes(StandardCharsets.UTF_8));
        extra.put("empty.txt", new byte[0]);
        Path zip = write(Zips.scorm12(extra, java.util.Set.of("media/noise.bin", "empty.txt")));
        PackageProcessor.Result result = PackageProcessor.process(zip, "p.zip", ZipLimits.DEFAULTS);
        assertThat(result.files())
                .extracting(PackageFile::path, PackageFile::method)
                .contains(
                        org.assertj.core.groups.Tuple.tuple("media/noise.bin", PackageFile.STORED),
                        org.assertj.core.groups.Tuple.tuple("pages/long page é.html", PackageFile.DEFLATED),
                        org.assertj.core.groups.Tuple.tuple("empty.txt", PackageFile.STORED));
        assertServedAsZipped(zip, result);
    }

    /**
     * What the player would serve (each file's range of the zip, decoded) is what a zip library
     * reads, whole and for a range of the file's bytes.
     */
    static void assertServedAsZipped(Path zip, PackageProcessor.Result result) throws IOException {
        byte[] archive = Files.readAllBytes(zip);
        try (java.util.zip.ZipFile reference = new java.util.zip.ZipFile(zip.toFile())) {
            for (PackageFile file : result.files()) {
                byte[] served;
                try (var in = file.decode(
                        new java.io.ByteArrayInputStream(archive, (int) file.dataOffset(), (int) file.storedBytes()))) {
                    served = in.readAllBytes();
                }
                byte[] expected;
                try (var in = reference.getInputStream(reference.getEntry(file.path()))) {
                    expected = in.readAllBytes();
                }
                assertThat(served).as(file.path()).isEqualTo(expected).hasSize((int) file.size());
                if (file.size() > 0) {
                    // A Range's part of the file: from a third in, half the file (or up to its end).
                    int first = (int) (file.size() / 3);
                    int last = (int) Math.min(file.size() - 1, first + file.size() / 2);
                    int from = (int) file.zipFirst(first);
                    try (var in = file.decode(
                            new java.io.ByteArrayInputStream(archive, from, (int) file.zipLast(last) - from + 1),
                            first,
                            last - first + 1)) {
                        assertThat(in.readAllBytes())
                                .as(file.path() + " bytes " + first + "-" + last)
                                .isEqualTo(java.util.Arrays.copyOfRange(expected, first, last + 1));
                    }
                }
            }
        }
    }
}

package org.courseplatform.scorm.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.courseplatform.scorm.Zips;
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
        List<String> written = new ArrayList<>();
        assertThatThrownBy(() -> PackageProcessor.process(
                        zip, "p.zip", ZipLimits.DEFAULTS, dir, (path, file, type) -> written.add(path)))
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
                        write(Zips.withCorruptData(pkg, "lesson.html")),
                        "p.zip",
                        ZipLimits.DEFAULTS,
                        dir,
                        (path, file, type) -> {}))
                .isInstanceOfSatisfying(Rejection.class, r -> {
                    assertThat(r.code()).isEqualTo("not_zip");
                    assertThat(r.getMessage()).contains("lesson.html", "cannot be read");
                });
    }

    @Test
    void processingExtractsEveryFileUnderItsCheckedPath() throws Exception {
        List<String> written = new ArrayList<>();
        PackageProcessor.Result result = PackageProcessor.process(
                Zips.fixture("scorm2004-3rd-multi-sco.zip"), "m.zip", ZipLimits.DEFAULTS, dir, (path, file, type) -> {
                    assertThat(Files.size(file)).isGreaterThanOrEqualTo(0);
                    written.add(path);
                });
        assertThat(written).hasSize(result.fileCount()).contains("imsmanifest.xml");
        assertThat(written).allSatisfy(p -> assertThat(p).doesNotStartWith("/").doesNotContain(".."));
        try (var files = Files.list(dir)) {
            assertThat(files.filter(f -> f.getFileName().toString().startsWith("entry-")))
                    .isEmpty();
        }
    }

    @Test
    void filesLargerThanTheUploadBufferStillGoThroughOneAtATime() throws Exception {
        List<String> written = java.util.Collections.synchronizedList(new ArrayList<>());
        java.util.concurrent.atomic.AtomicInteger atOnce = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger most = new java.util.concurrent.atomic.AtomicInteger();
        PackageProcessor.Result result = PackageProcessor.process(
                Zips.fixture("scorm2004-3rd-multi-sco.zip"),
                "m.zip",
                ZipLimits.DEFAULTS,
                dir,
                (path, file, type) -> {
                    most.accumulateAndGet(atOnce.incrementAndGet(), Math::max);
                    try {
                        Thread.sleep(2);
                        written.add(path);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        atOnce.decrementAndGet();
                    }
                },
                8,
                1);
        assertThat(written).hasSize(result.fileCount());
        assertThat(most.get()).isEqualTo(1);
    }
}

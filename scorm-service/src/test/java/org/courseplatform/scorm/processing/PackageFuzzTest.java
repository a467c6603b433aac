package org.courseplatform.scorm.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.courseplatform.scorm.Zips;
import org.courseplatform.scorm.storage.PackageFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bounded fuzz run of the safety checks and the manifest parser: random mutations of the fixture
 * zips (bytes flipped, cut, repeated, with the central directory hit most) and of their manifests
 * (ranges cut and repeated, markup, entities and DOCTYPEs inserted). Every input must end in a
 * clean result or a {@link Rejection} within a few seconds: any other exception is a crash, and a
 * run over the time bound a hang. The default run is short enough for every build; set
 * {@code -Dscorm.fuzz.iterations=N} and {@code -Dscorm.fuzz.seconds=S} for longer runs
 * (docs/performance.md), and {@code -Dscorm.fuzz.seed} to replay one.
 */
class PackageFuzzTest {

    private static final List<String> FIXTURES = List.of(
            "scorm12-single-sco.zip",
            "scorm2004-3rd-single-sco.zip",
            "scorm2004-3rd-runtime-basic.zip",
            "scorm2004-3rd-multi-sco.zip",
            "scorm2004-3rd-sequencing-forced.zip",
            "scorm12-no-sco.zip");
    private static final String[] SNIPPETS = {
        "<!DOCTYPE manifest [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>",
        "&x;",
        "&amp;",
        "<![CDATA[",
        "]]>",
        "<?xml version=\"1.0\"?>",
        "<imsss:sequencingRules/>",
        "<schemaversion>CAM 1.3</schemaversion>",
        "<item identifier=\"z\" identifierref=\"nope\"/>",
        "href=\"../../etc/passwd\"",
        "adlcp:scormtype=\"sco\"",
        "\u0000",
        "\uFFFF",
        "<!--",
        "-->",
        "xml:base=\"../\"",
        "<",
        ">",
        "\"",
        "'",
        "<!ENTITY a \"&a;\">",
        "%p;",
        "<xi:include href=\"x\"/>"
    };

    @TempDir
    Path dir;

    @Test
    void mutatedPackagesEndInAResultOrARejection() throws Exception {
        long seed = Long.getLong("scorm.fuzz.seed", System.nanoTime());
        int iterations = Integer.getInteger("scorm.fuzz.iterations", 600);
        long deadline = System.nanoTime()
                + Duration.ofSeconds(Long.getLong("scorm.fuzz.seconds", 25)).toNanos();
        Random random = new Random(seed);
        List<byte[]> fixtures = FIXTURES.stream().map(Zips::fixtureBytes).toList();
        List<Map<String, byte[]>> contents =
                fixtures.stream().map(PackageFuzzTest::unzip).toList();
        ZipLimits limits = new ZipLimits(2_000, 64L << 20, 100, 1L << 20, 1 << 20);
        int run = 0;
        int accepted = 0;
        int rejected = 0;
        for (; run < iterations && System.nanoTime() < deadline; run++) {
            int pick = random.nextInt(fixtures.size());
            byte[] input = random.nextBoolean()
                    ? mutateZip(fixtures.get(pick), random)
                    : mutateManifest(contents.get(pick), random);
            Path file = dir.resolve("fuzz-" + run + ".zip");
            Files.write(file, input);
            int iteration = run;
            Boolean ok = assertTimeoutPreemptively(
                    Duration.ofSeconds(10),
                    () -> {
                        try {
                            PackageProcessor.Result result = PackageProcessor.process(file, "fuzz.zip", limits);
                            assertServedAsChecked(file, input, result, limits);
                            return true;
                        } catch (Rejection r) {
                            assertThat(r.code())
                                    .isIn(
                                            "not_zip",
                                            "zip_bomb",
                                            "too_many_files",
                                            "unsafe_paths",
                                            "no_manifest",
                                            "unsupported_version",
                                            "sequencing_present",
                                            "no_launchable_sco");
                            assertThat(r.getMessage()).isNotBlank();
                            return false;
                        } catch (Throwable t) {
                            throw new AssertionError("seed " + seed + ", iteration " + iteration + ": " + t, t);
                        }
                    },
                    () -> "seed " + seed + ", iteration " + iteration + " did not finish in 10 s");
            if (ok) {
                accepted++;
            } else {
                rejected++;
            }
            Files.delete(file);
        }
        System.out.printf("scorm fuzz: seed %d, %d inputs, %d accepted, %d rejected%n", seed, run, accepted, rejected);
        assertThat(run).isGreaterThan(50);
        assertThat(rejected).isPositive();
    }

    /**
     * Each accepted file, served as the player serves it (its range of the zip, decoded), is
     * byte for byte what the checks read.
     */
    private static void assertServedAsChecked(Path file, byte[] zip, PackageProcessor.Result result, ZipLimits limits)
            throws Exception {
        try (SafeArchive archive = SafeArchive.open(file, limits)) {
            for (PackageFile located : result.files()) {
                assertThat(located.path()).doesNotStartWith("/").doesNotContain("..");
                java.io.ByteArrayOutputStream checked = new java.io.ByteArrayOutputStream();
                archive.copy(archive.files().get(located.path()), checked);
                byte[] served;
                try (var in = located.decode(new java.io.ByteArrayInputStream(
                        zip, (int) located.dataOffset(), (int) located.storedBytes()))) {
                    served = in.readAllBytes();
                }
                assertThat(served).as(located.path()).isEqualTo(checked.toByteArray());
            }
        }
    }

    private static byte[] mutateZip(byte[] original, Random random) {
        byte[] bytes = original.clone();
        int mutations = 1 + random.nextInt(8);
        for (int i = 0; i < mutations; i++) {
            // Most mutations hit the last 2 KB: the central directory and its end record.
            int from = random.nextInt(4) == 0 ? 0 : Math.max(0, bytes.length - 2048);
            int at = from + random.nextInt(Math.max(1, bytes.length - from));
            switch (random.nextInt(5)) {
                case 0 -> bytes[at] = (byte) random.nextInt(256);
                case 1 -> bytes[at] = (byte) (bytes[at] ^ (1 << random.nextInt(8)));
                case 2 -> bytes = Arrays.copyOf(bytes, Math.max(0, at));
                case 3 -> { // a 2- or 4-byte field set to an extreme value
                    byte value = random.nextBoolean() ? (byte) 0xFF : 0;
                    for (int k = 0; k < (random.nextBoolean() ? 2 : 4) && at + k < bytes.length; k++) {
                        bytes[at + k] = value;
                    }
                }
                default -> {
                    int length = Math.min(bytes.length - at, 1 + random.nextInt(64));
                    byte[] grown = new byte[bytes.length + length];
                    System.arraycopy(bytes, 0, grown, 0, at + length);
                    System.arraycopy(bytes, at, grown, at + length, bytes.length - at);
                    bytes = grown;
                }
            }
            if (bytes.length == 0) {
                break;
            }
        }
        return bytes;
    }

    private static byte[] mutateManifest(Map<String, byte[]> entries, Random random) {
        StringBuilder manifest = new StringBuilder(new String(entries.get("imsmanifest.xml"), StandardCharsets.UTF_8));
        int mutations = 1 + random.nextInt(4);
        for (int i = 0; i < mutations && manifest.length() > 0; i++) {
            int at = random.nextInt(manifest.length());
            switch (random.nextInt(4)) {
                case 0 -> manifest.delete(at, Math.min(manifest.length(), at + 1 + random.nextInt(200)));
                case 1 -> manifest.insert(at, SNIPPETS[random.nextInt(SNIPPETS.length)]);
                case 2 -> {
                    int end = Math.min(manifest.length(), at + 1 + random.nextInt(300));
                    manifest.insert(at, manifest.substring(at, end));
                }
                default -> manifest.setCharAt(at, (char) (32 + random.nextInt(95)));
            }
        }
        Map<String, byte[]> copy = new LinkedHashMap<>(entries);
        copy.put("imsmanifest.xml", manifest.toString().getBytes(StandardCharsets.UTF_8));
        return Zips.zip(copy);
    }

    private static Map<String, byte[]> unzip(byte[] zip) {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            ZipEntry entry;
            while ((entry = in.getNextEntry()) != null) {
                if (!entry.isDirectory()) {
                    entries.put(entry.getName(), in.readAllBytes());
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return entries;
    }
}

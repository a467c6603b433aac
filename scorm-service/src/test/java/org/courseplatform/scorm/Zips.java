package org.courseplatform.scorm;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.ObjIntConsumer;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.courseplatform.platform.testing.RepoRoot;

/** The fixture packages (fixtures/scorm, copied from ../shared/fixtures/scorm) and generated hostile archives. */
public final class Zips {

    public static final String MANIFEST_12 = """
            <?xml version="1.0" encoding="UTF-8"?>
            <manifest identifier="m" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
                      xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
              <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
              <organizations default="o"><organization identifier="o"><title>Generated</title>
                <item identifier="i1" identifierref="r1"><title>Only SCO</title></item></organization></organizations>
              <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html">
                <file href="index.html"/></resource></resources>
            </manifest>
            """;

    private Zips() {}

    public static Path fixture(String name) {
        return RepoRoot.find().resolve("fixtures/scorm").resolve(name);
    }

    public static byte[] fixtureBytes(String name) {
        try {
            return Files.readAllBytes(fixture(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A zip of the given entries (name to content), deflated, in order. */
    public static byte[] zip(Map<String, byte[]> entries) {
        return zip(entries, Set.of());
    }

    /** A zip of {@code entries}, deflated except the ones named in {@code stored}. */
    public static byte[] zip(Map<String, byte[]> entries, Set<String> stored) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                ZipEntry entry = new ZipEntry(e.getKey());
                if (stored.contains(e.getKey())) {
                    CRC32 crc = new CRC32();
                    crc.update(e.getValue());
                    entry.setMethod(ZipEntry.STORED);
                    entry.setSize(e.getValue().length);
                    entry.setCompressedSize(e.getValue().length);
                    entry.setCrc(crc.getValue());
                }
                out.putNextEntry(entry);
                out.write(e.getValue());
                out.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** A valid SCORM 1.2 package plus {@code extra} entries. */
    public static byte[] scorm12(Map<String, byte[]> extra) {
        return scorm12(extra, Set.of());
    }

    /** A valid SCORM 1.2 package plus {@code extra} entries, the ones named in {@code stored} not compressed. */
    public static byte[] scorm12(Map<String, byte[]> extra, Set<String> stored) {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("imsmanifest.xml", MANIFEST_12.getBytes(StandardCharsets.UTF_8));
        entries.put("index.html", "<html><body>hello</body></html>".getBytes(StandardCharsets.UTF_8));
        entries.putAll(extra);
        return zip(entries, stored);
    }

    public static byte[] withManifest(String manifest) {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("imsmanifest.xml", manifest.getBytes(StandardCharsets.UTF_8));
        entries.put("index.html", "<html></html>".getBytes(StandardCharsets.UTF_8));
        return zip(entries);
    }

    public static byte[] zipSlip() {
        return scorm12(Map.of("../../evil.txt", "owned".getBytes(StandardCharsets.UTF_8)));
    }

    public static byte[] absolutePath() {
        return scorm12(Map.of("/tmp/evil.txt", "owned".getBytes(StandardCharsets.UTF_8)));
    }

    /** About 1.5 KB of archive whose one entry expands to 1.5 MB (a ratio near 1000:1). */
    public static byte[] smallBomb() {
        return scorm12(Map.of("zeros.bin", new byte[1_500_000]));
    }

    /**
     * The "overlapping files" bomb: one deflated run of 1.5 MB zeros, referenced by {@code copies}
     * central directory records of different names, so a few KB declare more than 1 GiB.
     */
    public static byte[] overlappingBomb(int copies) {
        byte[] data = new byte[1_500_000];
        CRC32 crc = new CRC32();
        crc.update(data);
        byte[] single;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes)) {
            ZipEntry entry = new ZipEntry("k0000000.bin");
            out.putNextEntry(entry);
            out.write(data);
            out.closeEntry();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        single = bytes.toByteArray();
        ByteBuffer in = ByteBuffer.wrap(single).order(ByteOrder.LITTLE_ENDIAN);
        int eocd = single.length - 22;
        int cdOffset = in.getInt(eocd + 16);
        int cdSize = in.getInt(eocd + 12);
        byte[] record = Arrays.copyOfRange(single, cdOffset, cdOffset + cdSize);
        ByteBuffer out = ByteBuffer.allocate(cdOffset + cdSize * copies + 22).order(ByteOrder.LITTLE_ENDIAN);
        out.put(single, 0, cdOffset);
        for (int i = 0; i < copies; i++) {
            byte[] copy = record.clone();
            byte[] name = String.format("k%07d.bin", i).getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(name, 0, copy, 46, name.length);
            out.put(copy);
        }
        out.putInt(0x06054b50)
                .putShort((short) 0)
                .putShort((short) 0)
                .putShort((short) copies)
                .putShort((short) copies)
                .putInt(cdSize * copies)
                .putInt(cdOffset)
                .putShort((short) 0);
        return out.array();
    }

    /** A package whose entry declares 100 bytes in the central directory but expands to 3 MB. */
    public static byte[] lyingSize() {
        byte[] zip = scorm12(Map.of("liar.bin", new byte[3_000_000]));
        ByteBuffer buffer = ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN);
        int eocd = zip.length - 22;
        int position = buffer.getInt(eocd + 16);
        while (buffer.getInt(position) == 0x02014b50) {
            int nameLength = Short.toUnsignedInt(buffer.getShort(position + 28));
            String name = new String(zip, position + 46, nameLength, StandardCharsets.UTF_8);
            if (name.equals("liar.bin")) {
                buffer.putInt(position + 24, 100);
            }
            position += 46
                    + nameLength
                    + Short.toUnsignedInt(buffer.getShort(position + 30))
                    + Short.toUnsignedInt(buffer.getShort(position + 32));
        }
        return zip;
    }

    /**
     * The zip with {@code name}'s compression method set to {@code method} in its central-directory
     * record and its local header (12 = bzip2), data unchanged: what a fuzzer's flipped byte makes.
     */
    public static byte[] withMethod(byte[] zip, String name, int method) {
        byte[] copy = zip.clone();
        forEntry(copy, name, (buffer, record) -> {
            buffer.putShort(record + 10, (short) method);
            buffer.putShort(buffer.getInt(record + 42) + 8, (short) method);
        });
        return copy;
    }

    /** The zip with {@code name}'s compressed bytes overwritten with 0xFF: sizes and CRC as declared, data corrupt. */
    public static byte[] withCorruptData(byte[] zip, String name) {
        byte[] copy = zip.clone();
        forEntry(copy, name, (buffer, record) -> {
            int local = buffer.getInt(record + 42);
            int data = local
                    + 30
                    + Short.toUnsignedInt(buffer.getShort(local + 26))
                    + Short.toUnsignedInt(buffer.getShort(local + 28));
            Arrays.fill(copy, data, data + buffer.getInt(record + 20), (byte) 0xFF);
        });
        return copy;
    }

    private static void forEntry(byte[] zip, String name, ObjIntConsumer<ByteBuffer> change) {
        ByteBuffer buffer = ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN);
        int position = buffer.getInt(zip.length - 22 + 16);
        while (buffer.getInt(position) == 0x02014b50) {
            int nameLength = Short.toUnsignedInt(buffer.getShort(position + 28));
            if (new String(zip, position + 46, nameLength, StandardCharsets.UTF_8).equals(name)) {
                change.accept(buffer, position);
                return;
            }
            position += 46
                    + nameLength
                    + Short.toUnsignedInt(buffer.getShort(position + 30))
                    + Short.toUnsignedInt(buffer.getShort(position + 32));
        }
        throw new IllegalArgumentException("no entry " + name);
    }

    /** A package with 100,000 entries (Zip64 directory). */
    public static byte[] tooManyEntries(int count) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes)) {
            out.setLevel(0);
            out.putNextEntry(new ZipEntry("imsmanifest.xml"));
            out.write(MANIFEST_12.getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
            for (int i = 0; i < count; i++) {
                out.putNextEntry(new ZipEntry("f/" + i));
                out.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** A package with a symbolic link entry pointing at /etc/passwd. */
    public static byte[] symlink() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipArchiveOutputStream out = new ZipArchiveOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> e : Map.of(
                            "imsmanifest.xml",
                            MANIFEST_12.getBytes(StandardCharsets.UTF_8),
                            "index.html",
                            "<html></html>".getBytes(StandardCharsets.UTF_8))
                    .entrySet()) {
                ZipArchiveEntry entry = new ZipArchiveEntry(e.getKey());
                out.putArchiveEntry(entry);
                out.write(e.getValue());
                out.closeArchiveEntry();
            }
            ZipArchiveEntry link = new ZipArchiveEntry("passwd.html");
            link.setUnixMode(0120777);
            out.putArchiveEntry(link);
            out.write("/etc/passwd".getBytes(StandardCharsets.UTF_8));
            out.closeArchiveEntry();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static byte[] caseDuplicates() {
        return scorm12(Map.of("Index.html", "<html>other</html>".getBytes(StandardCharsets.UTF_8)));
    }

    /** "café.html" once composed (NFC) and once decomposed (NFD). */
    public static byte[] normalisationDuplicates() {
        return scorm12(Map.of("caf\u00e9.html", new byte[] {1}, "cafe\u0301.html", new byte[] {2}));
    }

    public static byte[] externalEntity() {
        return withManifest("""
                <?xml version="1.0"?>
                <!DOCTYPE manifest [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
                <manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"><metadata>
                <schemaversion>1.2</schemaversion></metadata><organizations><organization identifier="o">
                <title>&xxe;</title></organization></organizations><resources/></manifest>
                """);
    }

    public static byte[] billionLaughs() {
        StringBuilder dtd = new StringBuilder("<!DOCTYPE manifest [<!ENTITY lol \"lol\">");
        dtd.append("<!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">");
        for (int i = 2; i <= 9; i++) {
            dtd.append("<!ENTITY lol").append(i).append(" \"");
            for (int j = 0; j < 10; j++) {
                dtd.append("&lol").append(i - 1).append(';');
            }
            dtd.append("\">");
        }
        dtd.append("]>");
        return withManifest("<?xml version=\"1.0\"?>" + dtd + "<manifest identifier=\"m\"><metadata><schemaversion>1.2"
                + "</schemaversion></metadata><organizations><organization identifier=\"o\"><title>&lol9;</title>"
                + "</organization></organizations></manifest>");
    }

    public static byte[] notZip() {
        return "This is a text file that someone renamed to package.zip.\n"
                .repeat(20)
                .getBytes(StandardCharsets.UTF_8);
    }
}

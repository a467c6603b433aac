package org.courseplatform.scorm.processing;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipException;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.courseplatform.scorm.storage.PackageFile;

/**
 * A zip archive that passed the safety checks, open for reading. {@link #open} checks the whole
 * central directory before a single byte is extracted:
 * <ul>
 * <li>{@code not_zip}: no readable central directory, or entries that are encrypted or use a
 * compression method that cannot be read;</li>
 * <li>{@code too_many_files}: more entries than the limit (counted before the directory is
 * loaded, see {@link CentralDirectoryScan});</li>
 * <li>{@code unsafe_paths}: absolute names, drive letters, {@code ..} segments, control
 * characters, links and other non-regular entries (Unix mode in the external attributes), and
 * names that collide once case and Unicode normalisation are ignored;</li>
 * <li>{@code zip_bomb}: more than the limit expanded in total, an archive or a large entry
 * expanding more than the ratio limit, or entries whose data overlap (one compressed run
 * expanded many times).</li>
 * </ul>
 * Declared sizes can lie, so reading ({@link #copy}) enforces them again on the actual bytes.
 */
public final class SafeArchive implements AutoCloseable {

    /**
     * Stored, deflated and deflate64 (Windows' "compressed folder" for large files): what zip
     * tools and authoring tools write. Other methods (bzip2, xz, implode, ...) are refused up front,
     * which also keeps their decoders away from untrusted bytes.
     */
    private static final Set<Integer> READABLE_METHODS = Set.of(0, 8, 9);

    /** A file of the archive: its safe relative path and the library's entry. */
    public record Entry(String path, long size, long compressedSize, ZipArchiveEntry raw) {}

    private static final int S_IFMT = 0170000;
    private static final int S_IFREG = 0100000;
    private static final int S_IFDIR = 0040000;
    private static final int S_IFLNK = 0120000;

    private final ZipFile zip;
    private final Map<String, Entry> files;
    private final long archiveBytes;
    private final long expandedBytes;
    private final ZipLimits limits;
    private long extracted;

    private SafeArchive(
            ZipFile zip, Map<String, Entry> files, long archiveBytes, long expandedBytes, ZipLimits limits) {
        this.zip = zip;
        this.files = files;
        this.archiveBytes = archiveBytes;
        this.expandedBytes = expandedBytes;
        this.limits = limits;
    }

    public static SafeArchive open(Path path, ZipLimits limits) throws Rejection, IOException {
        int counted = CentralDirectoryScan.count(path, limits.maxEntries());
        if (counted > limits.maxEntries()) {
            throw new Rejection(
                    Rejection.TOO_MANY_FILES,
                    "The archive has more than " + limits.maxEntries() + " entries, the most a package may have.");
        }
        ZipFile zip;
        try {
            zip = ZipFile.builder().setPath(path).setUseUnicodeExtraFields(true).get();
        } catch (ZipException | IllegalArgumentException e) {
            throw new Rejection(Rejection.NOT_ZIP, "The file is not a valid zip archive: " + sentence(e) + ".");
        } catch (IOException e) {
            if (Files.isReadable(path)) {
                throw new Rejection(Rejection.NOT_ZIP, "The file is not a valid zip archive: " + sentence(e) + ".");
            }
            throw e;
        } catch (RuntimeException e) {
            throw new Rejection(Rejection.NOT_ZIP, "The file is not a valid zip archive: " + sentence(e) + ".");
        }
        try {
            SafeArchive archive = check(zip, Files.size(path), limits);
            zip = null;
            return archive;
        } catch (RuntimeException e) {
            throw new Rejection(Rejection.NOT_ZIP, "The file is not a valid zip archive: " + sentence(e) + ".");
        } finally {
            if (zip != null) {
                zip.close();
            }
        }
    }

    private static SafeArchive check(ZipFile zip, long archiveBytes, ZipLimits limits) throws Rejection {
        List<ZipArchiveEntry> entries = Collections.list(zip.getEntries());
        if (entries.size() > limits.maxEntries()) {
            throw new Rejection(
                    Rejection.TOO_MANY_FILES,
                    "The archive has " + entries.size() + " entries; a package may have at most " + limits.maxEntries()
                            + ".");
        }
        Map<String, String> seen = new HashMap<>();
        Map<String, Entry> files = new LinkedHashMap<>();
        long declared = 0;
        for (ZipArchiveEntry entry : entries) {
            String name = entry.getName();
            String path = safePath(name);
            checkType(entry, name);
            String folded = fold(path);
            String earlier = seen.putIfAbsent(folded, name);
            if (earlier != null) {
                throw new Rejection(
                        Rejection.UNSAFE_PATHS,
                        "The archive has two entries that differ only in case or" + " Unicode normalisation (\""
                                + printable(earlier) + "\" and \"" + printable(name) + "\").");
            }
            if (!entry.isDirectory() && !READABLE_METHODS.contains(entry.getMethod())) {
                throw new Rejection(
                        Rejection.NOT_ZIP,
                        "The entry \"" + printable(name) + "\" uses compression method " + entry.getMethod()
                                + "; packages must be stored or deflated (what every zip tool writes by default).");
            }
            if (!zip.canReadEntryData(entry)) {
                throw new Rejection(
                        Rejection.NOT_ZIP,
                        "The entry \"" + printable(name) + "\" is encrypted or uses a"
                                + " compression method that cannot be read (method " + entry.getMethod() + ").");
            }
            if (entry.isDirectory()) {
                continue;
            }
            long size = entry.getSize();
            long compressed = entry.getCompressedSize();
            if (size < 0 || compressed < 0) {
                throw new Rejection(
                        Rejection.NOT_ZIP, "The entry \"" + printable(name) + "\" does not declare its size.");
            }
            declared += size;
            if (declared > limits.maxExpandedBytes()) {
                throw new Rejection(
                        Rejection.ZIP_BOMB,
                        "The archive expands to more than " + bytes(limits.maxExpandedBytes())
                                + ", the most a package may hold.");
            }
            if (size > limits.ratioEntryThreshold() && size > (double) Math.max(compressed, 1) * limits.maxRatio()) {
                throw new Rejection(
                        Rejection.ZIP_BOMB,
                        "The entry \"" + printable(name) + "\" expands " + ratio(size, compressed)
                                + " times (" + bytes(size) + " from " + bytes(compressed) + "); at most "
                                + limits.maxRatio()
                                + " times is allowed.");
            }
            files.put(path, new Entry(path, size, compressed, entry));
        }
        // A file must not also be a folder of another file ("a" and "a/b"), in any case or normalisation.
        Map<String, String> foldedFiles = new HashMap<>();
        for (String path : files.keySet()) {
            foldedFiles.put(fold(path), path);
        }
        for (String path : files.keySet()) {
            for (int slash = path.indexOf('/'); slash > 0; slash = path.indexOf('/', slash + 1)) {
                String clash = foldedFiles.get(fold(path.substring(0, slash)));
                if (clash != null) {
                    throw new Rejection(
                            Rejection.UNSAFE_PATHS,
                            "The archive has a file \"" + printable(clash) + "\" that is also a folder of \""
                                    + printable(path) + "\".");
                }
            }
        }
        if (declared > (double) Math.max(archiveBytes, 1) * limits.maxRatio()) {
            throw new Rejection(
                    Rejection.ZIP_BOMB,
                    "The archive expands " + ratio(declared, archiveBytes) + " times (" + bytes(declared) + " from "
                            + bytes(archiveBytes) + "); at most " + limits.maxRatio() + " times is allowed.");
        }
        checkOverlap(entries);
        return new SafeArchive(zip, files, archiveBytes, declared, limits);
    }

    /** Entries whose data ranges overlap expand the same bytes several times: the "overlapping files" bomb. */
    private static void checkOverlap(List<ZipArchiveEntry> entries) throws Rejection {
        List<ZipArchiveEntry> sorted = new ArrayList<>(entries);
        sorted.sort(Comparator.comparingLong(ZipArchiveEntry::getLocalHeaderOffset));
        long end = -1;
        String previous = null;
        for (ZipArchiveEntry entry : sorted) {
            long start = entry.getLocalHeaderOffset();
            if (start < end) {
                throw new Rejection(
                        Rejection.ZIP_BOMB,
                        "The entries \"" + printable(previous) + "\" and \"" + printable(entry.getName())
                                + "\" share compressed data, a trick of zip bombs.");
            }
            long dataOffset = entry.getDataOffset();
            end = Math.max(end, (dataOffset < 0 ? start + 30 : dataOffset) + Math.max(entry.getCompressedSize(), 0));
            previous = entry.getName();
        }
    }

    private static void checkType(ZipArchiveEntry entry, String name) throws Rejection {
        if (entry.getPlatform() != ZipArchiveEntry.PLATFORM_UNIX) {
            return;
        }
        int type = entry.getUnixMode() & S_IFMT;
        if (type == S_IFLNK || entry.isUnixSymlink()) {
            throw new Rejection(
                    Rejection.UNSAFE_PATHS,
                    "The entry \"" + printable(name) + "\" is a symbolic link;"
                            + " packages may hold only files and folders.");
        }
        if (type != 0 && type != S_IFREG && type != S_IFDIR) {
            throw new Rejection(
                    Rejection.UNSAFE_PATHS,
                    "The entry \"" + printable(name) + "\" is not a regular file" + " or folder (Unix mode "
                            + Integer.toOctalString(entry.getUnixMode()) + ").");
        }
    }

    /**
     * The entry name as a safe relative path with {@code /} separators and no trailing slash.
     *
     * @throws Rejection {@code unsafe_paths} for anything that could land outside the package
     */
    static String safePath(String name) throws Rejection {
        if (name == null || name.isEmpty()) {
            throw unsafe(name, "has an empty name");
        }
        if (name.length() > 1024) {
            throw unsafe(name.substring(0, 60) + "…", "has a name longer than 1024 characters");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                throw unsafe(name, "contains a control character");
            }
        }
        String path = name.replace('\\', '/');
        if (path.startsWith("/")) {
            throw unsafe(name, "is an absolute path");
        }
        if (path.length() >= 2 && path.charAt(1) == ':' && Character.isLetter(path.charAt(0))) {
            throw unsafe(name, "starts with a drive letter");
        }
        String[] segments = path.split("/", -1);
        StringBuilder safe = new StringBuilder();
        for (int i = 0; i < segments.length; i++) {
            String segment = segments[i];
            if (segment.equals("..")) {
                throw unsafe(name, "climbs out of the package with \"..\"");
            }
            if (segment.isEmpty() || segment.equals(".")) {
                if (i == segments.length - 1 && i > 0) {
                    continue; // a folder's trailing slash
                }
                throw unsafe(name, "has an empty or \".\" path segment");
            }
            if (segment.length() > 255) {
                throw unsafe(name, "has a path segment longer than 255 characters");
            }
            if (safe.length() > 0) {
                safe.append('/');
            }
            safe.append(segment);
        }
        return safe.toString();
    }

    /** The key two names share when they differ only in case or Unicode normalisation. */
    static String fold(String path) {
        String nfkc = Normalizer.normalize(path, Normalizer.Form.NFKC);
        return Normalizer.normalize(
                nfkc.toLowerCase(Locale.ROOT).toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT), Normalizer.Form.NFKC);
    }

    private static Rejection unsafe(String name, String why) {
        return new Rejection(
                Rejection.UNSAFE_PATHS,
                "The entry \"" + printable(name) + "\" " + why
                        + "; packages may hold only relative paths inside the package.");
    }

    /** The files by safe path, in central directory order. */
    /**
     * Where a file's bytes lie in the zip (as the checks and {@link #copy} read them), to be served
     * from the zip by range.
     */
    public PackageFile location(Entry entry) throws Rejection {
        long offset = entry.raw().getDataOffset();
        if (offset < 0 || entry.compressedSize() < 0 || offset + entry.compressedSize() > archiveBytes) {
            throw new Rejection(
                    Rejection.NOT_ZIP,
                    "The entry \"" + printable(entry.path()) + "\" has no readable place in the archive.");
        }
        return new PackageFile(
                entry.path(),
                offset,
                entry.compressedSize(),
                entry.size(),
                entry.raw().getMethod());
    }

    public Map<String, Entry> files() {
        return Collections.unmodifiableMap(files);
    }

    public long expandedBytes() {
        return expandedBytes;
    }

    public long archiveBytes() {
        return archiveBytes;
    }

    /**
     * Reads a file into {@code out}, failing with {@code zip_bomb} when it yields more bytes than its
     * entry declared or the archive more than the total limit, and {@code not_zip} when the data
     * is corrupt. Never reads more than one byte past the declared size.
     */
    public void copy(Entry entry, OutputStream out) throws Rejection, IOException {
        long allowed = entry.size();
        byte[] buffer = new byte[64 * 1024];
        long read = 0;
        try (InputStream in = zip.getInputStream(entry.raw())) {
            int n;
            while ((n = in.read(buffer, 0, (int) Math.min(buffer.length, allowed - read + 1))) > 0) {
                read += n;
                extracted += n;
                if (read > allowed) {
                    throw new Rejection(
                            Rejection.ZIP_BOMB,
                            "The entry \"" + printable(entry.path()) + "\" expands beyond the size it declares ("
                                    + bytes(entry.size()) + ").");
                }
                if (extracted > limits.maxExpandedBytes()) {
                    throw new Rejection(
                            Rejection.ZIP_BOMB,
                            "The archive expands to more than " + bytes(limits.maxExpandedBytes()) + ".");
                }
                out.write(buffer, 0, n);
            }
        } catch (ZipException | RuntimeException e) {
            throw new Rejection(
                    Rejection.NOT_ZIP,
                    "The entry \"" + printable(entry.path()) + "\" cannot be read: " + sentence(e) + ".");
        } catch (IOException e) {
            if (fromDecoder(e)) {
                throw new Rejection(
                        Rejection.NOT_ZIP,
                        "The entry \"" + printable(entry.path()) + "\" cannot be read: " + sentence(e) + ".");
            }
            throw e;
        }
        if (read < entry.size()) {
            throw new Rejection(
                    Rejection.NOT_ZIP,
                    "The entry \"" + printable(entry.path()) + "\" is shorter than it declares" + " (" + bytes(read)
                            + " of " + bytes(entry.size()) + ").");
        }
    }

    /**
     * Whether an exception came from decoding the archive's bytes (corrupt data) rather than from
     * the file system: decoders throw plain {@code IOException}s too, so the origin decides.
     */
    private static boolean fromDecoder(IOException e) {
        if (e.getClass().getName().startsWith("org.apache.commons.compress") || e instanceof EOFException) {
            return true;
        }
        StackTraceElement[] trace = e.getStackTrace();
        if (trace.length == 0) {
            return false;
        }
        String origin = trace[0].getClassName();
        return origin.startsWith("org.apache.commons.compress.") || origin.startsWith("java.util.zip.");
    }

    @Override
    public void close() throws IOException {
        zip.close();
    }

    static String printable(String name) {
        if (name == null) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        name.codePoints().limit(200).forEach(c -> {
            if (c < 0x20 || c == 0x7f) {
                out.append(String.format("\\u%04x", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.toString();
    }

    private static String sentence(Exception e) {
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            return e.getClass().getSimpleName();
        }
        message = printable(message.strip());
        return message.endsWith(".") ? message.substring(0, message.length() - 1) : message;
    }

    static String bytes(long n) {
        if (n >= 1L << 30) {
            return String.format(Locale.ROOT, "%.1f GiB", n / (double) (1L << 30));
        }
        if (n >= 1L << 20) {
            return String.format(Locale.ROOT, "%.1f MiB", n / (double) (1L << 20));
        }
        if (n >= 1L << 10) {
            return String.format(Locale.ROOT, "%.1f KiB", n / 1024.0);
        }
        return n + " bytes";
    }

    private static String ratio(long expanded, long compressed) {
        return String.format(Locale.ROOT, "%.0f", expanded / (double) Math.max(compressed, 1));
    }
}

package org.courseplatform.courses.export;

import io.quarkus.logging.Log;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.courseplatform.platform.web.ApiException;

/**
 * The browser files a package carries, built by {@code src/main/webui/build.sh} into
 * {@code scorm-runtime/} on the classpath (not served over HTTP): {@code static.txt} and
 * {@code dynamic.txt} list them, one relative path a line. Read once per type and checked: every
 * path relative and inside the directory, present, not one of the files the export writes itself,
 * and the SCO's launch file among them. A build without them answers 503 rather than a package
 * that cannot play.
 */
@ApplicationScoped
public class RuntimeFiles {

    static final String ROOT = "scorm-runtime/";
    static final String COURSE_DATA = "course-data.js";
    static final String LAUNCH_CONFIG = "launch-config.js";
    private static final Set<String> GENERATED = Set.of(ManifestWriter.FILE, COURSE_DATA, LAUNCH_CONFIG);

    private final Map<ExportOptions.Type, List<String>> lists = new EnumMap<>(ExportOptions.Type.class);

    /** The runtime files of a package type, in the list's order. */
    public synchronized List<String> of(ExportOptions.Type type) {
        List<String> files = lists.get(type);
        if (files == null) {
            files = read(type);
            lists.put(type, files);
        }
        return files;
    }

    /** Opens one listed runtime file. */
    public InputStream open(String path) throws IOException {
        InputStream in = loader().getResourceAsStream(ROOT + path);
        if (in == null) {
            throw new IOException("the SCORM runtime file " + path + " is no longer on the classpath");
        }
        return in;
    }

    private List<String> read(ExportOptions.Type type) {
        String listName = type.list;
        Set<String> files = new LinkedHashSet<>();
        try (InputStream in = loader().getResourceAsStream(listName)) {
            if (in == null) {
                throw missing(type, listName + " is not on the classpath");
            }
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String path = line.strip();
                if (path.isEmpty() || path.startsWith("#")) {
                    continue;
                }
                if (!safe(path) || GENERATED.contains(path)) {
                    throw missing(type, listName + " lists \"" + path + "\", which a package cannot carry");
                }
                URL resource = loader().getResource(ROOT + path);
                if (resource == null) {
                    throw missing(type, listName + " lists " + path + ", which is not on the classpath");
                }
                files.add(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!files.contains(type.launch)) {
            throw missing(type, listName + " does not list the launch file " + type.launch);
        }
        return List.copyOf(new ArrayList<>(files));
    }

    /** A relative path of plain segments: no absolute path, no {@code ..} or {@code .}, no backslash, no control character. */
    static boolean safe(String path) {
        if (path.startsWith("/")
                || path.contains("\\")
                || path.length() > 300
                || path.chars().anyMatch(c -> c < 0x20)) {
            return false;
        }
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..") || segment.contains(":")) {
                return false;
            }
        }
        return true;
    }

    private static ApiException missing(ExportOptions.Type type, String why) {
        Log.errorf("The %s SCORM runtime of this build is unusable: %s", type.wire, why);
        return ApiException.unavailable("This service was built without the " + type.wire
                + " SCORM runtime, so it cannot make this package (the service log says why)");
    }

    private static ClassLoader loader() {
        return RuntimeFiles.class.getClassLoader();
    }
}

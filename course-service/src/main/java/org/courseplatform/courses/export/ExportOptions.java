package org.courseplatform.courses.export;

import java.util.ArrayList;
import java.util.List;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;

/** The query of GET /v1/headless/course/scorm/{id}: which package ({@code type}) for which SCORM {@code version}. */
public record ExportOptions(Type type, Version version) {

    /** {@code static}: the course and the player inside the package; {@code dynamic}: a launcher of the live course. */
    public enum Type {
        STATIC("static", "index.html", "scorm-runtime/static.txt"),
        DYNAMIC("dynamic", "launcher.html", "scorm-runtime/dynamic.txt");

        final String wire;
        /** The SCO's launch file. */
        final String launch;
        /** The classpath list of the runtime files this package carries. */
        final String list;

        Type(String wire, String launch, String list) {
            this.wire = wire;
            this.launch = launch;
            this.list = list;
        }

        public String wire() {
            return wire;
        }
    }

    /** The SCORM edition the manifest and the runtime speak: 1.2, or 2004 3rd Edition. */
    public enum Version {
        V1_2("1.2"),
        V2004("2004");

        final String wire;

        Version(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }
    }

    /** Both parameters are required; every problem is named in {@code details} (400). */
    public static ExportOptions parse(String type, String version) {
        List<ApiError.Detail> problems = new ArrayList<>();
        Type t = null;
        Version v = null;
        for (Type candidate : Type.values()) {
            if (candidate.wire.equals(type)) {
                t = candidate;
            }
        }
        for (Version candidate : Version.values()) {
            if (candidate.wire.equals(version)) {
                v = candidate;
            }
        }
        if (t == null) {
            problems.add(new ApiError.Detail(
                    "type",
                    type == null || type.isEmpty() ? "is required: static or dynamic" : "must be static or dynamic"));
        }
        if (v == null) {
            problems.add(new ApiError.Detail(
                    "version",
                    version == null || version.isEmpty() ? "is required: 1.2 or 2004" : "must be 1.2 or 2004"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        return new ExportOptions(t, v);
    }

    /** The download's name: {@code <course key>-scorm<version>-<type>.zip}. */
    public String fileName(String courseKey) {
        String key = courseKey == null ? "" : courseKey.replaceAll("[^A-Za-z0-9._-]", "_");
        return (key.isEmpty() ? "course" : key) + "-scorm" + version.wire + "-" + type.wire + ".zip";
    }
}

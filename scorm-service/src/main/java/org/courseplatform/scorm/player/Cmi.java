package org.courseplatform.scorm.player;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The part of a SCO's runtime data (CMI) the service keeps, read from a scorm-again commit
 * ({@code {"cmi": {...}}}) of SCORM 1.2 or 2004, and the JSON that restores it at the next launch.
 */
public record Cmi(
        String location,
        String suspendData,
        String completionStatus,
        String successStatus,
        Double scoreRaw,
        Double scoreMin,
        Double scoreMax,
        Double scoreScaled,
        String totalTime,
        double totalSeconds,
        String exit) {

    private static final Pattern HHMMSS = Pattern.compile("^(\\d{1,4}):(\\d{1,2}):(\\d{1,2}(?:\\.\\d{1,3})?)$");
    private static final Pattern ISO = Pattern.compile(
            "^P(?:(\\d+(?:\\.\\d+)?)Y)?(?:(\\d+(?:\\.\\d+)?)M)?(?:(\\d+(?:\\.\\d+)?)D)?(?:T(?:(\\d+(?:\\.\\d+)?)H)?(?:(\\d+(?:\\.\\d+)?)M)?(?:(\\d+(?:\\.\\d+)?)S)?)?$");

    /** Reads a commit of a package of {@code version} (1.2 or 2004). */
    public static Cmi read(JsonNode commit, boolean scorm12) {
        JsonNode cmi = commit.has("cmi") ? commit.path("cmi") : commit;
        if (scorm12) {
            JsonNode core = cmi.path("core");
            String status = text(core, "lesson_status");
            String completion = status == null
                    ? null
                    : switch (status) {
                        case "completed", "passed", "failed" -> "completed";
                        case "incomplete", "browsed" -> "incomplete";
                        default -> "not attempted";
                    };
            String success = status == null
                    ? null
                    : switch (status) {
                        case "passed" -> "passed";
                        case "failed" -> "failed";
                        default -> "unknown";
                    };
            String total = text(core, "total_time");
            return new Cmi(
                    text(core, "lesson_location"),
                    text(cmi, "suspend_data"),
                    completion,
                    success,
                    number(core.path("score"), "raw"),
                    number(core.path("score"), "min"),
                    number(core.path("score"), "max"),
                    null,
                    total,
                    seconds(total),
                    text(core, "exit"));
        }
        String total = text(cmi, "total_time");
        JsonNode score = cmi.path("score");
        return new Cmi(
                text(cmi, "location"),
                text(cmi, "suspend_data"),
                text(cmi, "completion_status"),
                text(cmi, "success_status"),
                number(score, "raw"),
                number(score, "min"),
                number(score, "max"),
                number(score, "scaled"),
                total,
                seconds(total),
                text(cmi, "exit"));
    }

    /** Whether the SCO is finished for course completion. SCORM 1.2 "failed" counts as finished, as LMSs do. */
    public boolean complete() {
        return "completed".equals(completionStatus);
    }

    /**
     * The JSON scorm-again's {@code loadFromJSON} takes before the SCO starts: what the SCO saved
     * and {@code entry} set to {@code resume} when it left with {@code exit=suspend}.
     *
     * @param saved the stored state, or null at the first launch
     * @param lessonStatus1p2 the stored SCORM 1.2 lesson_status, which carries both statuses
     */
    public static ObjectNode restore(
            ObjectMapper mapper, boolean scorm12, Cmi saved, String lessonStatus1p2, String learnerId) {
        ObjectNode root = mapper.createObjectNode();
        String entry = saved == null
                ? "ab-initio"
                : "suspend".equals(saved.exit()) || "logout".equals(saved.exit()) ? "resume" : "";
        if (scorm12) {
            ObjectNode core = root.putObject("core");
            core.put("student_id", learnerId).put("student_name", learnerId).put("entry", entry);
            if (saved != null) {
                putIf(core, "lesson_location", saved.location());
                putIf(core, "lesson_status", lessonStatus1p2);
                putIf(core, "total_time", saved.totalTime());
                ObjectNode score = mapper.createObjectNode();
                putNumber(score, "raw", saved.scoreRaw());
                putNumber(score, "min", saved.scoreMin());
                putNumber(score, "max", saved.scoreMax());
                if (score.size() > 0) {
                    core.set("score", score);
                }
                putIf(root, "suspend_data", saved.suspendData());
            }
            return root;
        }
        root.put("learner_id", learnerId).put("learner_name", learnerId).put("entry", entry);
        if (saved != null) {
            putIf(root, "location", saved.location());
            putIf(root, "completion_status", saved.completionStatus());
            putIf(root, "success_status", saved.successStatus());
            putIf(root, "total_time", saved.totalTime());
            putIf(root, "suspend_data", saved.suspendData());
            ObjectNode score = mapper.createObjectNode();
            putNumber(score, "scaled", saved.scoreScaled());
            putNumber(score, "raw", saved.scoreRaw());
            putNumber(score, "min", saved.scoreMin());
            putNumber(score, "max", saved.scoreMax());
            if (score.size() > 0) {
                root.set("score", score);
            }
        }
        return root;
    }

    /** The 1.2 lesson_status as the SCO set it, for restoring. */
    public static String lessonStatus(JsonNode commit) {
        JsonNode cmi = commit.has("cmi") ? commit.path("cmi") : commit;
        return text(cmi.path("core"), "lesson_status");
    }

    /** Seconds of a SCORM 1.2 {@code HHHH:MM:SS.SS} or SCORM 2004 ISO 8601 duration; 0 when unreadable. */
    static double seconds(String time) {
        if (time == null) {
            return 0;
        }
        Matcher m = HHMMSS.matcher(time.strip());
        if (m.matches()) {
            return Integer.parseInt(m.group(1)) * 3600.0
                    + Integer.parseInt(m.group(2)) * 60.0
                    + Double.parseDouble(m.group(3));
        }
        m = ISO.matcher(time.strip().toUpperCase(Locale.ROOT));
        if (m.matches() && time.strip().length() > 1 && !time.strip().endsWith("T")) {
            double[] factors = {365 * 86400.0, 30 * 86400.0, 86400.0, 3600.0, 60.0, 1.0};
            double total = 0;
            for (int i = 0; i < factors.length; i++) {
                if (m.group(i + 1) != null) {
                    total += Double.parseDouble(m.group(i + 1)) * factors[i];
                }
            }
            return total;
        }
        return 0;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (value.isMissingNode() || value.isNull() || value.isContainerNode()) {
            return null;
        }
        String text = value.asText();
        return text.isEmpty() ? null : text;
    }

    private static Double number(JsonNode node, String field) {
        String text = text(node, field);
        if (text == null) {
            return null;
        }
        try {
            double value = Double.parseDouble(text);
            return Double.isFinite(value) ? value : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static void putIf(ObjectNode node, String field, String value) {
        if (value != null) {
            node.put(field, value);
        }
    }

    private static void putNumber(ObjectNode node, String field, Double value) {
        if (value != null) {
            node.put(
                    field,
                    value.toString().endsWith(".0")
                            ? value.toString().substring(0, value.toString().length() - 2)
                            : value.toString());
        }
    }
}

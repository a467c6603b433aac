package org.courseplatform.platform.testing.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Ids the fuzzer has seen in successful answers, by resource noun, so that path and query values
 * name things that exist ({@code /course/{id}/publish} gets an id a {@code POST .../courses} answered).
 * Ids from the operator admin API are kept apart and are the only ones admin operations get: the
 * fuzzer never addresses a workspace or key it did not create itself (see {@link ApiFuzzer}).
 */
final class IdPool {

    private static final int MAX_PER_NOUN = 100;
    private static final String ADMIN = "admin:";

    private final Map<String, List<String>> byNoun = new LinkedHashMap<>();
    private final List<String> any = new ArrayList<>();

    /** Remembers the {@code id} of an object answer, or of each element of an array answer. */
    void harvest(Operation operation, JsonNode answer) {
        String noun = (operation.admin() ? ADMIN : "") + answerNoun(operation.path());
        if (answer.isArray()) {
            for (int i = 0; i < answer.size() && i < 20; i++) {
                add(noun, operation.admin(), answer.get(i).path("id"));
            }
        } else {
            add(noun, operation.admin(), answer.path("id"));
        }
    }

    private void add(String noun, boolean admin, JsonNode id) {
        if (!id.isIntegralNumber() && !id.isTextual()) {
            return;
        }
        String value = id.asText();
        if (value.isEmpty() || value.length() > 64) {
            return;
        }
        List<String> ids = byNoun.computeIfAbsent(noun, n -> new ArrayList<>());
        if (!ids.contains(value) && ids.size() < MAX_PER_NOUN) {
            ids.add(value);
        }
        if (!admin && !any.contains(value) && any.size() < MAX_PER_NOUN) {
            any.add(value);
        }
    }

    /**
     * An id for the parameter {@code name} of {@code operation}. {@code draw} is one random number the
     * caller always takes, so the random sequence of a seed does not depend on what the server answered.
     */
    String pick(Operation operation, String name, int draw) {
        String wanted = paramNoun(operation.path(), name);
        List<String> candidates = new ArrayList<>();
        for (Map.Entry<String, List<String>> entry : byNoun.entrySet()) {
            boolean adminNoun = entry.getKey().startsWith(ADMIN);
            String noun = adminNoun ? entry.getKey().substring(ADMIN.length()) : entry.getKey();
            if (adminNoun == operation.admin() && matches(noun, wanted)) {
                candidates.addAll(entry.getValue());
            }
        }
        if (!candidates.isEmpty()) {
            return candidates.get(Math.floorMod(draw, candidates.size()));
        }
        if (operation.admin()) {
            return "987654321987";
        }
        if (!any.isEmpty() && draw % 2 == 0) {
            return any.get(Math.floorMod(draw / 2, any.size()));
        }
        return String.valueOf(1 + Math.floorMod(draw, 5));
    }

    /** Whether a parameter or field of this name holds an id. */
    static boolean idLike(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return n.equals("id")
                || n.endsWith("id") && n.length() > 2
                || n.endsWith("_id")
                || n.equals("user")
                || n.equals("course")
                || n.equals("group")
                || n.equals("member")
                || n.equals("session");
    }

    private static boolean matches(String noun, String wanted) {
        return noun.equals(wanted)
                || noun.endsWith("-" + wanted)
                || wanted.endsWith("-" + noun)
                || wanted.equals("user") && noun.equals("member");
    }

    /** The noun of what an operation answers: its last literal segment, or the one before a trailing parameter. */
    static String answerNoun(String path) {
        String[] segments = path.split("/");
        for (int i = segments.length - 1; i >= 0; i--) {
            if (!segments[i].isEmpty() && !segments[i].startsWith("{")) {
                return singular(segments[i]);
            }
        }
        return "";
    }

    /** The noun a parameter names: {@code courseId} is a course, {@code {id}} after {@code /courses/} too. */
    static String paramNoun(String path, String name) {
        if (name.length() > 2 && name.endsWith("Id")) {
            return singular(name.substring(0, name.length() - 2));
        }
        if (!name.equals("id")) {
            return singular(name);
        }
        int at = path.indexOf("{" + name);
        return answerNoun(at < 0 ? path : path.substring(0, at));
    }

    private static String singular(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        if (w.endsWith("ies")) {
            return w.substring(0, w.length() - 3) + "y";
        }
        return w.endsWith("s") && !w.endsWith("ss") ? w.substring(0, w.length() - 1) : w;
    }
}

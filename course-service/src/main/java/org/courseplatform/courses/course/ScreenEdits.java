package org.courseplatform.courses.course;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.courseplatform.courses.document.CourseDocuments;
import org.courseplatform.courses.layout.IdSource;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;

/**
 * Screen- and element-level changes to a Builder 2 document tree, for edits that do not resend
 * the whole document. They only move nodes and make ids; whether the result is a valid document
 * is still decided by {@link CourseDocuments#parse}, so an edit can never store what a full save
 * could not.
 */
final class ScreenEdits {

    private static final SecureRandom RANDOM = new SecureRandom();

    private ScreenEdits() {}

    /** The {@code screens} array of a stored Builder 2 document. */
    static ArrayNode screens(ObjectNode document) {
        JsonNode screens = document.get("screens");
        if (screens == null || !screens.isArray()) {
            throw new IllegalStateException("a stored Builder 2 document has no screens array");
        }
        return (ArrayNode) screens;
    }

    /** Index of the screen with this id, or -1. */
    static int indexOf(ObjectNode document, String screenId) {
        ArrayNode screens = screens(document);
        for (int i = 0; i < screens.size(); i++) {
            JsonNode id = screens.get(i).get("id");
            if (id != null && id.isTextual() && id.asText().equals(screenId)) {
                return i;
            }
        }
        return -1;
    }

    /** The elements array of a screen, created when the screen has none. */
    static ArrayNode elements(ObjectNode screen) {
        JsonNode elements = screen.get("elements");
        if (elements == null || !elements.isArray()) {
            return screen.putArray("elements");
        }
        return (ArrayNode) elements;
    }

    /**
     * Every id used in the document (screens, elements, answers, quiz groups), so that new ids
     * never collide with one a client or an earlier edit chose.
     */
    static Set<String> usedIds(ObjectNode document) {
        Set<String> used = new HashSet<>();
        for (JsonNode screen : screens(document)) {
            collect(screen, used);
            JsonNode group = screen.path("group").get("id");
            if (group != null && group.isTextual()) {
                used.add(group.asText());
            }
            for (JsonNode element : screen.path("elements")) {
                collect(element, used);
                for (JsonNode answer : element.path("answers")) {
                    collect(answer, used);
                }
            }
        }
        return used;
    }

    /** Element id to the id of its screen, for every screen but the one at {@code except}. */
    static Map<String, String> elementIdsOutside(ObjectNode document, int except) {
        Map<String, String> owners = new HashMap<>();
        ArrayNode screens = screens(document);
        for (int i = 0; i < screens.size(); i++) {
            if (i == except) {
                continue;
            }
            String screenId = screens.get(i).path("id").asText();
            for (JsonNode element : screens.get(i).path("elements")) {
                if (element.path("id").isTextual()) {
                    owners.putIfAbsent(element.path("id").asText(), screenId);
                }
            }
        }
        return owners;
    }

    /** Adds the ids an element list brings (elements and their answers), before new ids are made. */
    static void collectIds(JsonNode elements, Set<String> used) {
        for (JsonNode element : elements) {
            collect(element, used);
            for (JsonNode answer : element.path("answers")) {
                collect(answer, used);
            }
        }
    }

    private static void collect(JsonNode node, Set<String> used) {
        JsonNode id = node.get("id");
        if (id != null && id.isTextual()) {
            used.add(id.asText());
        }
    }

    /**
     * Ids like {@code element-3f2a9c01}: short enough to read in a tool call, never one of
     * {@code used}, and each one made is added to {@code used}.
     */
    static IdSource freshIds(Set<String> used) {
        return prefix -> {
            while (true) {
                byte[] bytes = new byte[4];
                RANDOM.nextBytes(bytes);
                String id = prefix + "-" + HexFormat.of().formatHex(bytes);
                if (used.add(id)) {
                    return id;
                }
            }
        };
    }

    /**
     * Gives an element without an {@code id} (absent or null) a new one, and likewise each of
     * its answers. Ids already given are kept; the document rules check them.
     */
    static void assignIds(JsonNode element, IdSource ids) {
        if (!element.isObject()) {
            return;
        }
        ObjectNode object = (ObjectNode) element;
        if (missing(object.get("id"))) {
            object.put("id", ids.next(IdSource.ELEMENT));
        }
        JsonNode answers = object.get("answers");
        if (answers != null && answers.isArray()) {
            for (JsonNode answer : answers) {
                if (answer.isObject() && missing(answer.get("id"))) {
                    ((ObjectNode) answer).put("id", ids.next(IdSource.ANSWER));
                }
            }
        }
    }

    private static boolean missing(JsonNode value) {
        return value == null || value.isNull() || value.isMissingNode();
    }

    /** Inserts nodes into an array at {@code position} (0 = first, size = after the last). */
    static void insert(ArrayNode array, int position, List<? extends JsonNode> nodes) {
        for (int i = 0; i < nodes.size(); i++) {
            array.insert(position + i, nodes.get(i));
        }
    }

    /** Removes a screen and every translation of it, so translations only name screens that exist. */
    static void removeScreen(ObjectNode document, int index) {
        String id = screens(document).get(index).path("id").asText();
        screens(document).remove(index);
        for (JsonNode translation : document.path("translations")) {
            JsonNode screens = translation.get("screens");
            if (screens != null && screens.isObject()) {
                ((ObjectNode) screens).remove(id);
            }
        }
    }

    /**
     * Drops the translations of elements (and answers) a screen no longer has, after its element
     * list was replaced: a translation of a removed element would make the document invalid.
     */
    static void pruneTranslations(ObjectNode document, ObjectNode screen) {
        String screenId = screen.path("id").asText();
        Map<String, Set<String>> answersByElement = new HashMap<>();
        for (JsonNode element : screen.path("elements")) {
            JsonNode id = element.get("id");
            if (id == null || !id.isTextual()) {
                continue;
            }
            Set<String> answers = new HashSet<>();
            for (JsonNode answer : element.path("answers")) {
                if (answer.path("id").isTextual()) {
                    answers.add(answer.path("id").asText());
                }
            }
            answersByElement.put(id.asText(), answers);
        }
        for (JsonNode translation : document.path("translations")) {
            JsonNode elements = translation.path("screens").path(screenId).get("elements");
            if (elements == null || !elements.isObject()) {
                continue;
            }
            List<String> gone = new ArrayList<>();
            for (Map.Entry<String, JsonNode> entry : elements.properties()) {
                Set<String> answers = answersByElement.get(entry.getKey());
                if (answers == null) {
                    gone.add(entry.getKey());
                    continue;
                }
                JsonNode translated = entry.getValue().get("answers");
                if (translated != null && translated.isObject()) {
                    List<String> goneAnswers = new ArrayList<>();
                    translated.fieldNames().forEachRemaining(key -> {
                        if (!answers.contains(key)) {
                            goneAnswers.add(key);
                        }
                    });
                    ((ObjectNode) translated).remove(goneAnswers);
                }
            }
            ((ObjectNode) elements).remove(gone);
        }
    }

    /**
     * The same 400, with problems found under {@code from} (a document path such as
     * {@code document.screens[2].elements[0]}) named from the request instead ({@code element}, or
     * {@code ""} for the body itself), so a client sees the field it sent. Other failures pass unchanged.
     */
    static RuntimeException relocate(RuntimeException failure, String from, String to) {
        if (!(failure instanceof ApiException api) || api.details().isEmpty()) {
            return failure;
        }
        List<ApiError.Detail> details = new ArrayList<>();
        boolean moved = false;
        for (ApiError.Detail detail : api.details()) {
            String field = detail.field();
            String renamed = field;
            if (field.equals(from)) {
                renamed = to.isEmpty() ? "body" : to;
            } else if (field.startsWith(from + ".") || field.startsWith(from + "[")) {
                String rest = field.substring(from.length());
                renamed = to.isEmpty() ? (rest.startsWith(".") ? rest.substring(1) : rest) : to + rest;
            }
            moved |= !renamed.equals(field);
            details.add(new ApiError.Detail(renamed, detail.message()));
        }
        return moved ? ApiException.invalid(details) : failure;
    }
}

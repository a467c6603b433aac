package org.courseplatform.courses.course;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.courseplatform.courses.course.ScreenRequests.ElementAdded;
import org.courseplatform.courses.course.ScreenRequests.NewElement;
import org.courseplatform.courses.course.ScreenRequests.NewScreens;
import org.courseplatform.courses.course.ScreenRequests.ScreenChanges;
import org.courseplatform.courses.course.ScreenRequests.ScreenDeleted;
import org.courseplatform.courses.course.ScreenRequests.ScreenUpdated;
import org.courseplatform.courses.course.ScreenRequests.ScreensAdded;
import org.courseplatform.courses.document.CourseDocuments;
import org.courseplatform.courses.document.ParsedDocument;
import org.courseplatform.courses.layout.IdSource;
import org.courseplatform.courses.layout.LayoutCatalog;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Workers;

/**
 * Screen- and element-level edits of a Builder 2 draft, for agent tools and the builder: add
 * screens (from a layout or blank), add an element, change a screen, delete a screen.
 *
 * <p>Every edit is the builder's save in small: the draft is read with the course row locked,
 * changed as a JSON tree, checked by {@link CourseDocuments#parse} and stored through the same
 * path as PUT content, so the screen count, time estimate and size limit always follow the
 * document, and what an edit stores is always a document a full save would accept. The row lock
 * makes concurrent edits queue instead of overwriting each other, and makes an {@code If-Match}
 * check and the write one atomic step. Each edit bumps the course's revision and emits
 * {@code course.updated}, as a save does.
 */
@ApplicationScoped
public class CourseScreens {

    private final CourseService service;
    private final Courses lookup;
    private final CourseEvents events;
    private final LayoutCatalog layouts;
    private final ObjectMapper mapper;

    public CourseScreens(
            CourseService service, Courses lookup, CourseEvents events, LayoutCatalog layouts, ObjectMapper mapper) {
        this.service = service;
        this.lookup = lookup;
        this.events = events;
        this.layouts = layouts;
        this.mapper = mapper;
    }

    /** Adds the screens of a layout (three for a quiz) or one blank screen, at {@code position} or at the end. */
    @WithTransaction
    public Uni<ScreensAdded> addScreens(CourseScope scope, long id, IfMatch ifMatch, NewScreens request) {
        return edit(scope, id, ifMatch, document -> {
            ArrayNode screens = ScreenEdits.screens(document);
            int position =
                    position(request.position(), screens.size(), "the course has " + screens.size() + " screens");
            IdSource ids = ScreenEdits.freshIds(ScreenEdits.usedIds(document));
            List<ObjectNode> made =
                    request.layoutId() != null && !request.layoutId().isBlank()
                            ? layouts.instantiate(request.layoutId(), request.title(), ids)
                            : layouts.blank(request.type(), request.typeId(), request.title(), ids);
            if (screens.size() + made.size() > CourseDocuments.MAX_SCREENS) {
                throw ApiException.conflict("Course " + id + " has " + screens.size() + " screens; adding "
                        + made.size() + " would pass the limit of " + CourseDocuments.MAX_SCREENS);
            }
            ScreenEdits.insert(screens, position, made);
            List<String> madeIds =
                    made.stream().map(screen -> screen.get("id").asText()).toList();
            return new Change<>(
                    null,
                    null,
                    (stored, revision) -> new ScreensAdded(
                            id,
                            revision,
                            madeIds.stream()
                                    .map(screenId -> (JsonNode) screenIn(stored, screenId))
                                    .toList()));
        });
    }

    /** Adds one element to a screen, at {@code position} or at the end; the server gives it its id. */
    @WithTransaction
    public Uni<ElementAdded> addElement(
            CourseScope scope, long id, String screenId, IfMatch ifMatch, NewElement request) {
        JsonNode given = request.element();
        if (given == null || given.isNull() || given.isMissingNode()) {
            throw ApiException.invalid("element", "is required");
        }
        if (!given.isObject()) {
            throw ApiException.invalid("element", "must be an object {type, ...the fields of that type}");
        }
        JsonNode givenId = given.get("id");
        if (givenId != null && !givenId.isNull()) {
            throw ApiException.invalid("element.id", "is assigned by the server; leave it out");
        }
        ObjectNode element = ((ObjectNode) given).deepCopy();
        element.remove("id");
        return edit(scope, id, ifMatch, document -> {
            int index = indexOf(document, id, screenId);
            ArrayNode elements = ScreenEdits.elements(
                    (ObjectNode) ScreenEdits.screens(document).get(index));
            int position =
                    position(request.position(), elements.size(), "the screen has " + elements.size() + " elements");
            if (elements.size() >= CourseDocuments.MAX_ELEMENTS_PER_SCREEN) {
                throw ApiException.conflict("Screen " + quote(screenId) + " already has " + elements.size()
                        + " elements, the most a screen may have");
            }
            Set<String> used = ScreenEdits.usedIds(document);
            ScreenEdits.collectIds(JsonNodeFactory.instance.arrayNode().add(element), used);
            ScreenEdits.assignIds(element, ScreenEdits.freshIds(used));
            String elementId = element.get("id").asText();
            elements.insert(position, element);
            return new Change<>(
                    "document.screens[" + index + "].elements[" + position + "]",
                    "element",
                    (stored, revision) ->
                            new ElementAdded(id, revision, screenId, elementIn(stored, screenId, elementId)));
        });
    }

    /**
     * Changes a screen's title, description or whole element list; what is not given stays.
     * Elements without an id get one; translations of elements the screen no longer has are dropped.
     */
    @WithTransaction
    public Uni<ScreenUpdated> updateScreen(
            CourseScope scope, long id, String screenId, IfMatch ifMatch, ScreenChanges changes) {
        if (changes.title() == null && changes.description() == null && changes.elements() == null) {
            throw ApiException.badRequest("Nothing to change: give title, description or elements");
        }
        ArrayNode newElements =
                changes.elements() == null ? null : changes.elements().deepCopy();
        return edit(scope, id, ifMatch, document -> {
            int index = indexOf(document, id, screenId);
            ObjectNode screen = (ObjectNode) ScreenEdits.screens(document).get(index);
            if (changes.title() != null) {
                screen.put("title", changes.title());
            }
            if (changes.description() != null) {
                screen.put("description", changes.description());
            }
            if (newElements != null) {
                refuseIdsOfOtherScreens(document, index, newElements);
                Set<String> used = ScreenEdits.usedIds(document);
                ScreenEdits.collectIds(newElements, used);
                IdSource ids = ScreenEdits.freshIds(used);
                newElements.forEach(element -> ScreenEdits.assignIds(element, ids));
                screen.set("elements", newElements);
                ScreenEdits.pruneTranslations(document, screen);
            }
            return new Change<>(
                    "document.screens[" + index + "]",
                    "",
                    (stored, revision) -> new ScreenUpdated(id, revision, screenIn(stored, screenId)));
        });
    }

    /**
     * An element id that another screen already uses is this request's mistake, so it is named
     * from the request; the document rules would name whichever of the two comes later.
     */
    private static void refuseIdsOfOtherScreens(ObjectNode document, int index, ArrayNode newElements) {
        Map<String, String> elsewhere = ScreenEdits.elementIdsOutside(document, index);
        List<ApiError.Detail> clashes = new ArrayList<>();
        for (int j = 0; j < newElements.size(); j++) {
            JsonNode id = newElements.get(j).path("id");
            String owner = id.isTextual() ? elsewhere.get(id.asText()) : null;
            if (owner != null) {
                clashes.add(new ApiError.Detail(
                        "elements[" + j + "].id",
                        "is the id of an element of screen " + quote(owner)
                                + "; element ids are unique in the course (leave id out for a new element)"));
            }
        }
        if (!clashes.isEmpty()) {
            throw ApiException.invalid(clashes);
        }
    }

    /** Deletes a screen and its translations; the last screen of a course stays (409). */
    @WithTransaction
    public Uni<ScreenDeleted> deleteScreen(CourseScope scope, long id, String screenId, IfMatch ifMatch) {
        return edit(scope, id, ifMatch, document -> {
            int index = indexOf(document, id, screenId);
            if (ScreenEdits.screens(document).size() == 1) {
                throw ApiException.conflict("Screen " + quote(screenId) + " is the only screen of course " + id
                        + "; a course keeps at least one screen");
            }
            ScreenEdits.removeScreen(document, index);
            return new Change<>(null, null, (stored, revision) -> new ScreenDeleted(id, revision, screenId));
        });
    }

    /**
     * What an edit did: where in the document its request's problems would be reported ({@code from},
     * renamed to {@code to} for the client; null when the request adds nothing the rules could
     * refuse) and how to answer from the stored document and the new revision.
     */
    private record Change<T>(String from, String to, BiFunction<ObjectNode, Long, T> answer) {}

    private record Staged<T>(ParsedDocument parsed, Change<T> change) {}

    /**
     * Locks the course, checks it may be edited and the precondition, applies {@code change} to its
     * draft on a worker (a draft is up to 5 MB), then stores the result like PUT content does.
     */
    private <T> Uni<T> edit(CourseScope scope, long id, IfMatch ifMatch, Function<ObjectNode, Change<T>> change) {
        return lookup.findForUpdate(scope, id).chain(course -> {
            course.requireBuilder2Draft();
            ifMatch.check(course.id, course.revision);
            String draft = course.draft;
            return Workers.call(() -> {
                        ObjectNode document = read(draft);
                        Change<T> made = change.apply(document);
                        try {
                            return new Staged<>(service.parse(document), made);
                        } catch (RuntimeException e) {
                            throw made.from() == null ? e : ScreenEdits.relocate(e, made.from(), made.to());
                        }
                    })
                    .chain(staged -> {
                        service.applyDocument(course, staged.parsed());
                        // Flush inside the transaction so the answer carries the revision the update wrote.
                        return events.emit(Events.COURSE_UPDATED, course, scope.testMode())
                                .call(() -> Panache.flush())
                                .map(ignored -> staged.change()
                                        .answer()
                                        .apply(staged.parsed().document(), course.revision));
                    });
        });
    }

    private static int indexOf(ObjectNode document, long courseId, String screenId) {
        int index = ScreenEdits.indexOf(document, screenId);
        if (index < 0) {
            throw ApiException.notFound("Screen " + quote(screenId) + " not found in course " + courseId);
        }
        return index;
    }

    /** A 0-based insert position: absent means after the last; beyond the end is a 400 naming {@code position}. */
    private static int position(Integer position, int size, String why) {
        if (position == null) {
            return size;
        }
        if (position < 0 || position > size) {
            throw ApiException.invalid(
                    "position", "must be from 0 to " + size + " (" + why + "; leave it out to add at the end)");
        }
        return position;
    }

    private static ObjectNode screenIn(ObjectNode document, String screenId) {
        return (ObjectNode) ScreenEdits.screens(document).get(ScreenEdits.indexOf(document, screenId));
    }

    private static JsonNode elementIn(ObjectNode document, String screenId, String elementId) {
        for (JsonNode element : screenIn(document, screenId).path("elements")) {
            if (elementId.equals(element.path("id").asText(null))) {
                return element;
            }
        }
        throw new IllegalStateException("the element just added is not in the stored document");
    }

    /** A client's id quoted for a message, cut short so a huge one cannot bloat the answer. */
    private static String quote(String value) {
        String shown = value.length() > 60 ? value.substring(0, 60) + "…" : value;
        return "\"" + shown + "\"";
    }

    private ObjectNode read(String json) {
        try {
            return (ObjectNode) mapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored course document is not JSON", e);
        }
    }
}

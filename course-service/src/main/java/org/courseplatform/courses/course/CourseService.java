package org.courseplatform.courses.course;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.courseplatform.courses.document.ContentExtractor;
import org.courseplatform.courses.document.CourseContent;
import org.courseplatform.courses.document.CourseDocuments;
import org.courseplatform.courses.document.LibraryImages;
import org.courseplatform.courses.document.ParsedDocument;
import org.courseplatform.courses.thumbnail.ThumbnailQueue;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Paged;
import org.courseplatform.platform.web.Workers;

/**
 * The course rules: creation and import, the draft, and the lifecycle (soft delete, restore,
 * publish, revert, duplicate). Each change commits with its {@code course.*} event.
 */
@ApplicationScoped
public class CourseService {

    private static final char[] KEY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789".toCharArray();
    private static final SecureRandom RANDOM = new SecureRandom();

    private final CourseRepository courses;
    private final Courses lookup;
    private final CourseEvents events;
    private final ObjectMapper mapper;
    private final CourseConfig config;
    private final CourseViews views;
    private final ThumbnailQueue thumbnails;
    private final CourseReadRepository rows;

    public CourseService(
            CourseRepository courses,
            Courses lookup,
            CourseEvents events,
            ObjectMapper mapper,
            CourseConfig config,
            CourseViews views,
            ThumbnailQueue thumbnails,
            CourseReadRepository rows) {
        this.courses = courses;
        this.lookup = lookup;
        this.rows = rows;
        this.events = events;
        this.mapper = mapper;
        this.config = config;
        this.views = views;
        this.thumbnails = thumbnails;
    }

    /** The draft document with every id and the revision it is at: what a conditional save starts from. */
    public record DraftDocument(JsonNode document, long revision) {}

    /** A saved draft: the course and the revision the save made (the new ETag). */
    public record Saved(CourseView course, long revision) {}

    /** A page of the list: read without a session ({@link CourseReadRepository}). */
    public Uni<Paged<CourseView>> list(CourseScope scope, CourseQuery query) {
        return rows.page(scope, query).map(page -> page.map(views::of));
    }

    @WithTransaction
    public Uni<CourseView> create(CourseScope scope, CourseRequests.Create request) {
        ObjectNode document = mapper.createObjectNode()
                .put("format", "builder2")
                .put("title", request.title().strip())
                .put("description", request.description() == null ? "" : request.description())
                .put("locale", "en");
        ObjectNode screen = document.putArray("screens").addObject();
        screen.put("id", "s1")
                .put("type", "blocks")
                .put("typeId", 1)
                .put("title", request.title().strip());
        screen.putArray("elements");
        return insert(
                scope,
                request.identifier(),
                request.clientIdentifier(),
                CourseType.COURSE,
                CourseDocuments.parse(document));
    }

    @WithTransaction
    public Uni<CourseView> importDocument(CourseScope scope, CourseRequests.Import request) {
        return insert(
                scope, request.identifier(), request.clientIdentifier(), CourseType.COURSE, parse(request.document()));
    }

    /**
     * Creates a course a background job made (generation) with its {@code course.created}, and runs
     * {@code alongside} (the job's own bookkeeping, given the new course) in the same transaction:
     * the course, its event and the job's success commit together or not at all.
     */
    @WithTransaction
    public Uni<CourseView> createForJob(
            CourseScope scope,
            String identifier,
            String clientIdentifier,
            ParsedDocument parsed,
            Function<CourseView, Uni<Void>> alongside) {
        return insert(scope, identifier, clientIdentifier, CourseType.COURSE, parsed)
                .call(alongside::apply);
    }

    /** One course as the API shows it, read without a session ({@link CourseReadRepository}). */
    public Uni<CourseView> get(CourseScope scope, long id) {
        if (scope.none()) {
            return Uni.createFrom().failure(() -> ApiException.notFound("Course " + id + " not found"));
        }
        return rows.find(scope.workspaceId(), id)
                .map(row ->
                        row != null && scope.sees(scope.workspaceId(), row.clientIdentifier()) ? views.of(row) : null)
                .onItem()
                .ifNull()
                .failWith(() -> ApiException.notFound("Course " + id + " not found"));
    }

    @WithSession
    public Uni<CourseContent> content(CourseScope scope, long id) {
        return find(scope, id).chain(course -> {
            course.requireNative();
            long courseId = course.id;
            String draft = course.draft;
            // A document is up to 5 MB of a client's text: parse and extract on a worker, not the event loop.
            return Workers.call(() -> ContentExtractor.extract(courseId, read(draft)));
        });
    }

    /** The draft as stored, for the builder and agent tools; a hosted SCORM course has none (422). */
    @WithSession
    public Uni<DraftDocument> draft(CourseScope scope, long id) {
        return find(scope, id).chain(course -> {
            course.requireNative();
            long revision = course.revision;
            String draft = course.draft;
            return Workers.call(() -> new DraftDocument(read(draft), revision));
        });
    }

    /**
     * Replaces the draft. With a precondition the course row is locked before its revision is
     * compared, so of two saves made from the same revision exactly one applies and the other
     * gets 412; the revision is flushed before answering, so the answer carries the new one.
     */
    @WithTransaction
    public Uni<Saved> replaceContent(CourseScope scope, long id, JsonNode document, IfMatch ifMatch) {
        return replaceContent(scope, id, parse(document), ifMatch);
    }

    /** {@link #replaceContent(CourseScope, long, JsonNode, IfMatch)} with a document already checked by {@link #parse}. */
    @WithTransaction
    public Uni<Saved> replaceContent(CourseScope scope, long id, ParsedDocument parsed, IfMatch ifMatch) {
        Uni<Course> course = ifMatch.given() ? lookup.findForUpdate(scope, id) : find(scope, id);
        return course.chain(c -> {
            c.requireEditable();
            ifMatch.check(id, c.revision);
            apply(c, parsed);
            return events.emit(Events.COURSE_UPDATED, c, scope.testMode())
                    .call(() -> Panache.flush())
                    .map(ignored -> new Saved(views.of(c), c.revision));
        });
    }

    /**
     * Sets the draft's {@code theme.themeId} ({@code null} removes it, and an emptied {@code theme}
     * with it), as a draft change: the revision grows and course.updated is written, and
     * {@code If-Match} is honoured as for PUT content. {@code usable} says whether the theme may
     * dress this course (false: 404 for the theme). Builder 2 drafts only: a Classic one is 422.
     */
    @WithTransaction
    public Uni<Saved> setTheme(
            CourseScope scope, long id, Long themeId, IfMatch ifMatch, Function<Course, Uni<Boolean>> usable) {
        Uni<Course> course = ifMatch.given() ? lookup.findForUpdate(scope, id) : find(scope, id);
        return course.chain(c -> {
            c.requireEditable();
            if (!CourseDocuments.BUILDER2.equals(c.format)) {
                throw ApiException.unprocessable(
                        "Course " + id + " is a Classic course: themes dress Builder 2 courses; " + "migrate it first");
            }
            ifMatch.check(id, c.revision);
            String draft = c.draft;
            return usable.apply(c)
                    .chain(ok -> {
                        if (!Boolean.TRUE.equals(ok)) {
                            throw ApiException.notFound("Theme " + themeId + " not found");
                        }
                        return Workers.call(() -> parse(withTheme((ObjectNode) read(draft), themeId)));
                    })
                    .chain(parsed -> {
                        apply(c, parsed);
                        return events.emit(Events.COURSE_UPDATED, c, scope.testMode())
                                .call(() -> Panache.flush())
                                .map(ignored -> new Saved(views.of(c), c.revision));
                    });
        });
    }

    private ObjectNode withTheme(ObjectNode document, Long themeId) {
        JsonNode current = document.get("theme");
        ObjectNode theme = current instanceof ObjectNode object ? object : mapper.createObjectNode();
        if (themeId == null) {
            theme.remove("themeId");
        } else {
            theme.put("themeId", themeId.longValue());
        }
        if (theme.isEmpty()) {
            document.remove("theme");
        } else {
            document.set("theme", theme);
        }
        return document;
    }

    /** What a background job does to a draft: the changed document (null: nothing to change) and its answer. */
    public record JobEdit<T>(JsonNode document, T answer) {}

    /**
     * Applies a background job's change (a translation) to a course draft as one save: the course
     * row is locked, {@code edit} runs on a worker against the draft as it is now (so whatever
     * changed while the job worked is seen, not overwritten), the result is checked like PUT
     * content and stored with {@code course.updated}, and {@code alongside} (the job's own
     * bookkeeping, given the revision the draft is at afterwards) runs in the same transaction.
     * A deleted, Classic or SCORM course is 409.
     */
    @WithTransaction
    public <T> Uni<Void> editDraftForJob(
            long id,
            boolean testMode,
            BiFunction<ObjectNode, Long, JobEdit<T>> edit,
            BiFunction<JobEdit<T>, Long, Uni<Void>> alongside) {
        return lookup.findForJob(id).chain(course -> {
            course.requireEditable();
            if (!CourseDocuments.BUILDER2.equals(course.format) || course.draft == null) {
                throw ApiException.conflict("Course " + id + " is not a Builder 2 course");
            }
            String draft = course.draft;
            long revision = course.revision;
            return Workers.call(() -> {
                        JobEdit<T> made = edit.apply((ObjectNode) read(draft), revision);
                        return new Object[] {made, made.document() == null ? null : parse(made.document())};
                    })
                    .chain(staged -> {
                        @SuppressWarnings("unchecked")
                        JobEdit<T> made = (JobEdit<T>) staged[0];
                        if (staged[1] == null) {
                            return alongside.apply(made, course.revision);
                        }
                        apply(course, (ParsedDocument) staged[1]);
                        return events.emit(Events.COURSE_UPDATED, course, testMode)
                                .call(() -> Panache.flush())
                                .chain(() -> alongside.apply(made, course.revision));
                    });
        });
    }

    @WithTransaction
    public Uni<CourseView> delete(CourseScope scope, long id) {
        return find(scope, id).chain(course -> {
            if (!course.delete(now())) {
                return Uni.createFrom().item(views.of(course));
            }
            return events.emit(Events.COURSE_DELETED, course, scope.testMode()).replaceWith(views.of(course));
        });
    }

    @WithTransaction
    public Uni<CourseView> restore(CourseScope scope, long id) {
        return find(scope, id).chain(course -> {
            if (!course.restore(now())) {
                return Uni.createFrom().item(views.of(course));
            }
            return events.emit(Events.COURSE_RESTORED, course, scope.testMode()).replaceWith(views.of(course));
        });
    }

    /**
     * Copies the draft to the published version. A picture from the media library without alt
     * text that is not marked decorative holds it back (422 naming the screens, {@link LibraryImages}).
     */
    @WithTransaction
    public Uni<CourseView> publish(CourseScope scope, long id) {
        return find(scope, id).chain(course -> {
            course.requireEditable();
            String draft = course.draft;
            Uni<Void> checked = draft == null || !draft.contains("\"mediaId\"")
                    ? Uni.createFrom().voidItem()
                    : Workers.call(() -> {
                        LibraryImages.requireAltText(read(draft));
                        return null;
                    });
            return checked.chain(() -> {
                course.publish(now());
                return events.emit(Events.COURSE_PUBLISHED, course, scope.testMode())
                        .replaceWith(views.of(course));
            });
        });
    }

    /** Copies the published version back over the draft; the course stays published. */
    @WithTransaction
    public Uni<CourseView> revert(CourseScope scope, long id) {
        return find(scope, id).chain(course -> {
            course.requireEditable();
            apply(course, CourseDocuments.parse(read(course.requirePublished())));
            return events.emit(Events.COURSE_REVERTED, course, scope.testMode()).replaceWith(views.of(course));
        });
    }

    /** A new, unpublished course with the same content, owned by the override or the original owner. */
    @WithTransaction
    public Uni<CourseView> duplicate(CourseScope scope, long id, CourseRequests.Duplicate request) {
        return find(scope, id).chain(original -> {
            original.requireNative();
            ObjectNode document = (ObjectNode) read(original.draft);
            String title = copyTitle(original.title);
            document.put("title", title);
            // An agent's copy is its own unless it names itself; an API key's keeps the original owner.
            String identifier = request != null && request.identifier() != null
                    ? request.identifier()
                    : scope.restricted() ? null : original.identifier;
            String tenant = request != null && request.clientIdentifier() != null
                    ? request.clientIdentifier()
                    : original.clientIdentifier;
            return insert(scope, identifier, tenant, CourseType.COURSE, CourseDocuments.parse(document));
        });
    }

    /**
     * Fails any capture still open for the course and queues a fresh one at the next revision;
     * the course's thumbnail URL moves to that revision.
     */
    @WithTransaction
    public Uni<ThumbnailQueue.Regenerated> regenerateThumbnail(CourseScope scope, long id) {
        return find(scope, id).chain(course -> {
            course.thumbnailRevision++;
            course.updatedAt = now();
            return thumbnails
                    .failOpen(course.id, "superseded by revision " + course.thumbnailRevision)
                    .chain(() -> thumbnails.enqueue(course.id, course.thumbnailRevision))
                    .replaceWith(() -> new ThumbnailQueue.Regenerated(
                            course.id, views.thumbnailUrl(course), course.thumbnailRevision, true));
        });
    }

    private static String newThumbnailToken() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    static String copyTitle(String title) {
        String copy = title + " (copy)";
        return copy.length() > 500 ? copy.substring(0, 500) : copy;
    }

    /**
     * Creates a course of {@code type} with this document (null for a SCORM package) and emits
     * course.created. Owner and tenant are the scope's rules ({@link CourseScope#ownerOf},
     * {@link CourseScope#tenantOf}): an agent creates only in its tenant and as itself.
     */
    Uni<CourseView> insert(
            CourseScope scope, String identifier, String clientIdentifier, CourseType type, ParsedDocument parsed) {
        return insert(scope, identifier, clientIdentifier, type, parsed, null);
    }

    /** {@code uploadHash}: the upload of a hosted SCORM course (one course per upload), else null. */
    Uni<CourseView> insert(
            CourseScope scope,
            String identifier,
            String clientIdentifier,
            CourseType type,
            ParsedDocument parsed,
            String uploadHash) {
        String owner = scope.ownerOf(identifier);
        String tenant = scope.tenantOf(clientIdentifier);
        Course course = new Course(type);
        course.workspaceId = scope.workspaceId();
        course.clientIdentifier = tenant;
        course.identifier = owner;
        course.key = newKey();
        course.createdAt = now();
        course.thumbnailToken = newThumbnailToken();
        course.thumbnailRevision = 1;
        course.uploadHash = uploadHash;
        apply(course, parsed);
        return courses.persist(course)
                .call(saved -> thumbnails.enqueue(saved.id, saved.thumbnailRevision))
                .call(saved -> events.emit(Events.COURSE_CREATED, saved, scope.testMode()))
                .invoke(saved -> Log.debugf(
                        "Created course %s in workspace %s",
                        String.valueOf(saved.id), String.valueOf(saved.workspaceId)))
                .map(views::of);
    }

    void applyDocument(Course course, ParsedDocument parsed) {
        apply(course, parsed);
    }

    private void apply(Course course, ParsedDocument parsed) {
        course.format = parsed.format();
        course.title = parsed.title();
        course.description = parsed.description() == null ? "" : parsed.description();
        course.screenCount = parsed.screenCount();
        course.timeEstimateMinutes = parsed.timeEstimateMinutes();
        course.draft = parsed.document() == null ? null : write(parsed.document());
        course.updatedAt = now();
    }

    /** The course if this scope may see it; 404 otherwise, whoever owns it. */
    Uni<Course> find(CourseScope scope, long id) {
        return lookup.find(scope, id);
    }

    /**
     * Validates a document and enforces the size limit (413 over it). A document is up to 5 MB:
     * callers on the event loop run this through {@link Workers#call}.
     */
    public ParsedDocument parse(JsonNode document) {
        long size = write(document).getBytes(StandardCharsets.UTF_8).length;
        long max = config.documentMaxSize().asLongValue();
        if (size > max) {
            throw ApiException.payloadTooLarge("The document is " + size + " bytes; at most " + max + " are accepted");
        }
        return CourseDocuments.parse(document);
    }

    private JsonNode read(String json) {
        try {
            return mapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored course document is not JSON", e);
        }
    }

    private String write(JsonNode node) {
        try {
            return mapper.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A new random key as courses (and collections) carry: {@code ABCD-EFGH}, no look-alike characters. */
    public static String newKey() {
        char[] key = new char[9];
        for (int i = 0; i < key.length; i++) {
            key[i] = i == 4 ? '-' : KEY_ALPHABET[RANDOM.nextInt(KEY_ALPHABET.length)];
        }
        return new String(key);
    }

    static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
    }
}

package org.courseplatform.courses.editor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.courses.course.CourseConfig;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.course.IfMatch;
import org.courseplatform.courses.document.CourseDocuments;
import org.courseplatform.courses.player.PlayerSession;
import org.courseplatform.courses.screen.LibraryScreen;
import org.courseplatform.courses.screen.LibraryScreens;
import org.courseplatform.courses.screen.ScreenRequest;
import org.courseplatform.courses.screen.ScreenService;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.QueryParams;
import org.courseplatform.platform.web.Workers;

/**
 * The screen editor's calls: the session's library screen (or its whole quiz group), its creation
 * from a catalogue layout and its saves. A screen is checked by the screen rules of a course
 * document, and a save names the revision it was made from ({@code If-Match}, 428 without).
 */
@ApplicationScoped
public class ScreenEditor {

    private final EditSessions sessions;
    private final LibraryScreens screens;
    private final ScreenService screenService;
    private final CourseConfig config;
    private final ObjectMapper mapper;

    public ScreenEditor(
            EditSessions sessions,
            LibraryScreens screens,
            ScreenService screenService,
            CourseConfig config,
            ObjectMapper mapper) {
        this.sessions = sessions;
        this.screens = screens;
        this.screenService = screenService;
        this.config = config;
        this.mapper = mapper;
    }

    /** A library screen checked and serialised, ready to store. */
    private record StagedScreen(ObjectNode document, String json) {}

    /** The session's library screen, or its whole quiz group in order; 404 while the session has none. */
    @WithSession
    public Uni<EditorViews.Screens> screens(String sessionId) {
        return sessions.find(sessionId, false).chain(this::screenOf).chain(this::group);
    }

    /**
     * Creates the screen(s) of a catalogue layout for the session's author in its tenant (as
     * POST /v1/headless/screen does) and binds the session to the first (a quiz's cover).
     */
    @WithTransaction
    public Uni<EditorViews.Screens> createScreen(String sessionId, EditorRequests.NewScreen body) {
        return sessions.find(sessionId, true).chain(session -> {
            EditSessions.requireKind(session, EditSessions.KIND_SCREEN);
            if (session.screenId() != null) {
                throw ApiException.conflict("This editing session already has screen " + session.screenId());
            }
            String layoutId = body == null ? null : body.layoutId();
            if (layoutId == null || layoutId.isBlank()) {
                throw ApiException.invalid(
                        "layoutId", "is required: the id of a layout of the catalogue (GET /catalogue)");
            }
            return screenService
                    .create(
                            EditSessions.scope(session),
                            new ScreenRequest(
                                    layoutId, null, null, null, session.identifier(), session.clientIdentifier()))
                    .call(id -> sessions.bindScreen(session, id))
                    .invoke(id -> Log.debugf("Editor session created library screen %d from layout %s", id, layoutId))
                    .chain(id -> screens.find(id))
                    .chain(this::group);
        });
    }

    /**
     * Saves one screen of the session (its screen or another of its quiz group; 404 for any other)
     * with {@code If-Match} (required). The document is one Builder 2 screen checked by the screen
     * rules of a course document; its {@code id} stays the screen's. The row is locked before its
     * revision is compared, so of two saves from one revision exactly one applies.
     */
    @WithTransaction
    public Uni<EditorViews.ScreenSaved> saveScreen(
            String sessionId, String rawId, List<String> ifMatchLines, EditorRequests.Document body) {
        return sessions.find(sessionId, false).chain(session -> {
            EditSessions.requireKind(session, EditSessions.KIND_SCREEN);
            long id = QueryParams.id("id", rawId);
            IfMatch ifMatch = IfMatch.required(ifMatchLines);
            if (session.screenId() == null) {
                throw ApiException.notFound("Screen " + id + " not found");
            }
            JsonNode document = body == null ? null : body.document();
            return Workers.call(() -> stage(document))
                    .chain(staged -> screens.findForUpdate(id)
                            .chain(target -> memberOfSession(session, target, id))
                            .chain(target -> {
                                ifMatch.check(
                                        "Screen " + id,
                                        target.revision,
                                        "the screen (GET /v1/headless/player/editor/screen)");
                                String stored = target.document;
                                return Workers.call(() -> mapper.readTree(stored)
                                                .path("id")
                                                .asText(null))
                                        .map(storedId -> {
                                            String given =
                                                    staged.document().path("id").asText();
                                            if (storedId != null && !storedId.equals(given)) {
                                                throw ApiException.invalid(
                                                        "document.id",
                                                        "must stay \"" + storedId
                                                                + "\": a screen's id does not change");
                                            }
                                            apply(target, staged);
                                            return new EditorViews.ScreenSaved(
                                                    target.id, target.revision, target.updatedAt);
                                        });
                            }));
        });
    }

    private Uni<LibraryScreen> screenOf(PlayerSession session) {
        EditSessions.requireKind(session, EditSessions.KIND_SCREEN);
        if (session.screenId() == null) {
            throw ApiException.notFound(
                    "This editing session has no screen yet: create it (POST /v1/headless/player/editor/screen)");
        }
        long id = session.screenId();
        CourseScope scope = EditSessions.scope(session);
        return screens.find(id).map(screen -> {
            if (screen == null || !scope.sees(screen.workspaceId, screen.clientIdentifier)) {
                throw ApiException.notFound("Screen " + id + " no longer exists");
            }
            return screen;
        });
    }

    /** A screen the session may save: its own, or another of its own's quiz group; 404 otherwise. */
    private Uni<LibraryScreen> memberOfSession(PlayerSession session, LibraryScreen target, long id) {
        CourseScope scope = EditSessions.scope(session);
        if (target == null || !scope.sees(target.workspaceId, target.clientIdentifier)) {
            throw ApiException.notFound("Screen " + id + " not found");
        }
        if (target.id.equals(session.screenId())) {
            return Uni.createFrom().item(target);
        }
        return screens.find(session.screenId()).map(own -> {
            if (own == null
                    || own.groupKey == null
                    || own.workspaceId != target.workspaceId
                    || !own.groupKey.equals(target.groupKey)) {
                throw ApiException.notFound("Screen " + id + " not found");
            }
            return target;
        });
    }

    /** The screen and the rest of its quiz group, oldest first (cover, question, results). */
    private Uni<EditorViews.Screens> group(LibraryScreen screen) {
        return screens.withGroup(screen).chain(list -> {
            List<LibraryScreen> snapshot = List.copyOf(list);
            List<String> documents = snapshot.stream().map(s -> s.document).toList();
            return Workers.call(() -> {
                List<EditorViews.ScreenInfo> infos = new ArrayList<>();
                for (int i = 0; i < snapshot.size(); i++) {
                    LibraryScreen s = snapshot.get(i);
                    infos.add(new EditorViews.ScreenInfo(
                            s.id,
                            s.title,
                            s.layoutId,
                            s.type,
                            s.typeId,
                            s.groupRole,
                            mapper.readTree(documents.get(i)),
                            s.revision));
                }
                return new EditorViews.Screens(infos);
            });
        });
    }

    /** Checks one screen document and serialises it, within the document size limit (413 beyond). */
    private StagedScreen stage(JsonNode document) throws JsonProcessingException {
        ObjectNode normalised = CourseDocuments.parseScreen(document);
        String json = mapper.writeValueAsString(normalised);
        long size = json.getBytes(StandardCharsets.UTF_8).length;
        long max = config.documentMaxSize().asLongValue();
        if (size > max) {
            throw ApiException.payloadTooLarge(
                    "The screen document is " + size + " bytes; at most " + max + " are accepted");
        }
        return new StagedScreen(normalised, json);
    }

    /** The stored row follows the document: its title, type and a new revision. */
    private static void apply(LibraryScreen screen, StagedScreen staged) {
        JsonNode title = staged.document().get("title");
        screen.document = staged.json();
        screen.title = title != null && title.isTextual() ? title.asText() : null;
        screen.type = staged.document().path("type").asText();
        screen.typeId = staged.document().path("typeId").asInt();
        screen.revision++;
        screen.updatedAt = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
        Log.debugf(
                "Library screen %s saved at revision %s", String.valueOf(screen.id), String.valueOf(screen.revision));
    }
}

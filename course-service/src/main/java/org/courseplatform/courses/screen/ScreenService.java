package org.courseplatform.courses.screen;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.layout.IdSource;
import org.courseplatform.courses.layout.LayoutCatalog;
import org.courseplatform.platform.web.ApiException;

/** Makes library screens from catalogue layouts, or blank ones by screen type. */
@ApplicationScoped
public class ScreenService {

    private final LayoutCatalog layouts;
    private final LibraryScreenRepository screens;
    private final ObjectMapper mapper;

    public ScreenService(LayoutCatalog layouts, LibraryScreenRepository screens, ObjectMapper mapper) {
        this.layouts = layouts;
        this.screens = screens;
        this.mapper = mapper;
    }

    /**
     * Creates the screen(s) and answers the id of the first: the quiz cover for a quiz layout.
     * Owner and tenant follow the course rules: an agent makes screens only in its tenant, as itself.
     */
    @WithTransaction
    public Uni<Long> create(CourseScope scope, ScreenRequest request) {
        String owner = scope.ownerOf(request.identifier());
        String tenant = scope.tenantOf(request.clientIdentifier());
        IdSource ids = prefix -> prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        List<ObjectNode> documents;
        if (request.layoutId() != null && !request.layoutId().isBlank()) {
            if (layouts.find(request.layoutId()).isEmpty()) {
                throw ApiException.invalid("layoutId", "is not a layout of the catalogue (GET /v1/headless/layouts)");
            }
            documents = layouts.instantiate(request.layoutId(), request.title(), ids);
        } else if (request.type() != null || request.typeId() != null) {
            documents = layouts.blank(request.type(), request.typeId(), request.title(), ids);
        } else {
            throw ApiException.invalid("layoutId", "is required unless type or typeId is given");
        }
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
        List<LibraryScreen> made = new ArrayList<>();
        for (ObjectNode document : documents) {
            LibraryScreen screen = new LibraryScreen();
            screen.workspaceId = scope.workspaceId();
            screen.clientIdentifier = tenant;
            screen.identifier = owner;
            screen.layoutId = request.layoutId();
            screen.type = document.path("type").asText();
            screen.typeId = document.path("typeId").asInt();
            screen.title = document.path("title").isMissingNode()
                            || document.path("title").isNull()
                    ? null
                    : document.path("title").asText();
            if (document.has("group")) {
                screen.groupKey = document.path("group").path("id").asText();
                screen.groupRole = document.path("group").path("role").asText();
            }
            screen.document = write(document);
            screen.createdAt = now;
            screen.updatedAt = now;
            made.add(screen);
        }
        return screens.persist(made.stream()).replaceWith(() -> made.get(0).id);
    }

    private String write(ObjectNode node) {
        try {
            return mapper.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}

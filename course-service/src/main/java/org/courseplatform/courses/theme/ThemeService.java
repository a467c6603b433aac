package org.courseplatform.courses.theme;

import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.courseplatform.courses.course.Course;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.course.CourseService;
import org.courseplatform.courses.course.IfMatch;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Paged;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The theme rules: the built-in catalogue and a workspace's own themes (tenancy as for courses,
 * {@link CourseScope}), applying a theme to a course's draft, and resolving the theme a player
 * session shows. Built-in themes cannot be changed or deleted (409). A workspace theme may be
 * deleted while courses name it: those courses fall back to the default look (docs/themes.md).
 */
@ApplicationScoped
public class ThemeService {

    private final ThemeRepository repository;
    private final ThemeViews views;
    private final ThemeConfig config;
    private final CourseService courses;

    public ThemeService(ThemeRepository repository, ThemeViews views, ThemeConfig config, CourseService courses) {
        this.repository = repository;
        this.views = views;
        this.config = config;
        this.courses = courses;
    }

    /** {@code PUT /course/{id}/theme}'s answer. */
    public record Applied(
            long courseId, @Schema(nullable = true) Long themeId, long revision) {}

    /** Built-in themes, then the scope's workspace themes oldest first; the page is over that whole list. */
    public Uni<Paged<ThemeView>> list(CourseScope scope, int page, int length) {
        long offset = Paged.start(page, length);
        int builtIns = BuiltInThemes.ALL.size();
        List<ThemeView> items = new ArrayList<>();
        for (long i = offset; i < builtIns && items.size() < length; i++) {
            items.add(views.of(BuiltInThemes.ALL.get((int) i)));
        }
        if (scope.none()) {
            return Uni.createFrom().item(new Paged<>(items, builtIns));
        }
        int remaining = length - items.size();
        long workspaceOffset = Math.max(0, offset - builtIns);
        Uni<List<Theme>> own = remaining == 0 || workspaceOffset > Integer.MAX_VALUE
                ? Uni.createFrom().item(List.of())
                : repository.page(scope, (int) workspaceOffset, remaining);
        return own.chain(themes -> repository.count(scope).map(total -> {
            themes.forEach(t -> items.add(views.of(t)));
            return new Paged<>(items, builtIns + total);
        }));
    }

    public Uni<ThemeView> get(CourseScope scope, long id) {
        return find(scope, id).map(views::of);
    }

    /** The theme if this scope may see it (a built-in always), else 404 whoever owns it. */
    public Uni<Theme> find(CourseScope scope, long id) {
        Theme builtIn = BuiltInThemes.get(id);
        if (builtIn != null) {
            return Uni.createFrom().item(builtIn);
        }
        if (BuiltInThemes.isBuiltIn(id) || scope.none()) {
            return Uni.createFrom().failure(notFound(id));
        }
        return repository
                .find(scope.workspaceId(), id)
                .map(t -> t != null && scope.sees(t.workspaceId(), t.clientIdentifier()) ? t : null)
                .onItem()
                .ifNull()
                .failWith(() -> notFound(id));
    }

    /** A workspace theme in the requested tenant (the scope's own by default); 409 past the limit. */
    public Uni<ThemeView> create(CourseScope scope, ThemeRequests.Create body) {
        Theme checked = ThemeRules.create(body);
        String tenant = scope.tenantOf(checked.clientIdentifier());
        Theme theme = new Theme(
                0,
                checked.name(),
                false,
                scope.workspaceId(),
                tenant,
                checked.colors(),
                checked.fonts(),
                checked.cornerStyle(),
                null,
                null);
        int max = config.maxPerWorkspace();
        return repository
                .insert(scope.workspaceId(), theme, now(), max)
                .onItem()
                .ifNull()
                .failWith(() -> ApiException.conflict(
                        "This workspace already has " + max + " themes, the most it may have; delete one first"))
                .invoke(t -> Log.debugf("Created theme %d in workspace %d", t.id(), t.workspaceId()))
                .map(views::of);
    }

    public Uni<ThemeView> patch(CourseScope scope, long id, ThemeRequests.Patch body) {
        return find(scope, id).chain(current -> {
            unchangeable(current, "changed");
            Theme changed = ThemeRules.patch(current, body);
            return repository
                    .update(changed, now())
                    .onItem()
                    .ifNull()
                    .failWith(() -> notFound(id))
                    .map(views::of);
        });
    }

    /** Deletes a workspace theme; the courses that name it show the default look from then on. */
    public Uni<Void> delete(CourseScope scope, long id) {
        return find(scope, id).chain(current -> {
            unchangeable(current, "deleted");
            return repository.delete(current.workspaceId(), id).replaceWithVoid();
        });
    }

    /**
     * Stores {@code theme.themeId} in the course's draft (null removes it): the draft's revision
     * grows and course.updated is written, as for any draft change. A workspace theme must be of
     * the course's own tenant; any other is unknown (404).
     */
    public Uni<Applied> apply(CourseScope scope, long courseId, ThemeRequests.Apply body, IfMatch ifMatch) {
        if (body == null) {
            throw ApiException.badRequest("The body must be {themeId} (null clears the course's theme)");
        }
        Long themeId = body.themeId();
        if (themeId != null && themeId < 1) {
            throw ApiException.invalid("themeId", "must be a theme id (a positive integer) or null");
        }
        // A workspace theme is read through the pool before the course's transaction begins: read
        // inside it, each call held one connection while it waited for a second one.
        Uni<Theme> workspaceTheme = themeId == null || BuiltInThemes.isBuiltIn(themeId)
                ? Uni.createFrom().nullItem()
                : repository.find(scope.workspaceId(), themeId);
        return workspaceTheme
                .chain(theme -> courses.setTheme(
                        scope,
                        courseId,
                        themeId,
                        ifMatch,
                        course -> Uni.createFrom().item(usable(course, themeId, theme))))
                .map(saved -> new Applied(courseId, themeId, saved.revision()));
    }

    /** Whether the course may wear the theme: a built-in, or a workspace theme of its own tenant. */
    private static boolean usable(Course course, Long themeId, Theme workspaceTheme) {
        if (themeId == null || BuiltInThemes.get(themeId) != null) {
            return true;
        }
        return workspaceTheme != null
                && workspaceTheme.workspaceId() == course.workspaceId
                && Objects.equals(workspaceTheme.clientIdentifier(), course.clientIdentifier);
    }

    /**
     * The theme a page of this workspace and tenant shows for {@code themeId}: a built-in, or a
     * workspace theme of that very tenant; null when there is none (deleted, another tenant's), so
     * the page keeps its default look.
     */
    public Uni<Theme> resolve(long workspaceId, String clientIdentifier, Long themeId) {
        if (themeId == null || themeId < 1) {
            return Uni.createFrom().nullItem();
        }
        if (BuiltInThemes.isBuiltIn(themeId)) {
            return Uni.createFrom().item(BuiltInThemes.get(themeId));
        }
        return repository.findOfTenant(workspaceId, clientIdentifier, themeId);
    }

    /** What the builder offers a course of this tenant: the built-ins, then that tenant's themes. */
    public Uni<List<EditorTheme>> forTenant(long workspaceId, String clientIdentifier) {
        return repository
                .ofTenant(workspaceId, clientIdentifier, config.maxPerWorkspace())
                .map(own -> {
                    List<EditorTheme> all = new ArrayList<>();
                    BuiltInThemes.ALL.forEach(t -> all.add(EditorTheme.of(t)));
                    own.forEach(t -> all.add(EditorTheme.of(t)));
                    return all;
                });
    }

    private static void unchangeable(Theme theme, String what) {
        if (theme.builtIn()) {
            throw ApiException.conflict("Theme " + theme.id() + " (" + theme.name() + ") is built in and cannot be "
                    + what + "; create a workspace theme (POST /v1/headless/themes) instead");
        }
    }

    private static ApiException notFound(long id) {
        return ApiException.notFound("Theme " + id + " not found");
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
    }
}

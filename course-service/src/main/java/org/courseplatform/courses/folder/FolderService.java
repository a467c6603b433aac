package org.courseplatform.courses.folder;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.course.Courses;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Paged;

/**
 * The folder rules: a tree per tenant, sibling names unique ignoring case, no cycles, at most
 * {@link FolderConfig#maxDepth()} levels and {@link FolderConfig#maxPerWorkspace()} folders, and
 * a folder goes only when empty. Every change of a workspace's tree takes its folder lock first,
 * so these checks hold under concurrent calls. Tenancy is the courses' ({@link CourseScope}).
 */
@ApplicationScoped
public class FolderService {

    static final int NAME_MAX = 100;

    private final FolderRepository folders;
    private final Courses courses;
    private final FolderConfig config;

    public FolderService(FolderRepository folders, Courses courses, FolderConfig config) {
        this.folders = folders;
        this.courses = courses;
        this.config = config;
    }

    /**
     * One page of the folders the scope sees, in tree order (by path, ignoring case): all of them,
     * the top-level ones ({@code topLevel}), or the children of {@code parentId}.
     */
    @WithSession
    public Uni<Paged<FolderView>> list(CourseScope scope, Long parentId, boolean topLevel, int page, int length) {
        int size = Math.max(length, 1);
        int offset = Paged.start(page, length);
        if (scope.none()) {
            return Uni.createFrom().item(new Paged<>(List.of(), 0L));
        }
        return tree(scope.workspaceId()).map(tree -> {
            Comparator<FolderView> order =
                    Comparator.comparing(v -> String.join("\u0000", v.path()).toLowerCase(Locale.ROOT));
            List<FolderView> visible = tree.all().stream()
                    .filter(f -> scope.sees(f.workspaceId, f.clientIdentifier))
                    .filter(f -> topLevel ? f.parentId == null : parentId == null || parentId.equals(f.parentId))
                    .map(tree::view)
                    .sorted(order.thenComparing(FolderView::id))
                    .toList();
            List<FolderView> pageItems = length == 0
                    ? List.of()
                    : visible.stream().skip(offset).limit(size).toList();
            return new Paged<>(pageItems, visible.size());
        });
    }

    @WithSession
    public Uni<FolderView> get(CourseScope scope, long id) {
        return tree(scope.workspaceId()).map(tree -> tree.view(visible(scope, tree, id)));
    }

    @WithTransaction
    public Uni<FolderView> create(CourseScope scope, FolderRequests.Create request) {
        List<ApiError.Detail> problems = new ArrayList<>();
        String name = name(request.name(), true, problems);
        if (request.parentId() != null && request.parentId() <= 0) {
            problems.add(new ApiError.Detail("parentId", "must be a positive folder id"));
        }
        if (request.clientIdentifier() != null
                && (request.clientIdentifier().isEmpty()
                        || request.clientIdentifier().length() > 255)) {
            problems.add(new ApiError.Detail("clientIdentifier", "must be 1 to 255 characters"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        long ws = scope.workspaceId();
        return folders.lock(ws).chain(() -> tree(ws)).chain(tree -> {
            Folder parent = request.parentId() == null ? null : parent(scope, tree, request.parentId());
            String tenant = scope.tenantOf(
                    request.clientIdentifier() != null
                            ? request.clientIdentifier()
                            : parent != null ? parent.clientIdentifier : null);
            if (parent != null) {
                sameTenant(parent, tenant);
            }
            if (tree.size() >= config.maxPerWorkspace()) {
                throw ApiException.conflict(
                        "The workspace has " + tree.size() + " folders, the most it may have; " + "delete some first");
            }
            int depth = parent == null ? 1 : tree.depth(parent) + 1;
            if (depth > config.maxDepth()) {
                throw ApiException.conflict("Folders nest at most " + config.maxDepth() + " levels deep; folder "
                        + parent.id + " is at the deepest level");
            }
            uniqueName(tree, tenant, parent == null ? null : parent.id, name, null);
            Folder folder = new Folder();
            folder.workspaceId = ws;
            folder.clientIdentifier = tenant;
            folder.parentId = parent == null ? null : parent.id;
            folder.name = name;
            folder.createdBy = scope.agent();
            folder.createdAt = folder.updatedAt = now();
            return folders.persist(folder)
                    .invoke(f ->
                            Log.debugf("Created folder %s in workspace %s", String.valueOf(f.id), String.valueOf(ws)))
                    .map(f -> new FolderTree(appended(tree, f), Map.of()).view(f));
        });
    }

    /** Renames and moves a folder (with its subtree); a move under itself or one of its folders is a 409. */
    @WithTransaction
    public Uni<FolderView> update(CourseScope scope, long id, FolderRequests.Update request) {
        List<ApiError.Detail> problems = new ArrayList<>();
        String name = name(request.name(), false, problems);
        boolean move = request.move();
        Long parentId = request.parentId();
        positive("parentId", parentId, problems);
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        long ws = scope.workspaceId();
        return folders.lock(ws).chain(() -> tree(ws)).map(tree -> {
            Folder folder = visible(scope, tree, id);
            Long newParentId = folder.parentId;
            if (move) {
                Folder parent = parentId == null ? null : parent(scope, tree, parentId);
                if (parent != null) {
                    sameTenant(parent, folder.clientIdentifier);
                    if (tree.within(folder, parent)) {
                        throw ApiException.conflict("Folder " + id + " cannot move into "
                                + (parent.id == id ? "itself" : "folder " + parent.id + ", which lies inside it"));
                    }
                    int depth = tree.depth(parent) + tree.height(folder);
                    if (depth > config.maxDepth()) {
                        throw ApiException.conflict(
                                "Folders nest at most " + config.maxDepth() + " levels deep; under folder " + parent.id
                                        + " this folder and the folders inside it would reach " + depth);
                    }
                }
                newParentId = parent == null ? null : parent.id;
            }
            String newName = name != null ? name : folder.name;
            uniqueName(tree, folder.clientIdentifier, newParentId, newName, folder.id);
            if (!newName.equals(folder.name) || !Objects.equals(newParentId, folder.parentId)) {
                folder.name = newName;
                folder.parentId = newParentId;
                folder.updatedAt = now();
            }
            return tree.view(folder);
        });
    }

    /** Deletes an empty folder; deleted courses still in it move out of it (a restore finds them in no folder). */
    @WithTransaction
    public Uni<Void> delete(CourseScope scope, long id) {
        long ws = scope.workspaceId();
        return folders.lock(ws).chain(() -> tree(ws)).chain(tree -> {
            Folder folder = visible(scope, tree, id);
            if (tree.hasChildren(id)) {
                throw ApiException.conflict("Folder " + id + " holds folders; move or delete them first");
            }
            return folders.courseCount(ws, id).chain(count -> {
                if (count > 0) {
                    throw ApiException.conflict("Folder " + id + " holds " + count + " course" + (count == 1 ? "" : "s")
                            + "; move them out first");
                }
                return folders.detachCourses(ws, id)
                        .chain(() -> folders.delete(folder))
                        .invoke(() -> Log.debugf(
                                "Deleted folder %s of workspace %s", String.valueOf(id), String.valueOf(ws)));
            });
        });
    }

    /** Puts a course in a folder of its tenant, or ({@code folderId} null) in none. Not a draft change: no revision, no event. */
    @WithTransaction
    public Uni<FolderRequests.CourseFolder> moveCourse(
            CourseScope scope, long courseId, FolderRequests.MoveCourse request) {
        List<ApiError.Detail> problems = new ArrayList<>();
        if (!request.given()) {
            problems.add(new ApiError.Detail(
                    "folderId", "is required: a folder id, or null to take the course out of any folder"));
        }
        Long folderId = request.folderId();
        positive("folderId", folderId, problems);
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        long ws = scope.workspaceId();
        return folders.lock(ws).chain(() -> courses.find(scope, courseId)).chain(course -> {
            course.requireLive();
            Uni<Folder> folder = folderId == null
                    ? Uni.createFrom().nullItem()
                    : folders.findById(folderId).map(f -> {
                        if (f == null || !scope.sees(f.workspaceId, f.clientIdentifier)) {
                            throw ApiException.invalid("folderId", "folder " + folderId + " not found");
                        }
                        if (!Objects.equals(f.clientIdentifier, course.clientIdentifier)) {
                            throw ApiException.conflict("Folder " + folderId + " is in " + describe(f.clientIdentifier)
                                    + " and course " + courseId + " in " + describe(course.clientIdentifier)
                                    + "; a course goes only in a folder of its tenant");
                        }
                        return f;
                    });
            return folder.chain(f -> folders.moveCourse(courseId, folderId))
                    .map(x -> new FolderRequests.CourseFolder(courseId, folderId));
        });
    }

    private Uni<FolderTree> tree(long workspaceId) {
        return folders.ofWorkspace(workspaceId)
                .chain(list -> folders.courseCounts(workspaceId).map(counts -> new FolderTree(list, counts)));
    }

    private static Folder visible(CourseScope scope, FolderTree tree, long id) {
        Folder folder = tree.get(id);
        if (folder == null || !scope.sees(folder.workspaceId, folder.clientIdentifier)) {
            throw ApiException.notFound("Folder " + id + " not found");
        }
        return folder;
    }

    /** A parent named in a body: one the call cannot see is a bad field, not a missing resource. */
    private static Folder parent(CourseScope scope, FolderTree tree, long id) {
        Folder parent = tree.get(id);
        if (parent == null || !scope.sees(parent.workspaceId, parent.clientIdentifier)) {
            throw ApiException.invalid("parentId", "folder " + id + " not found");
        }
        return parent;
    }

    private static void sameTenant(Folder parent, String tenant) {
        if (!Objects.equals(parent.clientIdentifier, tenant)) {
            throw ApiException.conflict("Folder " + parent.id + " is in " + describe(parent.clientIdentifier)
                    + "; a folder's parent must be in its tenant (" + describe(tenant) + ")");
        }
    }

    private static void uniqueName(FolderTree tree, String tenant, Long parentId, String name, Long except) {
        Folder same = tree.sibling(tenant, parentId, name, except);
        if (same != null) {
            throw ApiException.conflict("Folder " + same.id + " already has the name " + same.name + " "
                    + (parentId == null ? "at the top level" : "in folder " + parentId)
                    + " (names are compared ignoring case)");
        }
    }

    /** The folder name stripped: 1 to 100 characters, no control characters; null when left out and optional. */
    static String name(String value, boolean required, List<ApiError.Detail> problems) {
        if (value == null) {
            if (required) {
                problems.add(new ApiError.Detail("name", "is required"));
            }
            return null;
        }
        String name = value.strip();
        if (name.isEmpty() || name.length() > NAME_MAX) {
            problems.add(new ApiError.Detail("name", "must be 1 to " + NAME_MAX + " characters (not only spaces)"));
        } else if (name.chars().anyMatch(Character::isISOControl)) {
            problems.add(new ApiError.Detail("name", "must not contain control characters"));
        }
        return name;
    }

    static void positive(String field, Long id, List<ApiError.Detail> problems) {
        if (id != null && id <= 0) {
            problems.add(new ApiError.Detail(field, "must be a positive integer id or null"));
        }
    }

    private static List<Folder> appended(FolderTree tree, Folder folder) {
        List<Folder> all = new ArrayList<>(tree.all());
        all.add(folder);
        return all;
    }

    private static String describe(String tenant) {
        return tenant == null ? "the workspace-default tenant" : "tenant " + tenant;
    }

    static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
    }
}

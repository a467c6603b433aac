package org.courseplatform.courses.folder;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A workspace's folders held whole (there are at most {@link FolderConfig#maxPerWorkspace()}):
 * paths, depths and cycles are walks over this map rather than recursive SQL.
 */
final class FolderTree {

    private final Map<Long, Folder> byId = new HashMap<>();
    private final Map<Long, List<Folder>> children = new HashMap<>();
    private final Map<Long, Long> courseCounts;

    FolderTree(List<Folder> folders, Map<Long, Long> courseCounts) {
        this.courseCounts = courseCounts;
        for (Folder f : folders) {
            byId.put(f.id, f);
        }
        for (Folder f : folders) {
            if (f.parentId != null) {
                children.computeIfAbsent(f.parentId, k -> new ArrayList<>()).add(f);
            }
        }
    }

    int size() {
        return byId.size();
    }

    Folder get(long id) {
        return byId.get(id);
    }

    List<Folder> all() {
        return List.copyOf(byId.values());
    }

    boolean hasChildren(long id) {
        return children.containsKey(id) && !children.get(id).isEmpty();
    }

    /** The names from the top-level folder down to this one. */
    List<String> path(Folder folder) {
        List<String> path = new ArrayList<>();
        for (Folder f = folder; f != null; f = f.parentId == null ? null : byId.get(f.parentId)) {
            path.add(0, f.name);
        }
        return path;
    }

    /** 1 for a top-level folder. */
    int depth(Folder folder) {
        return path(folder).size();
    }

    /** The levels of the subtree rooted at this folder, itself included (1 for a folder without children). */
    int height(Folder folder) {
        int below = 0;
        for (Folder child : children.getOrDefault(folder.id, List.of())) {
            below = Math.max(below, height(child));
        }
        return 1 + below;
    }

    /** Whether {@code candidate} is {@code folder} itself or lies below it. */
    boolean within(Folder folder, Folder candidate) {
        for (Folder f = candidate; f != null; f = f.parentId == null ? null : byId.get(f.parentId)) {
            if (f.id.equals(folder.id)) {
                return true;
            }
        }
        return false;
    }

    /** A folder of this tenant and parent with this name, ignoring case, other than {@code except}; or null. */
    Folder sibling(String tenant, Long parentId, String name, Long except) {
        String wanted = name.toLowerCase(Locale.ROOT);
        for (Folder f : byId.values()) {
            if (Objects.equals(f.clientIdentifier, tenant)
                    && Objects.equals(f.parentId, parentId)
                    && !f.id.equals(except)
                    && f.name.toLowerCase(Locale.ROOT).equals(wanted)) {
                return f;
            }
        }
        return null;
    }

    FolderView view(Folder f) {
        return new FolderView(
                f.id,
                f.name,
                f.parentId,
                f.clientIdentifier,
                path(f),
                courseCounts.getOrDefault(f.id, 0L),
                f.createdBy,
                f.createdAt,
                f.updatedAt);
    }
}

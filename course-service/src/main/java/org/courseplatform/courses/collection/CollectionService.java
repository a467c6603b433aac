package org.courseplatform.courses.collection;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.course.CourseService;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Paged;

/**
 * The collection rules: a collection belongs to one tenant and holds courses of that tenant
 * (not deleted when added), each once, in order, at most {@link CollectionConfig#maxCourses()}.
 * Its key is made like a course key and never changes: embed URLs name the collection by id and key.
 * A change of a collection's courses locks its row first, so concurrent adds keep the order and the limit.
 */
@ApplicationScoped
public class CollectionService {

    static final int TITLE_MAX = 200;
    static final int DESCRIPTION_MAX = 2000;

    private final CollectionRepository collections;
    private final CollectionConfig config;

    public CollectionService(CollectionRepository collections, CollectionConfig config) {
        this.collections = collections;
        this.config = config;
    }

    @WithSession
    public Uni<Paged<CollectionView>> list(CourseScope scope, int page, int length) {
        return collections
                .page(scope, page, length)
                .chain(p -> collections
                        .courseIds(p.items().stream().map(c -> c.id).toList())
                        .map(ids -> p.map(c -> CollectionView.of(c, ids.getOrDefault(c.id, List.of())))));
    }

    @WithSession
    public Uni<CollectionView> get(CourseScope scope, long id) {
        return find(scope, id, false).chain(this::view);
    }

    @WithTransaction
    public Uni<CollectionView> create(CourseScope scope, CollectionRequests.Create request) {
        List<ApiError.Detail> problems = new ArrayList<>();
        String title = title(request.title(), true, problems);
        description(request.description(), problems);
        if (request.clientIdentifier() != null
                && (request.clientIdentifier().isEmpty()
                        || request.clientIdentifier().length() > 255)) {
            problems.add(new ApiError.Detail("clientIdentifier", "must be 1 to 255 characters"));
        }
        List<Long> courseIds = request.courseIds() == null ? List.of() : request.courseIds();
        if (courseIds.size() > config.maxCourses()) {
            problems.add(new ApiError.Detail("courseIds", "must hold at most " + config.maxCourses() + " courses"));
        } else {
            Set<Long> seen = new HashSet<>();
            for (int i = 0; i < courseIds.size(); i++) {
                Long id = courseIds.get(i);
                if (id == null || id <= 0) {
                    problems.add(new ApiError.Detail("courseIds[" + i + "]", "must be a positive course id"));
                } else if (!seen.add(id)) {
                    problems.add(new ApiError.Detail("courseIds[" + i + "]", "course " + id + " is listed twice"));
                }
            }
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        String tenant = scope.tenantOf(request.clientIdentifier());
        return checkCourses(scope, tenant, courseIds, "courseIds").chain(() -> {
            Collection collection = new Collection();
            collection.workspaceId = scope.workspaceId();
            collection.clientIdentifier = tenant;
            collection.key = CourseService.newKey();
            collection.title = title;
            collection.description = request.description() == null ? "" : request.description();
            collection.createdBy = scope.agent();
            collection.createdAt = collection.updatedAt = now();
            return collections
                    .persist(collection)
                    .call(saved -> collections.replaceCourses(saved.id, courseIds))
                    .invoke(saved -> Log.debugf(
                            "Created collection %s in workspace %s",
                            String.valueOf(saved.id), String.valueOf(saved.workspaceId)))
                    .map(saved -> CollectionView.of(saved, List.copyOf(courseIds)));
        });
    }

    @WithTransaction
    public Uni<CollectionView> update(CourseScope scope, long id, CollectionRequests.Update request) {
        List<ApiError.Detail> problems = new ArrayList<>();
        String title = title(request.title(), false, problems);
        description(request.description(), problems);
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        return find(scope, id, true).chain(collection -> {
            if (title != null) {
                collection.title = title;
            }
            if (request.description() != null) {
                collection.description = request.description();
            }
            if (title != null || request.description() != null) {
                collection.updatedAt = now();
            }
            return view(collection);
        });
    }

    /** Deletes the collection; the learners' tracking records of its courses stay, with its {id, key}. */
    @WithTransaction
    public Uni<Void> delete(CourseScope scope, long id) {
        return find(scope, id, true)
                .chain(collection -> collections.delete(collection))
                .invoke(() -> Log.debugf("Deleted collection %s", String.valueOf(id)));
    }

    /**
     * Adds a course at {@code position} (0-based; left out: at the end), or moves it there when
     * the collection already holds it.
     */
    @WithTransaction
    public Uni<CollectionView> addCourse(CourseScope scope, long id, CollectionRequests.AddCourse request) {
        List<ApiError.Detail> problems = new ArrayList<>();
        if (request.courseId() == null) {
            problems.add(new ApiError.Detail("courseId", "is required"));
        } else if (request.courseId() <= 0) {
            problems.add(new ApiError.Detail("courseId", "must be a positive course id"));
        }
        if (request.position() != null && request.position() < 0) {
            problems.add(new ApiError.Detail("position", "must be 0 or more"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        long courseId = request.courseId();
        return find(scope, id, true)
                .chain(collection -> collections.courseIds(id).chain(current -> {
                    List<Long> ids = new ArrayList<>(current);
                    boolean held = ids.remove(Long.valueOf(courseId));
                    if (!held && ids.size() >= config.maxCourses()) {
                        throw ApiException.conflict(
                                "Collection " + id + " holds " + ids.size() + " courses, the most it may hold");
                    }
                    int position = request.position() == null ? ids.size() : request.position();
                    if (position > ids.size()) {
                        throw ApiException.invalid(
                                "position", "must be at most " + ids.size() + " (the end of the collection)");
                    }
                    ids.add(position, courseId);
                    Uni<Void> check = held
                            ? Uni.createFrom().voidItem()
                            : checkCourses(scope, collection.clientIdentifier, List.of(courseId), "courseId");
                    return check.chain(() -> collections.replaceCourses(id, ids))
                            .map(x -> {
                                collection.updatedAt = now();
                                return CollectionView.of(collection, List.copyOf(ids));
                            });
                }));
    }

    @WithTransaction
    public Uni<CollectionView> removeCourse(CourseScope scope, long id, long courseId) {
        return find(scope, id, true)
                .chain(collection -> collections.courseIds(id).chain(current -> {
                    List<Long> ids = new ArrayList<>(current);
                    if (!ids.remove(Long.valueOf(courseId))) {
                        throw ApiException.notFound("Course " + courseId + " is not in collection " + id);
                    }
                    return collections.replaceCourses(id, ids).map(x -> {
                        collection.updatedAt = now();
                        return CollectionView.of(collection, List.copyOf(ids));
                    });
                }));
    }

    /**
     * The collection a course is embedded in, checked: it exists in the scope (404 otherwise), the
     * key matches (400) and it holds the course (404). For the embed URLs ({@code field} is the
     * request's field for the error details).
     */
    @WithSession
    public Uni<Collection> forEmbed(CourseScope scope, long id, String key, long courseId) {
        return collections.findById(id).chain(collection -> {
            if (collection == null || !scope.sees(collection.workspaceId, collection.clientIdentifier)) {
                throw ApiException.notFound("Collection " + id + " not found");
            }
            if (!collection.key.equals(key)) {
                throw ApiException.invalid("collection.key", "does not match the key of collection " + id);
            }
            return collections.holds(id, courseId).map(holds -> {
                if (!holds) {
                    throw ApiException.notFound("Course " + courseId + " is not in collection " + id
                            + "; add it with POST /v1/headless/collections/" + id + "/courses");
                }
                return collection;
            });
        });
    }

    /** Each course exists, is visible, not deleted and in the collection's tenant. */
    private Uni<Void> checkCourses(CourseScope scope, String tenant, List<Long> courseIds, String field) {
        return collections.courses(courseIds).map(found -> {
            List<ApiError.Detail> problems = new ArrayList<>();
            for (int i = 0; i < courseIds.size(); i++) {
                long courseId = courseIds.get(i);
                String name = field.equals("courseIds") ? field + "[" + i + "]" : field;
                CollectionRepository.CourseTenancy c = found.get(courseId);
                if (c == null || c.deleted() || !scope.sees(c.workspaceId(), c.clientIdentifier())) {
                    problems.add(new ApiError.Detail(name, "course " + courseId + " not found"));
                } else if (!Objects.equals(c.clientIdentifier(), tenant)) {
                    throw ApiException.conflict("Course " + courseId + " is in " + describe(c.clientIdentifier())
                            + " and the collection in " + describe(tenant)
                            + "; a collection holds courses of its tenant");
                }
            }
            if (!problems.isEmpty()) {
                throw ApiException.invalid(problems);
            }
            return null;
        });
    }

    private Uni<Collection> find(CourseScope scope, long id, boolean lock) {
        Uni<Collection> found =
                lock ? collections.findById(id, LockModeType.PESSIMISTIC_WRITE) : collections.findById(id);
        return found.map(c -> c != null && scope.sees(c.workspaceId, c.clientIdentifier) ? c : null)
                .onItem()
                .ifNull()
                .failWith(() -> ApiException.notFound("Collection " + id + " not found"));
    }

    private Uni<CollectionView> view(Collection collection) {
        return collections.courseIds(collection.id).map(ids -> CollectionView.of(collection, ids));
    }

    private static String title(String value, boolean required, List<ApiError.Detail> problems) {
        if (value == null) {
            if (required) {
                problems.add(new ApiError.Detail("title", "is required"));
            }
            return null;
        }
        String title = value.strip();
        if (title.isEmpty() || title.length() > TITLE_MAX) {
            problems.add(new ApiError.Detail("title", "must be 1 to " + TITLE_MAX + " characters (not only spaces)"));
        }
        return title;
    }

    private static void description(String value, List<ApiError.Detail> problems) {
        if (value != null && value.length() > DESCRIPTION_MAX) {
            problems.add(new ApiError.Detail("description", "must be at most " + DESCRIPTION_MAX + " characters"));
        }
    }

    private static String describe(String tenant) {
        return tenant == null ? "the workspace-default tenant" : "tenant " + tenant;
    }

    static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
    }
}

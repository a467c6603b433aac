package org.courseplatform.courses.collection;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.platform.web.Paged;

/** The collections' SQL; a collection's ordered courses are rewritten whole on a change (at most 500 rows). */
@ApplicationScoped
public class CollectionRepository implements PanacheRepositoryBase<Collection, Long> {

    private static final String ITEMS = """
            select collection_id, course_id from course_collection_item
            where collection_id = any(cast(cast(?1 as text) as bigint[])) order by collection_id, position""";
    private static final String CLEAR = "delete from course_collection_item where collection_id = ?1";
    private static final String INSERT = """
            insert into course_collection_item (collection_id, course_id, position)
            select ?1, t.course_id, t.n - 1 from unnest(cast(cast(?2 as text) as bigint[])) with ordinality as t(course_id, n)""";
    private static final String HOLDS = """
            select count(*) from course_collection_item where collection_id = ?1 and course_id = ?2""";

    /** One page of the collections a scope sees, oldest first. */
    Uni<Paged<Collection>> page(CourseScope scope, int page, int length) {
        if (scope.none()) {
            return Uni.createFrom().item(new Paged<>(List.of(), 0L));
        }
        StringBuilder where = new StringBuilder("workspaceId = :ws");
        Parameters params = Parameters.with("ws", scope.workspaceId());
        if (!scope.anyTenant()) {
            if (scope.clientIdentifier() == null) {
                where.append(" and clientIdentifier is null");
            } else {
                where.append(" and clientIdentifier = :tenant");
                params.and("tenant", scope.clientIdentifier());
            }
        }
        var query = find(where.toString(), Sort.by("id"), params);
        int size = Math.max(length, 1);
        int offset = Paged.start(page, length);
        return query.count()
                .chain(total -> query.range(offset, offset + size - 1)
                        .list()
                        .map(list -> new Paged<>(length == 0 ? List.<Collection>of() : list, total)));
    }

    /** The ordered course ids of each collection. */
    Uni<Map<Long, List<Long>>> courseIds(List<Long> collectionIds) {
        if (collectionIds.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(ITEMS, Object[].class)
                        .setParameter(1, array(collectionIds))
                        .getResultList())
                .map(rows -> {
                    Map<Long, List<Long>> ids = new HashMap<>();
                    for (Object[] r : rows) {
                        ids.computeIfAbsent(((Number) r[0]).longValue(), k -> new ArrayList<>())
                                .add(((Number) r[1]).longValue());
                    }
                    return ids;
                });
    }

    Uni<List<Long>> courseIds(long collectionId) {
        return courseIds(List.of(collectionId)).map(ids -> ids.getOrDefault(collectionId, List.of()));
    }

    /** Replaces the collection's courses with these, in this order. */
    Uni<Void> replaceCourses(long collectionId, List<Long> courseIds) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(CLEAR)
                        .setParameter(1, collectionId)
                        .executeUpdate()
                        .chain(() -> courseIds.isEmpty()
                                ? Uni.createFrom().item(0)
                                : s.createNativeQuery(INSERT)
                                        .setParameter(1, collectionId)
                                        .setParameter(2, array(courseIds))
                                        .executeUpdate()))
                .replaceWithVoid();
    }

    /** Of a course: what a collection needs to know to take it. */
    record CourseTenancy(long id, long workspaceId, String clientIdentifier, boolean deleted) {}

    /** The tenancy of these courses, those that exist, without their documents. */
    Uni<Map<Long, CourseTenancy>> courses(List<Long> ids) {
        if (ids.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        return Panache.getSession()
                .chain(s -> s.createQuery(
                                "select c.id, c.workspaceId, c.clientIdentifier, c.deleted from Course c where c.id in (:ids)",
                                Object[].class)
                        .setParameter("ids", ids)
                        .getResultList())
                .map(rows -> {
                    Map<Long, CourseTenancy> found = new HashMap<>();
                    for (Object[] r : rows) {
                        long id = ((Number) r[0]).longValue();
                        found.put(
                                id, new CourseTenancy(id, ((Number) r[1]).longValue(), (String) r[2], (Boolean) r[3]));
                    }
                    return found;
                });
    }

    /** Whether the collection holds the course. */
    public Uni<Boolean> holds(long collectionId, long courseId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(HOLDS, Long.class)
                        .setParameter(1, collectionId)
                        .setParameter(2, courseId)
                        .getSingleResult())
                .map(n -> ((Number) n).longValue() > 0);
    }

    /** A Postgres array literal of ids, bound as text: native queries take no list for {@code any}. */
    private static String array(List<Long> ids) {
        return ids.stream().map(String::valueOf).collect(Collectors.joining(",", "{", "}"));
    }
}

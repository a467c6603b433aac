package org.courseplatform.members.user;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one user may reach, for agent-gateway's consumer MCP endpoint, which knows a person by
 * their user id (the {@code platform_user_id} of their sign-in) and must follow deactivation
 * and deletion within seconds: it asks here rather than keeping a copy.
 */
@ApplicationScoped
public class UserAccessService {

    private final UserAccessRepository repository;

    public UserAccessService(UserAccessRepository repository) {
        this.repository = repository;
    }

    /** Every membership of the user, by workspace id; empty for an unknown user or one with none left. */
    @WithSession
    public Uni<List<UserAccessViews.Membership>> memberships(long userId) {
        return repository
                .memberships(userId)
                .map(rows -> rows.stream()
                        .map(r -> new UserAccessViews.Membership(
                                ((Number) r[0]).longValue(),
                                ((Number) r[1]).longValue(),
                                (String) r[2],
                                (String) r[3],
                                (String) r[4],
                                (String) r[5],
                                split((String) r[6]),
                                split((String) r[7]),
                                r[8] == null ? null : ((Number) r[8]).longValue()))
                        .toList());
    }

    /** The member's courses in the workspace, each once (a direct enrolment before one through a group). */
    @WithSession
    public Uni<List<UserAccessViews.EnrolledCourse>> courses(long workspaceId, long userId) {
        return repository.courses(workspaceId, userId).map(rows -> {
            Map<Long, UserAccessViews.EnrolledCourse> once = new LinkedHashMap<>();
            for (Object[] r : rows) {
                long id = ((Number) r[0]).longValue();
                once.putIfAbsent(
                        id,
                        new UserAccessViews.EnrolledCourse(
                                id,
                                (String) r[1],
                                (String) r[2],
                                r[3] == null ? null : ((Number) r[3]).longValue(),
                                (String) r[4]));
            }
            return new ArrayList<>(once.values());
        });
    }

    private static List<String> split(String names) {
        return names == null || names.isBlank()
                ? List.of()
                : Arrays.stream(names.split(","))
                        .map(String::strip)
                        .filter(s -> !s.isEmpty())
                        .toList();
    }
}

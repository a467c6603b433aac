package org.courseplatform.agent.consumer;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;
import org.courseplatform.platform.web.ApiException;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * Who a signed-in person is on the platform, asked of members-service (the source of truth) and
 * remembered for at most {@code consumer-mcp.member-ttl} (15 s): a member deactivated or deleted
 * there loses access here within that time, whatever their token's lifetime.
 */
@ApplicationScoped
public class MemberDirectory {

    private final MembersUserApi members;
    private final Cache<Long, List<MembersUserApi.Membership>> memberships;
    private final Cache<String, List<MembersUserApi.EnrolledCourse>> courses;

    public MemberDirectory(@RestClient MembersUserApi members, ConsumerEndpoint endpoint) {
        this.members = members;
        this.memberships = Caffeine.newBuilder()
                .maximumSize(100_000)
                .expireAfterWrite(endpoint.memberTtl())
                .build();
        this.courses = Caffeine.newBuilder()
                .maximumSize(100_000)
                .expireAfterWrite(endpoint.memberTtl())
                .build();
    }

    /** Every membership of the user; 503 when members-service cannot answer. */
    public Uni<List<MembersUserApi.Membership>> memberships(long userId) {
        List<MembersUserApi.Membership> known = memberships.getIfPresent(userId);
        if (known != null) {
            return Uni.createFrom().item(known);
        }
        return members.memberships(userId)
                .invoke(answer -> memberships.put(userId, List.copyOf(answer)))
                .onFailure()
                .transform(e -> unavailable("memberships", e));
    }

    /** The courses the member is enrolled in within the workspace. */
    public Uni<List<MembersUserApi.EnrolledCourse>> courses(long workspaceId, long userId) {
        String key = workspaceId + ":" + userId;
        List<MembersUserApi.EnrolledCourse> known = courses.getIfPresent(key);
        if (known != null) {
            return Uni.createFrom().item(known);
        }
        return members.courses(userId, workspaceId)
                .invoke(answer -> courses.put(key, List.copyOf(answer)))
                .onFailure()
                .transform(e -> unavailable("enrolments", e));
    }

    /** The enrolled course with this id, if the member is enrolled in it. */
    public Uni<Optional<MembersUserApi.EnrolledCourse>> enrolled(long workspaceId, long userId, long courseId) {
        return courses(workspaceId, userId)
                .map(list -> list.stream().filter(c -> c.courseId() == courseId).findFirst());
    }

    /** Has members-service mail the user a link to set a password of their own; null when it could not. */
    public Uni<String> mailPasswordLink(long userId) {
        return members.passwordLink(userId)
                .map(MembersUserApi.PasswordLink::outcome)
                .onFailure()
                .recoverWithItem(e -> {
                    Log.warnf("members-service did not mail user %d a password link: %s", userId, e.toString());
                    return null;
                });
    }

    private static ApiException unavailable(String what, Throwable e) {
        Log.warnf("A member's %s cannot be read from members-service: %s", what, e.toString());
        return ApiException.unavailable("Members cannot be checked right now; try again shortly");
    }
}

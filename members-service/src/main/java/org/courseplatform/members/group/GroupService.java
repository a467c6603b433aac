package org.courseplatform.members.group;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.List;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Paged;

/** Groups of a workspace (API.md: needed to use group enrolments). */
@ApplicationScoped
public class GroupService {

    public record GroupView(long id, String name, OffsetDateTime created) {}

    /** A group a member belongs to, with the member's role in it. */
    public record MemberGroup(long id, String name, String role) {}

    private final GroupRepository groups;

    public GroupService(GroupRepository groups) {
        this.groups = groups;
    }

    @WithTransaction
    public Uni<GroupView> create(long ws, String name) {
        if (name == null || name.isBlank() || name.length() > 200) {
            throw ApiException.invalid("name", "must be a non-empty string of at most 200 characters");
        }
        return groups.insert(ws, name.strip());
    }

    @WithSession
    public Uni<Paged<GroupView>> list(long ws, int page, int limit) {
        return groups.page(ws, page, limit);
    }

    @WithSession
    public Uni<GroupView> get(long ws, long id) {
        return require(ws, id);
    }

    /** Deletes the group and every enrolment through it. */
    @WithTransaction
    public Uni<Void> delete(long ws, long id) {
        return require(ws, id).chain(group -> groups.delete(ws, id));
    }

    /** The member's groups, optionally only those where they are {@code role}. */
    @WithSession
    public Uni<List<MemberGroup>> ofMember(long ws, long userId, String role) {
        return groups.isMember(ws, userId).chain(member -> {
            if (!member) {
                throw ApiException.notFound("Member " + userId + " not found");
            }
            return groups.ofMember(ws, userId, role);
        });
    }

    Uni<GroupView> require(long ws, long id) {
        return groups.find(ws, id).map(group -> {
            if (group == null) {
                throw ApiException.notFound("Group " + id + " not found");
            }
            return group;
        });
    }
}

package org.courseplatform.courses.member;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.courseplatform.platform.events.CloudEvent;
import org.courseplatform.platform.events.Events;

/**
 * Applies members-service's member events to course-service's member projection, in order:
 * {@code member.created} and {@code member.deactivated} keep the member's id, email and username
 * (a deactivated member stays a member record), {@code member.deleted} removes it. Other events of
 * member-events (workspaces, API keys, enrolments) are ignored. Older events never overwrite newer state.
 */
@ApplicationScoped
public class MemberProjection {

    private final MemberProjectionRepository repository;

    public MemberProjection(MemberProjectionRepository repository) {
        this.repository = repository;
    }

    /** The email of the workspace's member the identifier names, or null, read on {@code client}. */
    public Uni<String> email(SqlClient client, long workspaceId, String identifier) {
        return repository.email(client, workspaceId, identifier);
    }

    /**
     * For a repository that shows a member's email beside its own rows: a scalar subquery on the
     * projection for the member that {@code identifier} names in {@code workspace} (both SQL
     * expressions); see {@link MemberProjectionRepository#emailOf}.
     */
    public static String emailSubquery(String workspace, String identifier) {
        return MemberProjectionRepository.emailOf(workspace, identifier);
    }

    Uni<Void> apply(SqlClient client, List<CloudEvent> events) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (CloudEvent event : events) {
            var member = event.data() == null ? null : event.data().get("member");
            if (!event.type().startsWith("member.")
                    || member == null
                    || !member.path("id").canConvertToLong()
                    || event.workspaceid() == null) {
                continue;
            }
            long workspaceId = event.workspaceid();
            long memberId = member.get("id").asLong();
            if (Events.MEMBER_CREATED.is(event) || Events.MEMBER_DEACTIVATED.is(event)) {
                if (!member.path("email").isTextual() || event.time() == null) {
                    continue;
                }
                String email = member.get("email").asText();
                String username = member.path("username").isTextual()
                        ? member.get("username").asText()
                        : null;
                chain = chain.chain(
                        () -> repository.upsert(client, workspaceId, memberId, email, username, event.time()));
            } else if (Events.MEMBER_DELETED.is(event)) {
                chain = chain.chain(() -> repository.delete(client, workspaceId, memberId));
            }
        }
        return chain;
    }
}

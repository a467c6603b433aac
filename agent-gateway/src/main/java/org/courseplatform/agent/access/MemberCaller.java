package org.courseplatform.agent.access;

import java.security.Principal;
import java.util.List;
import java.util.Locale;
import org.courseplatform.platform.auth.AgentCaller;
import org.courseplatform.platform.auth.Plan;
import org.courseplatform.platform.auth.WorkspaceCaller;

/**
 * The principal of a call on the consumer MCP endpoint: a person signed in with the platform's
 * authorization server, resolved to one active membership. The owning services know no such
 * caller, so the member acts there as an agent of their workspace whose identifier is their
 * email (course-service matches owners and learners by email), live, with no API key.
 *
 * @param userId the {@code platform_user_id} of the sign-in (members-service's user id)
 * @param tokenId the access token's {@code jti} (or its subject when it has none)
 */
public record MemberCaller(
        long userId,
        long workspaceId,
        String email,
        Type type,
        Plan plan,
        List<String> addons,
        List<String> features,
        String tokenId)
        implements Principal {

    /** A member's user type: the catalogue they get. A member without one is a student (the least). */
    public enum Type {
        TEAM,
        STUDENT;

        public static Type of(String userType) {
            return "team".equals(userType) ? TEAM : STUDENT;
        }

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public boolean team() {
        return type == Type.TEAM;
    }

    /** The member seen as an agent: identifier = email, the workspace-default tenant, read-only unless team. */
    public AgentCaller agent() {
        return new AgentCaller(workspaceId, 0, email, null, List.of(), null, !team(), false, tokenId);
    }

    /** The workspace caller the owning services apply their rules to, in {@code tenant} (null: the workspace default). */
    public WorkspaceCaller caller(String tenant) {
        return new WorkspaceCaller(
                workspaceId, 0, false, plan, addons, features, new WorkspaceCaller.Agent(email, tenant));
    }

    @Override
    public String getName() {
        return "member:" + workspaceId + "/" + userId;
    }
}

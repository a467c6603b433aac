package org.courseplatform.courses.course;

import java.util.Objects;
import org.courseplatform.platform.auth.WorkspaceCaller;
import org.courseplatform.platform.web.ApiException;

/**
 * Which courses a call may see (DESIGN.md section 6): an API key without {@code clientIdentifier}
 * sees every tenant of its workspace; with one, only that tenant. Another workspace's or tenant's
 * course is as unknown as a missing one (404).
 *
 * <p>An agent (a delegated call from agent-gateway, {@code agent} = its identifier) is always
 * restricted to its own tenant, the workspace-default tenant (courses without a tenant) when it
 * has none; a {@code clientIdentifier} naming another tenant cannot widen that, it makes the call
 * see nothing ({@code none}). What an agent creates is owned by it and lives in its tenant.
 */
public record CourseScope(
        long workspaceId, String clientIdentifier, boolean anyTenant, boolean testMode, String agent, boolean none) {

    /** A scope of an API key or a service acting for one (no agent). */
    public CourseScope(long workspaceId, String clientIdentifier, boolean anyTenant, boolean testMode) {
        this(workspaceId, clientIdentifier, anyTenant, testMode, null, false);
    }

    public static CourseScope of(WorkspaceCaller caller, String clientIdentifier) {
        boolean given = clientIdentifier != null && !clientIdentifier.isEmpty();
        if (caller.restricted()) {
            String own = caller.agent().clientIdentifier();
            boolean other = given && !clientIdentifier.equals(own);
            return new CourseScope(
                    caller.workspaceId(),
                    own,
                    false,
                    caller.testMode(),
                    caller.agent().identifier(),
                    other);
        }
        return new CourseScope(caller.workspaceId(), given ? clientIdentifier : null, !given, caller.testMode());
    }

    /** Whether this call acts for an agent, and so only ever in the agent's tenant and as the agent. */
    public boolean restricted() {
        return agent != null;
    }

    public boolean sees(Course course) {
        return sees(course.workspaceId, course.clientIdentifier);
    }

    /** Whether something of this workspace and tenant (a course, a library screen) is visible to the call. */
    public boolean sees(long workspaceId, String clientIdentifier) {
        return !none
                && this.workspaceId == workspaceId
                && (anyTenant || Objects.equals(this.clientIdentifier, clientIdentifier));
    }

    /**
     * The tenant something new goes to: the one asked for, else this scope's own. A call scoped to
     * one tenant (an agent always is) cannot create in another: 403.
     */
    public String tenantOf(String requested) {
        String tenant = requested != null ? requested : clientIdentifier;
        if (!anyTenant && !Objects.equals(tenant, clientIdentifier)) {
            throw ApiException.forbidden(
                    restricted()
                            ? "An agent may act only in its own tenant (" + describe(clientIdentifier) + "), not in "
                                    + describe(tenant)
                            : "A call scoped to tenant " + clientIdentifier + " cannot create in another tenant");
        }
        return tenant;
    }

    /**
     * The owner ({@code identifier}) of something new: the one asked for, which an API key must
     * give. An agent owns what it creates: it may leave the owner out or name itself, nobody else (403).
     */
    public String ownerOf(String requested) {
        if (requested != null && requested.isBlank()) {
            throw ApiException.invalid("identifier", "must not be blank");
        }
        if (!restricted()) {
            if (requested == null) {
                throw ApiException.invalid("identifier", "must not be blank");
            }
            return requested;
        }
        if (requested != null && !requested.equals(agent)) {
            throw ApiException.forbidden("An agent creates as itself: identifier must be the agent's own or left out");
        }
        return agent;
    }

    private static String describe(String tenant) {
        return tenant == null ? "the workspace-default tenant" : "tenant " + tenant;
    }
}

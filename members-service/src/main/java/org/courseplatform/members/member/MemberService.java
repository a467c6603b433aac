package org.courseplatform.members.member;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.courseplatform.platform.auth.WorkspaceCaller;
import org.courseplatform.platform.events.EventData.Member;
import org.courseplatform.platform.events.EventData.MemberChange;
import org.courseplatform.platform.events.EventType;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.events.Outbox;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Paged;

/**
 * The members of a workspace. A user is global by email; membership is per workspace. Every
 * change commits with its {@code member.*} event; user-limit checks hold the workspace row lock.
 */
@ApplicationScoped
public class MemberService {

    static final int MAX_BATCH = 1000;

    private final MemberRepository members;
    private final MembershipRepository memberships;
    private final Outbox outbox;

    public MemberService(MemberRepository members, MembershipRepository memberships, Outbox outbox) {
        this.members = members;
        this.memberships = memberships;
        this.outbox = outbox;
    }

    @WithSession
    public Uni<Paged<MemberView>> list(long workspaceId, MemberQuery query) {
        return members.page(workspaceId, query);
    }

    @WithSession
    public Uni<MemberView> get(long workspaceId, long userId) {
        return members.find(workspaceId, userId)
                .onItem()
                .ifNull()
                .failWith(() -> ApiException.notFound("Member " + userId + " not found"));
    }

    /**
     * Creates the user, or adds the existing user with this email to the workspace (same id).
     * {@code passwordHash} is computed by the caller, off the event loop; {@code locale} is the
     * detected one ({@link MemberDefaults}), for a membership that has none given or kept.
     */
    @WithTransaction
    public Uni<MemberView> create(WorkspaceCaller caller, MemberRequest request, String passwordHash, String locale) {
        long ws = caller.workspaceId();
        String email = MemberRules.normaliseEmail(request.email());
        boolean active = Boolean.TRUE.equals(request.active()) || request.password() != null;
        String state = active ? "active" : "pending";
        boolean quiet = Boolean.TRUE.equals(request.disableCourseEnrolmentNotification());
        return memberships
                .lockWorkspace(ws)
                .chain(limit -> memberships.userByEmail(ws, email).chain(existing -> {
                    if (existing != null && existing[1] != null && !"inactive".equals(existing[1])) {
                        return get(ws, ((Number) existing[0]).longValue());
                    }
                    Uni<Long> user = existing != null
                            ? Uni.createFrom().item(((Number) existing[0]).longValue())
                            : newUser(ws, request, email, passwordHash);
                    return checkLimit(ws, limit, 1, false)
                            .chain(() -> user)
                            .call(id -> memberships.join(ws, id, email, state, request, quiet, locale))
                            .chain(id -> members.find(ws, id))
                            .call(view -> emit(Events.MEMBER_CREATED, ws, caller.testMode(), view));
                }));
    }

    /** Adds many emails at once, all or nothing; no roles, no enrolments. */
    @WithTransaction
    public Uni<List<BatchMember>> batch(WorkspaceCaller caller, String userType, List<String> emails, String locale) {
        long ws = caller.workspaceId();
        LinkedHashSet<String> unique = validateBatch(emails);
        return memberships.lockWorkspace(ws).chain(limit -> {
            List<String> all = List.copyOf(unique);
            return collectExisting(ws, all, 0, new LinkedHashMap<>()).chain(existing -> {
                long joining = all.stream()
                        .filter(e -> {
                            Object[] row = existing.get(e);
                            return row == null || row[1] == null || "inactive".equals(row[1]);
                        })
                        .count();
                return checkLimit(ws, limit, joining, true)
                        .chain(() -> addAll(caller, userType, locale, all, existing, 0, new ArrayList<>()));
            });
        });
    }

    @WithTransaction
    public Uni<Void> unlink(WorkspaceCaller caller, long userId) {
        long ws = caller.workspaceId();
        return get(ws, userId)
                .chain(before -> memberships
                        .deactivate(ws, userId)
                        .chain(changed -> changed == 0
                                ? Uni.createFrom().voidItem()
                                : members.find(ws, userId)
                                        .chain(view -> emit(Events.MEMBER_DEACTIVATED, ws, caller.testMode(), view))));
    }

    @WithTransaction
    public Uni<MemberView> delete(WorkspaceCaller caller, long userId) {
        long ws = caller.workspaceId();
        return get(ws, userId)
                .call(before -> memberships.remove(ws, userId))
                .call(before -> emit(Events.MEMBER_DELETED, ws, caller.testMode(), before));
    }

    /** {@code {id, email, username, state}}: the answer of a batch. */
    public record BatchMember(long id, String email, String username, String state) {}

    private Uni<Long> newUser(long ws, MemberRequest request, String email, String passwordHash) {
        String username = request.username() != null ? request.username().strip() : email;
        return memberships.insertUser(ws, request, email, passwordHash).chain(id -> {
            if (id != null) {
                return Uni.createFrom().item(id);
            }
            // The email or the username is taken, perhaps by another workspace's request a moment
            // ago: a user with this email is joined as an existing one; otherwise the username is taken.
            return memberships.userByEmail(ws, email).map(row -> {
                if (row == null) {
                    throw ApiException.unprocessable("The username " + username + " is taken by another user");
                }
                return ((Number) row[0]).longValue();
            });
        });
    }

    private Uni<Void> checkLimit(long ws, Integer limit, long joining, boolean batch) {
        if (limit == null || joining == 0) {
            return Uni.createFrom().voidItem();
        }
        return memberships
                .counted(ws)
                .invoke(count -> {
                    if (count + joining > limit) {
                        String message = "The workspace has reached its user limit of " + limit + " (" + count
                                + " members count toward it)";
                        throw batch ? ApiException.forbidden(message) : ApiException.unprocessable(message);
                    }
                })
                .replaceWithVoid();
    }

    private Uni<Map<String, Object[]>> collectExisting(
            long ws, List<String> emails, int i, Map<String, Object[]> found) {
        if (i == emails.size()) {
            return Uni.createFrom().item(found);
        }
        return memberships.userByEmail(ws, emails.get(i)).chain(row -> {
            if (row != null) {
                found.put(emails.get(i), row);
            }
            return collectExisting(ws, emails, i + 1, found);
        });
    }

    private Uni<List<BatchMember>> addAll(
            WorkspaceCaller caller,
            String userType,
            String locale,
            List<String> emails,
            Map<String, Object[]> existing,
            int i,
            List<BatchMember> added) {
        if (i == emails.size()) {
            return Uni.createFrom().item(added);
        }
        long ws = caller.workspaceId();
        String email = emails.get(i);
        Object[] row = existing.get(email);
        boolean member = row != null && row[1] != null && !"inactive".equals(row[1]);
        MemberRequest bare =
                new MemberRequest(email, userType, null, null, null, null, null, null, null, null, null, null);
        Uni<Long> user =
                row != null ? Uni.createFrom().item(((Number) row[0]).longValue()) : newUser(ws, bare, email, null);
        Uni<MemberView> view = member
                ? user.chain(id -> members.find(ws, id))
                : user.call(id -> memberships.join(ws, id, email, "pending", bare, false, locale))
                        .chain(id -> members.find(ws, id))
                        .call(v -> emit(Events.MEMBER_CREATED, ws, caller.testMode(), v));
        return view.chain(v -> {
            added.add(new BatchMember(v.id(), v.email(), v.username(), v.state()));
            return addAll(caller, userType, locale, emails, existing, i + 1, added);
        });
    }

    private static LinkedHashSet<String> validateBatch(List<String> emails) {
        if (emails == null || emails.isEmpty()) {
            throw ApiException.invalid("emails", "must list at least one email");
        }
        if (emails.size() > MAX_BATCH) {
            throw ApiException.invalid("emails", "may list at most " + MAX_BATCH + " emails");
        }
        List<ApiError.Detail> invalid = new ArrayList<>();
        LinkedHashSet<String> unique = new LinkedHashSet<>();
        for (int i = 0; i < emails.size(); i++) {
            String email = emails.get(i);
            if (email == null || !MemberRules.validEmail(email.strip())) {
                invalid.add(new ApiError.Detail("emails[" + i + "]", "is not a valid email: " + email));
            } else {
                unique.add(MemberRules.normaliseEmail(email));
            }
        }
        if (!invalid.isEmpty()) {
            throw ApiException.invalid(invalid);
        }
        return unique;
    }

    private Uni<Void> emit(EventType<MemberChange> type, long ws, boolean testMode, MemberView view) {
        Member member = new Member(view.id(), view.email(), view.username(), view.state(), view.userType());
        return outbox.add(type, Long.toString(view.id()), ws, testMode, new MemberChange(member))
                .replaceWithVoid();
    }
}

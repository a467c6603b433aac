package org.courseplatform.members.member;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.platform.web.Paged;

/** The members of a workspace. */
@ApplicationScoped
public class MemberService {

    private final MemberRepository members;

    public MemberService(MemberRepository members) {
        this.members = members;
    }

    @WithSession
    public Uni<Paged<MemberView>> list(long workspaceId, MemberQuery query) {
        return members.page(workspaceId, query);
    }
}

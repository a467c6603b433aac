package org.courseplatform.members;

import java.util.Set;
import org.courseplatform.platform.testing.ArchitectureContract;

/** The package rules of docs/architecture.md, on this service's classes. */
class ArchitectureTest extends ArchitectureContract {

    @Override
    protected String rootPackage() {
        return "org.courseplatform.members";
    }

    /** Reaching into another feature's storage, still to be moved behind that feature's service or port. */
    @Override
    protected Set<String> knownRepositoryUses() {
        return Set.of("enrolment -> member.MemberRepository", "group -> member.MemberRepository");
    }

    /** Each closes a cycle between feature packages that is still there. */
    @Override
    protected Set<String> knownFeatureDependencies() {
        return Set.of("group -> member");
    }
}

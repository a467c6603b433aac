package org.courseplatform.courses;

import java.util.Set;
import org.courseplatform.platform.testing.ArchitectureContract;

/** The package rules of docs/architecture.md, on this service's classes. */
class ArchitectureTest extends ArchitectureContract {

    @Override
    protected String rootPackage() {
        return "org.courseplatform.courses";
    }

    /** Reaching into another feature's storage, still to be moved behind that feature's service or port. */
    @Override
    protected Set<String> knownRepositoryUses() {
        return Set.of(
                "editor -> player.PlayerRepository",
                "editor -> screen.LibraryScreenRepository",
                "generation -> language.JobRepository",
                "generation -> player.PlayerRepository",
                "media -> player.PlayerRepository",
                "player -> analytics.AnalyticsRepository",
                "player -> member.MemberProjectionRepository",
                "player -> screen.LibraryScreenRepository");
    }

    /** Each closes a cycle between feature packages that is still there. */
    @Override
    protected Set<String> knownFeatureDependencies() {
        return Set.of("course -> media", "course -> player", "course -> thumbnail", "media -> player");
    }
}

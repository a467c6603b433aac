package org.courseplatform.courses;

import java.util.Set;
import org.courseplatform.platform.testing.ArchitectureContract;

/** The package rules of docs/architecture.md, on this service's classes. */
class ArchitectureTest extends ArchitectureContract {

    @Override
    protected String rootPackage() {
        return "org.courseplatform.courses";
    }

    /** Each closes a cycle between feature packages that is still there. */
    @Override
    protected Set<String> knownFeatureDependencies() {
        return Set.of("course -> media", "course -> player", "course -> thumbnail", "media -> player");
    }
}

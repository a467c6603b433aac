package org.courseplatform.webhooks;

import java.util.Set;
import org.courseplatform.platform.testing.ArchitectureContract;

/** The package rules of docs/architecture.md, on this service's classes. */
class ArchitectureTest extends ArchitectureContract {

    @Override
    protected String rootPackage() {
        return "org.courseplatform.webhooks";
    }

    /** Each closes a cycle between feature packages that is still there. */
    @Override
    protected Set<String> knownFeatureDependencies() {
        return Set.of("delivery -> endpoint", "delivery -> event");
    }
}

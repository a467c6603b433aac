package org.courseplatform.webhooks;

import java.util.Set;
import org.courseplatform.platform.testing.ArchitectureContract;

/** The package rules of docs/architecture.md, on this service's classes. */
class ArchitectureTest extends ArchitectureContract {

    @Override
    protected String rootPackage() {
        return "org.courseplatform.webhooks";
    }

    /** Reaching into another feature's storage, still to be moved behind that feature's service or port. */
    @Override
    protected Set<String> knownRepositoryUses() {
        return Set.of("event -> delivery.DeliveryRepository");
    }

    /** Each closes a cycle between feature packages that is still there. */
    @Override
    protected Set<String> knownFeatureDependencies() {
        return Set.of("delivery -> endpoint", "delivery -> event");
    }
}

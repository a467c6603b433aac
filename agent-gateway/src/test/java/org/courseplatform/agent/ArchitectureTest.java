package org.courseplatform.agent;

import org.courseplatform.platform.testing.ArchitectureContract;

/** The package rules of docs/architecture.md, on this service's classes. */
class ArchitectureTest extends ArchitectureContract {

    @Override
    protected String rootPackage() {
        return "org.courseplatform.agent";
    }
}

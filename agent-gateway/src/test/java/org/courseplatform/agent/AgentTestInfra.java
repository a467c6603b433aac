package org.courseplatform.agent;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import org.courseplatform.platform.testing.PlatformTestResource;

/**
 * Real PostgreSQL (schema agent), Kafka and S3 for every test of this module, and the real
 * course-service and migration-service (their built jars, as child processes) the tools run in.
 */
@QuarkusTestResource(value = PlatformTestResource.class, initArgs = {@ResourceArg(name = "schema", value = "agent"),
    @ResourceArg(name = "services", value = "course-service,migration-service")})
public class AgentTestInfra {
}

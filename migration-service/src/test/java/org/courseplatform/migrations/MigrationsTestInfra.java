package org.courseplatform.migrations;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import org.courseplatform.platform.testing.PlatformTestResource;

/**
 * Real PostgreSQL (schema migrations), Kafka and S3 for every test of this module, and the real
 * course-service (its own database) that migrates the courses.
 */
@QuarkusTestResource(
        value = PlatformTestResource.class,
        initArgs = {
            @ResourceArg(name = "schema", value = "migrations"),
            @ResourceArg(name = "services", value = "course-service")
        })
public class MigrationsTestInfra {}

package org.courseplatform.scorm;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import org.courseplatform.platform.testing.PlatformTestResource;

/**
 * Real PostgreSQL (schema scorm), Kafka and S3 for every test of this module, and the real
 * course-service (its built jar, as a child process) behind the internal course API.
 */
@QuarkusTestResource(
        value = PlatformTestResource.class,
        initArgs = {
            @ResourceArg(name = "schema", value = "scorm"),
            @ResourceArg(name = "services", value = "course-service")
        })
public class ScormTestInfra {}

package org.courseplatform.scorm;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/** Real PostgreSQL (schema scorm), Kafka and S3, and the course-service stub, for every test of this module. */
@QuarkusTestResource(value = ScormTestResource.class, initArgs = @ResourceArg(name = "schema", value = "scorm"))
public class ScormTestInfra {
}

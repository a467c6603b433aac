package org.courseplatform.members;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import org.courseplatform.platform.testing.PlatformTestResource;

/** Real PostgreSQL (schema members), Kafka and S3 for every test of this module. */
@QuarkusTestResource(value = PlatformTestResource.class, initArgs = @ResourceArg(name = "schema", value = "members"))
public class MembersTestInfra {}

package org.courseplatform.webhooks;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import org.courseplatform.platform.testing.PlatformTestResource;
import org.courseplatform.webhooks.support.TestCaResource;

/**
 * Real PostgreSQL (schema webhooks), Kafka and S3 for every test of this module, and the test CA
 * whose certificates the HTTPS test receivers present.
 */
@QuarkusTestResource(value = PlatformTestResource.class, initArgs = @ResourceArg(name = "schema", value = "webhooks"))
@QuarkusTestResource(TestCaResource.class)
public class WebhooksTestInfra {}

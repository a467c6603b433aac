package org.courseplatform.agent;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import org.courseplatform.platform.testing.PlatformTestResource;

/**
 * Real PostgreSQL (schema agent), Kafka and S3 for every test of this module, the real
 * members-service (members, memberships, enrolments of the consumer endpoint's callers),
 * course-service and migration-service (their built jars, as child processes) the tools run in,
 * and the consumer endpoint's authorization server (discovery and JWKS, see {@link FakeAuthorizationServer}).
 */
@QuarkusTestResource(
        value = PlatformTestResource.class,
        initArgs = {
            @ResourceArg(name = "schema", value = "agent"),
            @ResourceArg(name = "services", value = "members-service,course-service,migration-service")
        })
@QuarkusTestResource(FakeAuthorizationServer.class)
public class AgentTestInfra {}

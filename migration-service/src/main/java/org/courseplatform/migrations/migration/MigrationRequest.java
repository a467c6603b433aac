package org.courseplatform.migrations.migration;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Body of POST /v1/headless/course-migrations. {@code courseIds} is read by {@link CourseIds}
 * (numbers and digit strings both); the legacy {@code notifyEmail} is accepted in any form and
 * ignored: no completion email is sent (SPEC.md, Versioning 4).
 */
public record MigrationRequest(JsonNode courseIds, JsonNode notifyEmail) {}

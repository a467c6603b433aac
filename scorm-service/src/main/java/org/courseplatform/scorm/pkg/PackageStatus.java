package org.courseplatform.scorm.pkg;

import com.fasterxml.jackson.databind.JsonNode;

/** {@code {courseId, status, title, version, launch, error, errorCode}} (API.md, Hosted SCORM). */
public record PackageStatus(long courseId, String status, String title, String version, JsonNode launch, String error,
        String errorCode) {
}

package org.courseplatform.scorm.pkg;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.time.OffsetDateTime;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Request and response bodies of the hosted SCORM endpoints (API.md, Hosted SCORM). */
public final class PackageRequests {

    private PackageRequests() {}

    /** POST …/upload: the zip's file name and its size in bytes. */
    public record Upload(@NotNull String name, @NotNull Long size) {}

    /** {@code {url, hash, expiresAt}}: PUT the zip to {@code url} with {@code Content-Type: application/zip}. */
    public record UploadTicket(String url, String hash, OffsetDateTime expiresAt) {}

    /**
     * POST …/scorm-package: the upload hash and the package name; {@code identifier} (the owner,
     * default {@code api-key-<keyId>}) and {@code clientIdentifier} (the tenant) are optional.
     */
    public record Create(
            @NotNull String hash,
            @NotNull String name,
            @Size(min = 1, max = 255) String identifier,
            @Size(min = 1, max = 255) String clientIdentifier) {}

    public record Created(long courseId, String status) {}

    /** {@code {courseId, status, title, version, launch, error, errorCode}}. */
    public record Status(
            long courseId,
            String status,
            @Schema(nullable = true) String title,
            @Schema(nullable = true) String version,
            @Schema(nullable = true) JsonNode launch,
            @Schema(nullable = true) String error,
            @Schema(nullable = true) String errorCode) {}

    public record Download(String url, OffsetDateTime expiresAt) {}
}

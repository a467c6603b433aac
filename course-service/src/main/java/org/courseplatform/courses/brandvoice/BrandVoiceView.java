package org.courseplatform.courses.brandvoice;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.OffsetDateTime;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The effective brand voice of a tenant: {@code source} says whose it is ({@code tenant}: the
 * tenant's override, {@code workspace}: the workspace's, {@code none}: neither is set, empty fields).
 * {@code clientIdentifier} is the tenant it was asked for.
 */
public record BrandVoiceView(
        String source,
        @Schema(nullable = true) String clientIdentifier,
        String name,
        String tone,
        String audience,
        @JsonProperty("do") List<String> dos,
        @JsonProperty("dont") List<String> donts,
        List<BrandVoiceRequests.Term> vocabulary,
        @Schema(nullable = true) OffsetDateTime updatedAt) {

    public static final String TENANT = "tenant";
    public static final String WORKSPACE = "workspace";
    public static final String NONE = "none";

    static BrandVoiceView none(String clientIdentifier) {
        return new BrandVoiceView(NONE, clientIdentifier, "", "", "", List.of(), List.of(), List.of(), null);
    }

    /** Whether a voice is set for the tenant or its workspace. */
    public boolean set() {
        return !NONE.equals(source);
    }
}

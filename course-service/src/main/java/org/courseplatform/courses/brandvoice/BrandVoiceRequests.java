package org.courseplatform.courses.brandvoice;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** Bodies of the brand voice endpoint; {@link BrandVoiceService} validates them and names bad fields (400). */
public final class BrandVoiceRequests {

    private BrandVoiceRequests() {}

    /** PUT /v1/headless/brand-voice: the workspace's voice, or with {@code clientIdentifier} the tenant's override. */
    public record Set(
            String clientIdentifier,
            String name,
            String tone,
            String audience,
            @JsonProperty("do") List<String> dos,
            @JsonProperty("dont") List<String> donts,
            List<Term> vocabulary) {}

    /** A word or phrase and how to use it ("use 'learner', never 'student'"). */
    public record Term(String term, String note) {}
}

package org.courseplatform.courses.collection;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import java.util.List;
import org.courseplatform.platform.web.DigitId;

/** Bodies of the collection endpoints; {@link CollectionService} validates them and names bad fields (400). */
public final class CollectionRequests {

    private CollectionRequests() {}

    /** POST /v1/headless/collections: the tenant defaults to the call's; {@code courseIds} in order. */
    public record Create(
            String title,
            String description,
            String clientIdentifier,
            @JsonDeserialize(contentUsing = DigitId.class) List<Long> courseIds) {}

    /** PATCH /v1/headless/collections/{id}: what is left out stays. */
    public record Update(String title, String description) {}

    /** POST /v1/headless/collections/{id}/courses: {@code position} 0-based, left out: at the end. */
    public record AddCourse(
            @JsonDeserialize(using = DigitId.class) Long courseId, Integer position) {}
}

package org.courseplatform.courses.share;

/** Bodies of the share link API; every field is checked in {@link ShareService}. */
public final class ShareRequests {

    private ShareRequests() {}

    /**
     * POST /v1/headless/course/{id}/share-links: {@code expiresAt} (an ISO-8601 instant) or
     * {@code expiresInDays} (1..366), not both; neither means 30 days. {@code maxUses} (1..1,000,000)
     * limits how many learners the link lets in; without it any number may.
     */
    public record Create(String expiresAt, Integer expiresInDays, Integer maxUses) {}

    /**
     * POST /v1/headless/player/share-sessions: the link's {@code code} (from the URL's fragment) and
     * the {@code learner} id this browser was given before, if any.
     */
    public record Exchange(String code, String learner) {}
}

package org.courseplatform.courses.export;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import org.courseplatform.courses.player.PlayerViews;

/** Answers of the LMS launch API. */
public final class LmsViews {

    private LmsViews() {}

    /**
     * 201 of POST /v1/headless/player/lms-sessions: the player session, with the fields of POST
     * /v1/headless/player/sessions at the top level, and the {@code learnerKey} of its tracking
     * record, which the launcher keeps in the LMS (cmi.suspend_data) and presents at the next launch
     * to continue the record.
     */
    public record Launch(String learnerKey, @JsonUnwrapped PlayerViews.Session session) {}
}

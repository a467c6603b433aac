package org.courseplatform.courses.player;

import java.util.List;
import java.util.Map;

/** Bodies of the player API; the session (header X-Player-Session) is the credential. */
public final class PlayerRequests {

    private PlayerRequests() {}

    /**
     * POST /v1/headless/player/sessions: the token from the page URL's fragment and what the page
     * means to do with it: {@code play} (default) or {@code edit} (the builder and the screen
     * editor, which a {@code view} token may not open).
     */
    public record Exchange(String token, String intent) {}

    /**
     * POST /v1/headless/player/progress: the screen now shown (0-based), the seconds the page was
     * visible since the last call (0-300), the answers given on this screen and, optionally, the
     * write's sequence number in the session (0 or more, rising with each write): a write whose
     * number is not above the session's last one arrived late and moves the stored screen nowhere.
     */
    public record Progress(
            Integer screenIndex, Integer visibleSeconds, Map<String, List<String>> answers, Long sequence) {}

    /** POST /v1/headless/player/quiz: every answer of the quiz, by question element id. */
    public record Quiz(Map<String, List<String>> answers) {}
}

package org.courseplatform.courses.language;

import java.util.List;

/** Bodies of the translation and narration endpoints (docs/translation-and-narration.md); checked in {@link JobService}. */
public final class LanguageRequests {

    private LanguageRequests() {}

    /** POST /v1/headless/course/{id}/translations. */
    public record Translate(String locale, Boolean overwrite) {}

    /** POST /v1/headless/course/{id}/narration: the screens to narrate (default: all) and whether to make audio (default: yes). */
    public record Narrate(List<String> screenIds, Boolean audio) {}

    /** PUT /v1/headless/course/{id}/narration/{screenId}: a script written or edited by a person. */
    public record Script(String script) {}
}

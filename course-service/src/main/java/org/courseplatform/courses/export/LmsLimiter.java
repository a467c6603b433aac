package org.courseplatform.courses.export;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.function.LongSupplier;
import org.courseplatform.courses.player.ExchangeLimiter;

/**
 * The bounds of the public LMS exchange of dynamic SCORM packages ({@code scorm-export.lms.*}):
 * refused tokens per client address, good ones per instance (see {@link LmsSessionService#exchange}).
 */
@Singleton
public class LmsLimiter extends ExchangeLimiter {

    @Inject
    public LmsLimiter(ExportConfig config) {
        this(config.lms(), System::nanoTime);
    }

    LmsLimiter(ExportConfig.Lms config, LongSupplier clock) {
        super(config, clock, "Too many courses are being launched from here right now");
    }
}

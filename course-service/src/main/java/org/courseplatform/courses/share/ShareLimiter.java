package org.courseplatform.courses.share;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.function.LongSupplier;
import org.courseplatform.courses.player.ExchangeLimiter;

/**
 * The bounds of the public share link exchange ({@code share.*}): refused codes per client
 * address, codes found good per instance (see {@link ShareService#exchange}).
 */
@Singleton
public class ShareLimiter extends ExchangeLimiter {

    @Inject
    public ShareLimiter(ShareConfig config) {
        this(config, System::nanoTime);
    }

    ShareLimiter(ShareConfig config, LongSupplier clock) {
        super(config, clock, "Too many people are opening shared courses from here right now");
    }
}

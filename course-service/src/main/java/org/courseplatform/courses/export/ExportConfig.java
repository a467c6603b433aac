package org.courseplatform.courses.export;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import org.courseplatform.courses.player.ExchangeLimits;

/** {@code scorm-export.*}: the SCORM export and the public exchange of its dynamic packages (docs/scorm-export.md). */
@ConfigMapping(prefix = "scorm-export")
public interface ExportConfig {

    /**
     * How long a dynamic package launches after its download. Checked against the package's row at
     * every launch, so a package exported before this setting (whose token says a century) stops
     * this long after its issue time as well.
     */
    @WithDefault("P365D")
    Duration tokenLifetime();

    /** Bounds of POST /v1/headless/player/lms-sessions, per service instance, as share links have theirs. */
    Lms lms();

    interface Lms extends ExchangeLimits {

        /** Refused launches per minute from one client address (refilled continuously); 0 turns the bound off. */
        @Override
        @WithDefault("120")
        int perAddressPerMinute();

        /**
         * Refused launches one client address may make at once before the per-minute rate applies;
         * good launches never count against an address, so an LMS behind one address may launch a
         * class at once whatever else was sent from there.
         */
        @Override
        @WithDefault("60")
        int perAddressBurst();

        /** Launches with a good token per second from all addresses together; 0 turns the bound off. */
        @Override
        @WithDefault("50")
        int perSecond();

        /**
         * New learners (launches that start a tracking record) one package may let in per hour,
         * whoever launches it: bounds what a leaked package can create. 0 turns the bound off.
         */
        @WithDefault("1000")
        int newLearnersPerHour();
    }
}

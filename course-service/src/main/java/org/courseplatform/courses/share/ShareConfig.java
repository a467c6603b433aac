package org.courseplatform.courses.share;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import org.courseplatform.courses.player.ExchangeLimits;

/**
 * {@code share.*}: bounds of the public, unauthenticated share link exchange, per service
 * instance. Only refused codes count against a client address, so a classroom behind one address
 * opening a good link at once is never refused for a flood of bogus codes from that address.
 */
@ConfigMapping(prefix = "share")
public interface ShareConfig extends ExchangeLimits {

    /** Refused codes per minute from one client address (refilled continuously); 0 turns the bound off. */
    @Override
    @WithDefault("60")
    int perAddressPerMinute();

    /** Refused codes one client address may send at once before the per-minute rate applies. */
    @Override
    @WithDefault("40")
    int perAddressBurst();

    /** Exchanges of good codes per second from all addresses together; 0 turns the bound off. */
    @Override
    @WithDefault("50")
    int perSecond();
}

package org.courseplatform.courses.share;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import org.courseplatform.courses.player.ExchangeLimits;

/**
 * {@code share.*}: bounds of the public, unauthenticated share link exchange, per service
 * instance. A classroom behind one address opening a link at once fits in the burst.
 */
@ConfigMapping(prefix = "share")
public interface ShareConfig extends ExchangeLimits {

    /** Exchanges per minute from one client address (refilled continuously); 0 turns the bound off. */
    @Override
    @WithDefault("60")
    int perAddressPerMinute();

    /** Exchanges one client address may make at once before the per-minute rate applies. */
    @Override
    @WithDefault("40")
    int perAddressBurst();

    /** Exchanges per second from all addresses together; 0 turns the bound off. */
    @Override
    @WithDefault("50")
    int perSecond();
}

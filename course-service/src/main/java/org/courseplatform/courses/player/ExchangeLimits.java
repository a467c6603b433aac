package org.courseplatform.courses.player;

/** Bounds of a public exchange that opens player sessions without a key, per service instance ({@link ExchangeLimiter}). */
public interface ExchangeLimits {

    /** Refused exchanges per minute from one client address (refilled continuously); 0 turns the bound off. */
    int perAddressPerMinute();

    /** Refused exchanges one client address may make at once before the per-minute rate applies. */
    int perAddressBurst();

    /** Exchanges with a good credential per second from all addresses together; 0 turns the bound off. */
    int perSecond();
}

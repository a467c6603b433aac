package org.courseplatform.courses.player;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** {@code player.*} settings of the course and screen player. */
@ConfigMapping(prefix = "player")
public interface PlayerConfig {

    /** How long an embed URL's token may be exchanged. */
    @WithDefault("3h")
    Duration embedTtl();

    /** How long a player session lasts from the exchange. */
    @WithDefault("12h")
    Duration sessionTtl();

    /**
     * The CSP {@code frame-ancestors} of the player pages ({@code /play/**}) of a workspace that
     * never set its own list: which sites may frame them; {@code *} lets any site embed the player.
     * A page whose URL names no workspace ({@code ?w=}) may not be framed, whatever this says.
     */
    @WithDefault("*")
    String frameAncestors();

    /** The purge of expired sessions and used embed tokens ({@code player.purge.*}). */
    Purge purge();

    interface Purge {

        /** How long after its expiry a row is kept (a day: enough to look into a complaint). */
        @WithDefault("1d")
        Duration grace();

        /** Rows deleted per statement. */
        @WithDefault("500")
        int batchSize();
    }
}

package org.courseplatform.platform.events;

import io.quarkus.logging.Log;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.pubsub.PgSubscriber;
import io.vertx.pgclient.PgConnectOptions;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code LISTEN} on a PostgreSQL channel of the service's own database: one dedicated connection
 * (a pooled one cannot hold a LISTEN), reconnecting every second after a loss. A notification
 * only wakes the listener; the listener still polls, so a lost connection delays work but loses
 * none.
 */
@ApplicationScoped
public class PgNotifications {

    private static final String REACTIVE_PREFIX = "vertx-reactive:";

    private final Vertx vertx;
    private final PgConnectOptions options;

    public PgNotifications(
            Vertx vertx,
            @ConfigProperty(name = "quarkus.datasource.reactive.url") String url,
            @ConfigProperty(name = "quarkus.datasource.username") String user,
            @ConfigProperty(name = "quarkus.datasource.password", defaultValue = "") String password) {
        this.vertx = vertx;
        this.options = connectOptions(url).setUser(user).setPassword(password);
    }

    /** Options of a reactive datasource URL, which Quarkus allows with a {@code vertx-reactive:} prefix. */
    static PgConnectOptions connectOptions(String url) {
        return PgConnectOptions.fromUri(
                url.startsWith(REACTIVE_PREFIX) ? url.substring(REACTIVE_PREFIX.length()) : url);
    }

    /**
     * Calls {@code wake} on every notification of {@code channel} and once connected (rows may
     * have arrived while it was not). Close the answer on shutdown.
     *
     * @param what names the listener in the warning logged when it cannot connect
     */
    public PgSubscriber listen(String channel, Runnable wake, String what) {
        PgSubscriber subscriber = PgSubscriber.subscriber(vertx, options).reconnectPolicy(retries -> 1000L);
        subscriber.channel(channel).handler(payload -> wake.run());
        subscriber
                .connect()
                .subscribe()
                .with(
                        ok -> wake.run(),
                        e -> Log.warnf("%s LISTEN not connected (%s); relying on polling", what, e.getMessage()));
        return subscriber;
    }
}

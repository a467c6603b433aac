package org.courseplatform.platform.web;

import java.lang.reflect.Method;
import java.net.SocketException;

/**
 * Tells a failure of something the service depends on being down (the database restarting, a
 * refused or reset connection) from a bug: the first is 503 with {@code Retry-After}, so that clients
 * retry, not a 500 incident. Read from the cause chain by class name, so platform-web needs no
 * database client.
 */
public final class Outages {

    private static final int MAX_DEPTH = 16;

    private Outages() {}

    /** Whether the failure, or one of its causes, is a dependency that cannot be reached. */
    public static boolean isOutage(Throwable e) {
        Throwable t = e;
        for (int depth = 0; t != null && depth < MAX_DEPTH; depth++, t = t.getCause()) {
            // Refused (ConnectException), reset by the peer or cut mid-answer: the other end went away.
            if (t instanceof SocketException) {
                return true;
            }
            String name = t.getClass().getName();
            if (name.equals("io.vertx.sqlclient.ClosedConnectionException")
                    || name.equals("io.vertx.core.net.ConnectTimeoutException")) {
                return true;
            }
            if (name.equals("io.vertx.pgclient.PgException") && connectionState(sqlState(t))) {
                return true;
            }
        }
        return false;
    }

    /** Connection exceptions (08xxx) and the server going away: admin or crash shutdown, starting up. */
    static boolean connectionState(String state) {
        return state != null
                && (state.startsWith("08") || state.equals("57P01") || state.equals("57P02") || state.equals("57P03"));
    }

    private static String sqlState(Throwable t) {
        try {
            Method m = t.getClass().getMethod("getSqlState");
            return (String) m.invoke(t);
        } catch (ReflectiveOperationException | ClassCastException e) {
            return null;
        }
    }
}

package org.courseplatform.webhooks;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.vertx.VertxContextSupport;
import java.util.List;

/** Reads and writes the test database from a test thread, through the application's own session. */
final class Db {

    private Db() {}

    static List<Object[]> rows(String sql) {
        try {
            return VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(() -> Panache.getSession()
                    .chain(s -> s.createNativeQuery(sql, Object[].class).getResultList())));
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    static Object value(String sql) {
        try {
            List<Object> values =
                    VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(() -> Panache.getSession()
                            .chain(s -> s.createNativeQuery(sql, Object.class).getResultList())));
            return values.isEmpty() ? null : values.get(0);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] bytes(String sql) {
        return (byte[]) value(sql);
    }

    static int execute(String sql) {
        try {
            return VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(() ->
                    Panache.getSession().chain(s -> s.createNativeQuery(sql).executeUpdate())));
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}

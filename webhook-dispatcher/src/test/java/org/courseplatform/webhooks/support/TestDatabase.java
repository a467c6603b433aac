package org.courseplatform.webhooks.support;

import java.sql.Connection;
import java.sql.DriverManager;
import org.eclipse.microprofile.config.ConfigProvider;

/** A plain JDBC connection to the test database, of its own: another replica, or a check outside the service. */
public final class TestDatabase {

    private TestDatabase() {}

    public static Connection connect() throws Exception {
        var config = ConfigProvider.getConfig();
        return DriverManager.getConnection(
                config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getValue("quarkus.datasource.password", String.class));
    }
}

package org.courseplatform.platform.testing;

import java.net.URI;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A fresh PostgreSQL database per test run, with the service's schema and role set up exactly
 * as {@code ./suite up} and the Kubernetes overlay do: schema owned by the role, role's
 * search_path pinned to it.
 */
final class TestDatabase {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");

    private static final SecureRandom RANDOM = new SecureRandom();

    final String name;
    final String host;
    final int port;
    /** The role's password, new for every database: deployed services refuse guessable ones. */
    final String password;

    private TestDatabase(String name, String host, int port, String password) {
        this.name = name;
        this.host = host;
        this.port = port;
        this.password = password;
    }

    /** {@code bytes} random bytes as lower-case hex. */
    static String randomHex(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    static String adminUrl() {
        String url = System.getenv("TEST_PG_ADMIN_URL");
        return url != null ? url : "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres";
    }

    static TestDatabase create(String schema) {
        if (!schema.matches("[a-z][a-z0-9_]{0,30}")) {
            throw new IllegalArgumentException("bad schema name " + schema);
        }
        String name = "cpt_" + schema + "_" + LocalDateTime.now().format(STAMP) + "_"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0xffff));
        String admin = adminUrl();
        String password = randomHex(16);
        try (Connection conn = DriverManager.getConnection(admin);
                Statement st = conn.createStatement()) {
            dropStale(st);
            st.execute("create database " + name);
            st.execute("do $$ begin if not exists (select from pg_roles where rolname = '" + schema + "') then "
                    + "create role " + schema + " login; end if; end $$");
            st.execute("alter role " + schema + " password '" + password + "'");
            st.execute("alter role " + schema + " in database " + name + " set search_path = " + schema);
            st.execute("grant connect, temp on database " + name + " to " + schema);
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "cannot create test database (is PostgreSQL running on 127.0.0.1:5432?)", e);
        }
        String dbUrl = admin.replaceFirst("/postgres(\\?|$)", "/" + name + "$1");
        try (Connection conn = DriverManager.getConnection(dbUrl);
                Statement st = conn.createStatement()) {
            st.execute("create extension if not exists pg_trgm with schema public");
            st.execute("create schema " + schema + " authorization " + schema);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create schema " + schema, e);
        }
        URI uri = URI.create(admin.substring("jdbc:".length()));
        return new TestDatabase(name, uri.getHost(), uri.getPort() < 0 ? 5432 : uri.getPort(), password);
    }

    String reactiveUrl() {
        return "postgresql://" + host + ":" + port + "/" + name;
    }

    String jdbcUrl() {
        return "jdbc:postgresql://" + host + ":" + port + "/" + name;
    }

    void drop() {
        try (Connection conn = DriverManager.getConnection(adminUrl());
                Statement st = conn.createStatement()) {
            st.execute("drop database if exists " + name + " with (force)");
        } catch (SQLException e) {
            System.err.println("could not drop test database " + name + ": " + e.getMessage());
        }
    }

    /** Databases left by killed runs, older than six hours. */
    private static void dropStale(Statement st) throws SQLException {
        String cutoff = LocalDateTime.now().minusHours(6).format(STAMP);
        List<String> stale = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("select datname from pg_database where datname like 'cpt\\_%'")) {
            while (rs.next()) {
                String db = rs.getString(1);
                String[] parts = db.split("_");
                if (parts.length >= 4 && parts[parts.length - 2].compareTo(cutoff) < 0) {
                    stale.add(db);
                }
            }
        }
        for (String db : stale) {
            st.execute("drop database if exists " + db + " with (force)");
        }
    }
}

package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.courseplatform.platform.testing.RepoRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two checkouts of the platform on one machine take turns with {@code ./suite}: each suite home
 * gets a database of its own by default, and a database another home set up (whose Keycloak
 * admin and data this home does not have) is refused before anything is changed, with a
 * message that says what to run. Runs the suite's own functions against the real PostgreSQL.
 */
class SuiteDatabaseTest {

    @TempDir
    Path first;

    @TempDir
    Path second;

    private final String probe = "cp_suite_probe_"
            + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());

    @AfterEach
    void dropProbe() throws Exception {
        run(
                first,
                probe,
                "load_config; resolve_postgres; admin_psql postgres -c 'DROP DATABASE IF EXISTS " + probe
                        + " WITH (FORCE)'");
    }

    @Test
    void everySuiteHomeHasADatabaseOfItsOwn() throws Exception {
        String a = run(first, null, "load_config; echo \"DB=$SUITE_DB\"").lastLine();
        String again = run(first, null, "load_config; echo \"DB=$SUITE_DB\"").lastLine();
        String b = run(second, null, "load_config; echo \"DB=$SUITE_DB\"").lastLine();

        assertThat(a).matches("DB=courseplatform_[0-9a-f]{8}").isEqualTo(again);
        assertThat(b).matches("DB=courseplatform_[0-9a-f]{8}").isNotEqualTo(a);
    }

    @Test
    void aDatabaseAnotherSuiteHomeSetUpIsRefusedUntilThisOneResetsIt() throws Exception {
        String bootstrap = "load_config; resolve_postgres; check_database_owner; "
                + "admin_psql postgres -c 'CREATE DATABASE " + probe + "' 2>/dev/null || true; claim_database; "
                + "echo \"OWNER=$(database_owner)\"";
        assertThat(run(first, probe, bootstrap).lastLine()).isEqualTo("OWNER=" + first);

        Result refused = run(second, probe, bootstrap);
        assertThat(refused.exit()).isNotZero();
        assertThat(refused.output())
                .contains("database " + probe + " belongs to the suite in " + first)
                .contains("'SUITE_DB=<new name> ./suite up'")
                .contains("'SUITE_DB=" + probe + " ./suite reset'");
        // Refused before anything changed: the first home still owns it and may go on using it.
        assertThat(run(first, probe, bootstrap).lastLine()).isEqualTo("OWNER=" + first);

        assertThat(run(second, probe, "load_config; cmd_reset").lastLine())
                .isEqualTo("reset: database " + probe + " dropped, dev-stack data and demo workspace removed");
        assertThat(run(second, probe, bootstrap).lastLine()).isEqualTo("OWNER=" + second);
    }

    private record Result(int exit, String output) {
        String lastLine() {
            assertThat(exit).as(output).isZero();
            String[] lines = output.strip().split("\n");
            return lines[lines.length - 1];
        }
    }

    /** Sources ./suite and runs {@code commands} for suite home {@code home} (and {@code SUITE_DB}). */
    private static Result run(Path home, String database, String commands) throws Exception {
        Path log = Files.createTempFile(home, "suite-functions", ".log");
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", "set -euo pipefail; . ./suite; " + commands)
                .directory(RepoRoot.find().toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> env = builder.environment();
        // Only this test's knobs: a suite's own (./suite env in the shell) would put its ports,
        // and so its running components, in reach of cmd_reset's `down`.
        env.keySet().removeIf(name -> name.startsWith("SUITE_"));
        env.put("SUITE_HOME", home.toString());
        int base = FreePorts.block(100);
        env.put("SUITE_PORT_BASE", Integer.toString(base));
        env.put("SUITE_KAFKA_PORT", Integer.toString(base + 70));
        env.put("SUITE_S3_PORT", Integer.toString(base + 72));
        if (database != null) {
            env.put("SUITE_DB", database);
        }
        Process process = builder.start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Result(process.exitValue(), read(log));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }
}

package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The node scripts of the system tests (src/test/js), run from target/browser next to their npm
 * packages, which {@code npm ci} installs there once from the lock file's versions.
 */
final class NodeScripts {

    static final Path DIR = Path.of("target/browser").toAbsolutePath();

    /**
     * One Chromium at a time: the scenarios run three classes at once, and two browsers beside six
     * services on two cores would turn a page's timeouts into the test's verdict.
     */
    private static final Semaphore BROWSER = new Semaphore(1, true);

    private NodeScripts() {}

    record Result(int exit, String out) {}

    /** Copies the package files and {@code scripts} to {@link #DIR}; installs when one of {@code packages} is missing. */
    static synchronized void install(List<String> scripts, List<String> packages) throws Exception {
        Path js = Path.of("src/test/js").toAbsolutePath();
        Files.createDirectories(DIR);
        for (String file : Stream.concat(Stream.of("package.json", "package-lock.json"), scripts.stream())
                .toList()) {
            Files.copy(js.resolve(file), DIR.resolve(file), StandardCopyOption.REPLACE_EXISTING);
        }
        if (packages.stream()
                .anyMatch(name ->
                        !Files.exists(DIR.resolve("node_modules").resolve(name).resolve("package.json")))) {
            Result npm = run(
                    Duration.ofMinutes(5),
                    null,
                    Map.of(),
                    "npm",
                    "ci",
                    "--no-audit",
                    "--no-fund",
                    "--ignore-scripts",
                    "--loglevel=error");
            assertThat(npm.exit()).as("npm ci: " + npm.out()).isZero();
        }
    }

    /**
     * Runs a browser script of src/test/js in headless Chromium with {@code input} (JSON) on stdin:
     * checks that Chromium is there, installs the script and its packages, and fails the test when
     * node does not exit 0. Answers what the script printed (its report).
     */
    static String browser(String script, List<String> packages, Duration timeout, String input) throws Exception {
        assertThat(Path.of(System.getenv().getOrDefault("CHROMIUM", "/usr/bin/chromium")))
                .as("Chromium is needed for the browser system tests (apt-get install chromium)")
                .exists();
        install(List.of(script), packages);
        Result result;
        BROWSER.acquire();
        try {
            result = run(timeout, input, Map.of(), "node", script);
        } finally {
            BROWSER.release();
        }
        assertThat(result.exit()).as("node " + script + ": " + result.out()).isZero();
        return result.out();
    }

    /** Runs a command in {@link #DIR} with {@code input} on stdin; stderr goes to the test's output. */
    static Result run(Duration timeout, String input, Map<String, String> env, String... command) throws Exception {
        ProcessBuilder builder =
                new ProcessBuilder(command).directory(DIR.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().putAll(env);
        Process process = builder.start();
        if (input != null) {
            process.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        }
        process.getOutputStream().close();
        byte[] out = process.getInputStream().readAllBytes();
        if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " did not finish in " + timeout);
        }
        return new Result(process.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}

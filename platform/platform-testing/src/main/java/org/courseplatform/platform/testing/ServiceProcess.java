package org.courseplatform.platform.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Another service of the platform, run for real from its built jar as a child process of the
 * test JVM: its own fresh database, the test's dev-stack, its own key pair of the test's keys and
 * the members stub. For component tests whose service calls another one's internal API, so the
 * collaborator's real rules run instead of a stand-in. Build the other service first ({@code ./mvnw install}; in
 * the reactor it comes earlier); its output goes to {@code target/<service>.log}.
 */
final class ServiceProcess {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

    final String service;
    final int port;
    private final Process process;
    private final TestDatabase database;

    private ServiceProcess(String service, int port, Process process, TestDatabase database) {
        this.service = service;
        this.port = port;
        this.process = process;
        this.database = database;
    }

    String url() {
        return "http://127.0.0.1:" + port;
    }

    /**
     * @param others the services started before this one, by name, with their URLs: this one
     *        calls them there ({@code platform.services.<name>.url})
     * @param operatorToken the operator token it accepts (the test's own)
     */
    static ServiceProcess start(
            String service, Path keys, String membersUrl, Map<String, String> others, String operatorToken) {
        Path root = RepoRoot.find();
        Path jar = root.resolve(service).resolve("target/quarkus-app/quarkus-run.jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException(jar + " is missing: build " + service + " first (./mvnw -pl " + service
                    + " -am install -DskipTests)");
        }
        String schema = PlatformServices.schemaOf(service);
        TestDatabase database = TestDatabase.create(schema);
        DevStackProcess stack = DevStackProcess.get();
        Process process = null;
        try {
            int port = DevStackProcess.freePort();
            String java = ProcessHandle.current().info().command().orElse("java");
            ProcessBuilder builder = new ProcessBuilder(java, "-Xmx256m", "-XX:+UseSerialGC", "-jar", jar.toString());
            Map<String, String> env = builder.environment();
            env.put("QUARKUS_HTTP_PORT", Integer.toString(port));
            env.put("QUARKUS_HTTP_HOST", "127.0.0.1");
            env.put("QUARKUS_DATASOURCE_REACTIVE_URL", database.reactiveUrl());
            env.put("QUARKUS_DATASOURCE_JDBC_URL", database.jdbcUrl());
            env.put("QUARKUS_DATASOURCE_USERNAME", schema);
            env.put("QUARKUS_DATASOURCE_PASSWORD", database.password);
            env.put("QUARKUS_LOG_CONSOLE_JSON", "false");
            env.put("KAFKA_BOOTSTRAP_SERVERS", stack.kafkaBootstrap());
            env.put("PLATFORM_S3_ENDPOINT", stack.s3Endpoint());
            env.put("PLATFORM_S3_BUCKET", DevStackProcess.BUCKET);
            env.put("PLATFORM_S3_ACCESS_KEY", DevStackProcess.ACCESS_KEY);
            env.put("PLATFORM_S3_SECRET_KEY", DevStackProcess.SECRET_KEY);
            if (membersUrl != null) {
                env.put("PLATFORM_AUTH_MEMBERS_URL", membersUrl);
            }
            env.put("PLATFORM_AUTH_OPERATOR_TOKEN", operatorToken);
            env.put(
                    "PLATFORM_AUTH_PRIVATE_KEY_LOCATION",
                    keys.resolve("private").resolve(service + ".pem").toString());
            env.put("PLATFORM_AUTH_PUBLIC_KEYS_LOCATION", keys.resolve("public").toString());
            env.put("PLATFORM_PUBLIC_BASE_URL", "http://127.0.0.1:" + port);
            others.forEach((name, url) ->
                    env.put("PLATFORM_SERVICES_" + name.toUpperCase(Locale.ROOT).replace('-', '_') + "_URL", url));
            Path log = Path.of(System.getProperty("user.dir")).resolve("target").resolve(service + ".log");
            Files.createDirectories(log.getParent());
            builder.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            process = builder.start();
            Process child = process;
            // A test JVM that exits without stopping its resources must not leave the service running.
            Runtime.getRuntime().addShutdownHook(new Thread(child::destroy, service + "-stop"));
            ServiceProcess started = new ServiceProcess(service, port, process, database);
            started.awaitReady(log);
            return started;
        } catch (IOException e) {
            stopQuietly(process, database);
            throw new UncheckedIOException("cannot start " + service, e);
        } catch (RuntimeException e) {
            stopQuietly(process, database);
            throw e;
        }
    }

    private void awaitReady(Path log) {
        HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest ready = HttpRequest.newBuilder(URI.create(url() + "/q/health/ready"))
                .timeout(Duration.ofSeconds(5))
                .build();
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(service + " exited with " + process.exitValue() + "; see " + log);
            }
            try {
                if (client.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted waiting for " + service, e);
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted waiting for " + service, e);
            }
        }
        throw new IllegalStateException(
                service + " was not ready within " + READY_TIMEOUT.toSeconds() + " s; see " + log);
    }

    void stop() {
        stopQuietly(process, database);
    }

    private static void stopQuietly(Process process, TestDatabase database) {
        if (process != null) {
            process.destroy();
            try {
                if (!process.waitFor(15, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (database != null) {
            database.drop();
        }
    }
}

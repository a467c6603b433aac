package org.courseplatform.platform.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The dev-stack (Kafka + S3) as a child process of the test JVM, on free ports with a throwaway
 * data directory. Started once per JVM; a separate process keeps the broker's and s3proxy's
 * libraries off the Quarkus test class path.
 */
final class DevStackProcess {

    static final String BUCKET = "course-platform";
    /** Fresh per test JVM, like the suite's: no service may rely on a well-known S3 key. */
    static final String ACCESS_KEY = "test" + TestDatabase.randomHex(8);

    static final String SECRET_KEY = TestDatabase.randomHex(20);

    private static DevStackProcess instance;

    final int kafkaPort;
    final int s3Port;
    private final Process process;
    private final Path dataDir;

    private DevStackProcess(int kafkaPort, int s3Port, Process process, Path dataDir) {
        this.kafkaPort = kafkaPort;
        this.s3Port = s3Port;
        this.process = process;
        this.dataDir = dataDir;
    }

    /**
     * The JVM's dev-stack. Quarkus loads test resources again for each test profile in a new class
     * loader, so the ports live in a system property, which every class loader sees.
     */
    static synchronized DevStackProcess get() {
        if (instance == null) {
            String shared = System.getProperty(PORTS_PROPERTY);
            if (shared != null) {
                String[] ports = shared.split(",");
                instance = new DevStackProcess(Integer.parseInt(ports[0]), Integer.parseInt(ports[1]), null, null);
            } else {
                instance = start();
                System.setProperty(PORTS_PROPERTY, instance.kafkaPort + "," + instance.s3Port);
                Runtime.getRuntime().addShutdownHook(new Thread(instance::stop, "dev-stack-stop"));
            }
        }
        return instance;
    }

    private static final String PORTS_PROPERTY = "courseplatform.test.dev-stack.ports";

    String kafkaBootstrap() {
        return "127.0.0.1:" + kafkaPort;
    }

    String s3Endpoint() {
        return "http://127.0.0.1:" + s3Port;
    }

    private static DevStackProcess start() {
        try {
            Path root = RepoRoot.find();
            Path jar = root.resolve("platform/dev-stack/target/dev-stack.jar");
            if (!Files.exists(jar)) {
                throw new IllegalStateException(jar + " is missing: build the dev-stack first (./mvnw install)");
            }
            int kafka = freePort();
            int controller = freePort();
            int s3 = freePort();
            Path data = Files.createTempDirectory("cp-dev-stack-");
            String java = ProcessHandle.current().info().command().orElse("java");
            List<String> command = new ArrayList<>(List.of(
                    java,
                    "-Xmx384m",
                    "-XX:+UseSerialGC",
                    "-jar",
                    jar.toString(),
                    "--kafka-port",
                    Integer.toString(kafka),
                    "--controller-port",
                    Integer.toString(controller),
                    "--s3-port",
                    Integer.toString(s3),
                    "--data-dir",
                    data.toString(),
                    "--bucket",
                    BUCKET,
                    "--s3-access-key",
                    ACCESS_KEY,
                    "--s3-secret-key",
                    SECRET_KEY,
                    "--partitions",
                    "1"));
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            CompletableFuture<Void> ready = new CompletableFuture<>();
            Thread pump = new Thread(() -> pump(process, ready), "dev-stack-output");
            pump.setDaemon(true);
            pump.start();
            try {
                ready.get(90, TimeUnit.SECONDS);
            } catch (Exception e) {
                process.destroyForcibly();
                throw new IllegalStateException("dev-stack did not start: " + e.getMessage(), e);
            }
            return new DevStackProcess(kafka, s3, process, data);
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the dev-stack", e);
        }
    }

    private static void pump(Process process, CompletableFuture<Void> ready) {
        try (BufferedReader reader =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.startsWith("DEV-STACK READY")) {
                    ready.complete(null);
                } else if (System.getenv("CP_TEST_DEV_STACK_LOG") != null || !ready.isDone()) {
                    System.err.println("[dev-stack] " + line);
                }
            }
        } catch (IOException e) {
            // the process ended
        }
        ready.completeExceptionally(new IllegalStateException("dev-stack exited with " + process.exitValue()));
    }

    void stop() {
        if (process == null) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        deleteQuietly(dataDir);
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }

    private static void deleteQuietly(Path dir) {
        try (var paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort
        }
    }
}

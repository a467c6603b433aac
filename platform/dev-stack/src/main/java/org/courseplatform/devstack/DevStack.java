package org.courseplatform.devstack;

import java.io.IOException;
import java.io.PrintStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.regex.Pattern;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;
import org.gaul.s3proxy.CrossOriginResourceSharing;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import java.nio.ByteBuffer;
import java.util.Base64;

/**
 * The local infrastructure of the suite in one JVM: a single-node Kafka broker in KRaft mode, an
 * S3-compatible server (s3proxy on the filesystem) and, with {@code --smtp-port} and
 * {@code --mail-port}, a mail catcher ({@link MailCatcher}, in memory). Kafka and S3 keep their
 * data under {@code --data-dir}, so stopping and starting again keeps topics, offsets and objects.
 * Prints {@code DEV-STACK READY} once both ports accept connections.
 */
public final class DevStack {

    private DevStack() {
    }

    public static void main(String[] args) throws Exception {
        try {
            run(parse(args));
        } catch (Throwable e) {
            // Broker threads would keep a half-started JVM alive holding its ports.
            e.printStackTrace();
            Runtime.getRuntime().halt(1);
        }
    }

    private static void run(Map<String, String> options) throws Exception {
        int kafkaPort = Integer.parseInt(options.getOrDefault("kafka-port", "9092"));
        int controllerPort = Integer.parseInt(options.getOrDefault("controller-port", Integer.toString(kafkaPort + 1)));
        int s3Port = Integer.parseInt(options.getOrDefault("s3-port", "9000"));
        Path dataDir = Path.of(options.getOrDefault("data-dir", ".dev-stack")).toAbsolutePath();
        String accessKey = options.getOrDefault("s3-access-key", "courseplatform");
        String secretKey = options.getOrDefault("s3-secret-key", "courseplatform-secret");
        List<String> buckets = List.of(options.getOrDefault("bucket", "course-platform").split(","));
        int partitions = Integer.parseInt(options.getOrDefault("partitions", "3"));

        int smtpPort = Integer.parseInt(options.getOrDefault("smtp-port", "0"));
        int mailPort = Integer.parseInt(options.getOrDefault("mail-port", "0"));

        KafkaRaftServer kafka = startKafka(dataDir.resolve("kafka"), kafkaPort, controllerPort, partitions);
        S3Proxy s3 = startS3(dataDir.resolve("s3"), s3Port, accessKey, secretKey, buckets);
        MailCatcher mail = smtpPort > 0 && mailPort > 0 ? MailCatcher.start(smtpPort, mailPort) : null;

        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (mail != null) {
                mail.stop();
            }
            try {
                s3.stop();
            } catch (Exception e) {
                System.err.println("s3proxy stop failed: " + e);
            }
            kafka.shutdown();
            kafka.awaitShutdown();
        }, "dev-stack-shutdown"));

        awaitPort(kafkaPort);
        awaitPort(s3Port);
        System.out.printf("DEV-STACK READY kafka=127.0.0.1:%d s3=http://127.0.0.1:%d buckets=%s%s%n", kafkaPort, s3Port, buckets,
                mail == null ? "" : " smtp=127.0.0.1:" + smtpPort + " mail=http://127.0.0.1:" + mailPort);
        System.out.flush();
        Thread.currentThread().join();
    }

    static KafkaRaftServer startKafka(Path logDir, int port, int controllerPort, int partitions) throws Exception {
        Files.createDirectories(logDir);
        Properties props = new Properties();
        props.put("process.roles", "broker,controller");
        props.put("node.id", "1");
        props.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        props.put("listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
        props.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
        props.put("controller.listener.names", "CONTROLLER");
        props.put("inter.broker.listener.name", "PLAINTEXT");
        props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        props.put("log.dirs", logDir.toString());
        props.put("num.partitions", Integer.toString(partitions));
        props.put("auto.create.topics.enable", "true");
        props.put("offsets.topic.replication.factor", "1");
        props.put("offsets.topic.num.partitions", "3");
        props.put("transaction.state.log.replication.factor", "1");
        props.put("transaction.state.log.min.isr", "1");
        props.put("share.coordinator.state.topic.replication.factor", "1");
        props.put("share.coordinator.state.topic.min.isr", "1");
        props.put("group.initial.rebalance.delay.ms", "0");
        props.put("log.retention.hours", "168");
        props.put("log.segment.bytes", Integer.toString(64 * 1024 * 1024));
        props.put("log.cleaner.dedupe.buffer.size", "2097152");
        KafkaConfig config = KafkaConfig.fromProps(props, false);
        if (!Files.exists(logDir.resolve("meta.properties"))) {
            new Formatter()
                    .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
                    .setNodeId(1)
                    .setClusterId(clusterId())
                    .setDirectories(List.of(logDir.toString()))
                    .setMetadataLogDirectory(logDir.toString())
                    .setControllerListenerName("CONTROLLER")
                    .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION)
                    .run();
        }
        KafkaRaftServer server = new KafkaRaftServer(config, Time.SYSTEM);
        server.startup();
        return server;
    }

    static S3Proxy startS3(Path baseDir, int port, String accessKey, String secretKey, List<String> buckets) throws Exception {
        Files.createDirectories(baseDir);
        FilesystemNio2BlobStore store = new FilesystemNio2BlobStore(baseDir.toString());
        for (String bucket : buckets) {
            if (!bucket.isBlank() && !store.containerExists(bucket)) {
                store.createContainer(bucket);
            }
        }
        S3Proxy proxy = S3Proxy.builder()
                .blobStore(store)
                .endpoint(URI.create("http://127.0.0.1:" + port))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, accessKey, secretKey)
                .ignoreUnknownHeaders(true)
                .corsRules(corsRules())
                .build();
        proxy.start();
        return proxy;
    }

    /**
     * Browsers PUT media straight to S3 through presigned URLs from another origin (the builder's
     * page), so S3 must allow them: any port of 127.0.0.1 and localhost, plus the exact origins of
     * the system property {@code devstack.s3.cors-origins} (comma-separated). Methods GET, PUT and
     * HEAD; the headers such a PUT sends. An operator sets the same rule on a real bucket (docs/media.md).
     */
    static CrossOriginResourceSharing corsRules() {
        List<String> origins = new ArrayList<>(List.of("http://127\\.0\\.0\\.1(:[0-9]+)?", "http://localhost(:[0-9]+)?"));
        for (String origin : System.getProperty("devstack.s3.cors-origins", "").split(",")) {
            if (!origin.isBlank()) {
                origins.add(Pattern.quote(origin.strip()));
            }
        }
        return new CrossOriginResourceSharing(
                origins,
                List.of("GET", "PUT", "HEAD"),
                List.of(
                        "content-type",
                        "content-length",
                        "x-amz-date",
                        "x-amz-content-sha256",
                        "x-amz-security-token",
                        "x-amz-user-agent"),
                List.of("ETag"),
                "false");
    }

    private static String clusterId() {
        // A Kafka cluster id is a base64url-encoded UUID of 22 characters.
        UUID uuid = UUID.randomUUID();
        ByteBuffer buffer = ByteBuffer.allocate(16);
        buffer.putLong(uuid.getMostSignificantBits()).putLong(uuid.getLeastSignificantBits());
        return Base64.getUrlEncoder().withoutPadding().encodeToString(buffer.array());
    }

    private static void awaitPort(int port) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return;
            } catch (IOException e) {
                Thread.sleep(100);
            }
        }
        throw new IllegalStateException("port " + port + " did not open within 60 s");
    }

    private static Map<String, String> parse(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        List<String> rest = new ArrayList<>(List.of(args));
        for (int i = 0; i < rest.size(); i++) {
            String arg = rest.get(i);
            if (!arg.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument " + arg);
            }
            String name = arg.substring(2);
            int eq = name.indexOf('=');
            if (eq >= 0) {
                options.put(name.substring(0, eq), name.substring(eq + 1));
            } else if (i + 1 < rest.size()) {
                options.put(name, rest.get(++i));
            } else {
                throw new IllegalArgumentException("missing value for " + arg);
            }
        }
        return options;
    }
}

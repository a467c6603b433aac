package org.courseplatform.platform.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Real infrastructure for a service's component tests, no Docker: a fresh PostgreSQL database
 * with the service's schema and role, the dev-stack's Kafka broker and S3 bucket, a fresh RSA
 * key pair per service of the platform (as in production: the service under test holds only its
 * own private key and reads the public keys of all; {@link TestTokens} signs as any of them) and
 * an operator token. 127.0.0.1 is a trusted proxy, so a test can act from another client address
 * with {@code X-Forwarded-For}. Init arg {@code schema} names the service's schema; the optional
 * {@code services} (comma separated, e.g. {@code course-service}) starts those services for real
 * ({@link ServiceProcess}), in that order, each told the URLs of those before it, and sets
 * {@code platform.services.<name>.url} to each. They share the test's operator token, so a test can
 * set up what it needs in them through their admin API (a workspace in members-service, say).
 */
public class PlatformTestResource implements QuarkusTestResourceLifecycleManager {

    public static final String OPERATOR_TOKEN_PREFIX = "test-operator-";

    private String schema;
    private List<String> services = List.of();
    private TestDatabase database;
    private MembersStub members;
    private final List<ServiceProcess> processes = new ArrayList<>();

    @Override
    public void init(Map<String, String> initArgs) {
        schema = initArgs.get("schema");
        if (schema == null) {
            throw new IllegalArgumentException("PlatformTestResource needs the init arg 'schema'");
        }
        String others = initArgs.get("services");
        if (others != null && !others.isBlank()) {
            services = List.of(others.split("\\s*,\\s*"));
        }
    }

    @Override
    public Map<String, String> start() {
        DevStackProcess stack = DevStackProcess.get();
        database = TestDatabase.create(schema);
        Path keys = writeKeys();
        String self = PlatformServices.serviceOf(schema);
        Map<String, String> config = new HashMap<>();
        config.put("platform.schema", schema);
        config.put("quarkus.datasource.reactive.url", database.reactiveUrl());
        config.put("quarkus.datasource.jdbc.url", database.jdbcUrl());
        config.put("quarkus.datasource.username", schema);
        config.put("quarkus.datasource.password", database.password);
        config.put("kafka.bootstrap.servers", stack.kafkaBootstrap());
        config.put("platform.s3.endpoint", stack.s3Endpoint());
        config.put("platform.s3.bucket", DevStackProcess.BUCKET);
        config.put("platform.s3.access-key", DevStackProcess.ACCESS_KEY);
        config.put("platform.s3.secret-key", DevStackProcess.SECRET_KEY);
        config.put(
                "platform.auth.private-key-location",
                keys.resolve("private").resolve(self + ".pem").toString());
        config.put("platform.auth.public-keys-location", keys.resolve("public").toString());
        config.put(TestTokens.KEYS_PROPERTY, keys.toString());
        config.put("platform.auth.trusted-proxies", "127.0.0.1");
        String operatorToken = OPERATOR_TOKEN_PREFIX + UUID.randomUUID();
        config.put("platform.auth.operator-token", operatorToken);
        if (!"members".equals(schema)) {
            members = MembersStub.start(keys.resolve("public"));
            config.put("platform.auth.members-url", members.url());
        }
        Map<String, String> started = new LinkedHashMap<>();
        for (String service : services) {
            ServiceProcess process = ServiceProcess.start(
                    service, keys, members != null ? members.url() : null, Map.copyOf(started), operatorToken);
            processes.add(process);
            started.put(service, process.url());
            config.put("platform.services." + service + ".url", process.url());
        }
        return config;
    }

    @Override
    public void stop() {
        processes.forEach(ServiceProcess::stop);
        processes.clear();
        if (members != null) {
            members.stop();
        }
        if (database != null) {
            database.drop();
        }
    }

    /** {@code public/<service>.pem} and {@code private/<service>.pem} for every service of deploy/services.tsv. */
    private static Path writeKeys() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            Path dir = Files.createTempDirectory("cp-test-keys-");
            dir.toFile().deleteOnExit();
            Files.createDirectories(dir.resolve("public")).toFile().deleteOnExit();
            Files.createDirectories(dir.resolve("private")).toFile().deleteOnExit();
            for (String service : PlatformServices.names()) {
                KeyPair pair = generator.generateKeyPair();
                write(
                        dir.resolve("private").resolve(service + ".pem"),
                        "PRIVATE KEY",
                        pair.getPrivate().getEncoded());
                write(
                        dir.resolve("public").resolve(service + ".pem"),
                        "PUBLIC KEY",
                        pair.getPublic().getEncoded());
            }
            return dir;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path file, String type, byte[] der) throws IOException {
        String base64 = Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der);
        Files.writeString(file, "-----BEGIN " + type + "-----\n" + base64 + "\n-----END " + type + "-----\n");
        file.toFile().deleteOnExit();
    }
}

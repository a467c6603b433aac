package org.courseplatform.platform.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.kafka.client.runtime.KafkaRuntimeConfigProducer;
import io.quarkus.runtime.ApplicationConfig;
import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The platform's own Kafka clients get the same connection settings as SmallRye's: the
 * {@code KAFKA_*} variables a Kubernetes overlay sets (docs/kubernetes.md) reach the outbox
 * producer and the readiness admin client, through Quarkus' own {@code default-kafka-broker} map.
 */
class KafkaClientSettingsTest {

    private static final String JAAS = "org.apache.kafka.common.security.scram.ScramLoginModule required"
            + " username=\"course-service\" password=\"s3cr3t\";";

    @TempDir
    Path dir;

    /** What the strimzi-cnpg overlay puts in the environment of a service (platform-config.env + kafka-clients.yaml). */
    private Map<String, String> overlayEnvironment(String truststore) {
        Map<String, String> env = new HashMap<>();
        env.put("KAFKA_BOOTSTRAP_SERVERS", "course-platform-kafka-bootstrap:9093");
        env.put("KAFKA_SECURITY_PROTOCOL", "SASL_SSL");
        env.put("KAFKA_SASL_MECHANISM", "SCRAM-SHA-512");
        env.put("KAFKA_SSL_TRUSTSTORE_TYPE", "PEM");
        env.put("KAFKA_SSL_TRUSTSTORE_LOCATION", truststore);
        env.put("KAFKA_SASL_JAAS_CONFIG", JAAS);
        return env;
    }

    /** The map Quarkus builds from the configuration, as SmallRye's connector gets it. */
    private static Map<String, Object> defaultKafkaBroker(Map<String, String> env, Map<String, String> properties) {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withSources(new EnvConfigSource(env, 300))
                .withSources(new PropertiesConfigSource(properties, "application.properties", 250))
                .build();
        ApplicationConfig app = new ApplicationConfig() {
            @Override
            public Optional<String> name() {
                return Optional.of("course-service");
            }

            @Override
            public Optional<String> version() {
                return Optional.empty();
            }

            @Override
            public Optional<String> uiHeader() {
                return Optional.empty();
            }
        };
        return new KafkaRuntimeConfigProducer().createKafkaRuntimeConfig(config, app);
    }

    @Test
    void theOverlayEnvironmentReachesTheProducerAndTheAdminClient() {
        Map<String, Object> shared = defaultKafkaBroker(
                overlayEnvironment("/etc/course-platform/kafka-ca/ca.crt"),
                Map.of("kafka.bootstrap.servers", "127.0.0.1:9092"));
        KafkaClientSettings settings = new KafkaClientSettings(shared);

        for (Map<String, Object> config : List.of(
                settings.producer(Map.of(ProducerConfig.ACKS_CONFIG, "all")),
                settings.admin(Map.of(AdminClientConfig.CLIENT_ID_CONFIG, "readiness")))) {
            // The environment wins over application.properties, as for every Quarkus property.
            assertThat(config)
                    .containsEntry("bootstrap.servers", "course-platform-kafka-bootstrap:9093")
                    .containsEntry("security.protocol", "SASL_SSL")
                    .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
                    .containsEntry("sasl.jaas.config", JAAS)
                    .containsEntry("ssl.truststore.type", "PEM")
                    .containsEntry("ssl.truststore.location", "/etc/course-platform/kafka-ca/ca.crt");
            // Quarkus adds the application name as group.id; only consumers know it.
            assertThat(config).doesNotContainKey("group.id");
        }
    }

    @Test
    void withoutSecuritySettingsTheClientsStayPlaintextAsInTheDevStack() {
        Map<String, Object> shared = defaultKafkaBroker(Map.of(), Map.of("kafka.bootstrap.servers", "127.0.0.1:9092"));
        Map<String, Object> producer = new KafkaClientSettings(shared).producer(Map.of());
        assertThat(producer)
                .containsEntry("bootstrap.servers", "127.0.0.1:9092")
                .doesNotContainKeys("security.protocol", "sasl.jaas.config", "ssl.truststore.location");
    }

    @Test
    void aClientsOwnSettingsWinOverTheSharedOnes() {
        Map<String, Object> shared = defaultKafkaBroker(
                Map.of("KAFKA_ACKS", "0", "KAFKA_ENABLE_IDEMPOTENCE", "false"),
                Map.of("kafka.bootstrap.servers", "127.0.0.1:9092"));
        Map<String, Object> producer = new KafkaClientSettings(shared)
                .producer(Map.of(ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true));
        assertThat(producer).containsEntry("acks", "all").containsEntry("enable.idempotence", true);
    }

    @Test
    void quarkusTlsRegistryNamePassesThroughWithItsEngineFactory() {
        Map<String, Object> shared = defaultKafkaBroker(
                Map.of(), Map.of("kafka.bootstrap.servers", "127.0.0.1:9092", "kafka.tls-configuration-name", "kafka"));
        Map<String, Object> admin = new KafkaClientSettings(shared).admin(Map.of());
        assertThat(admin)
                .containsEntry(KafkaClientSettings.TLS_CONFIGURATION_NAME, "kafka")
                .containsKey("ssl.engine.factory.class");
    }

    @Test
    void theRealClientsAcceptTheSettingsAndLoadTheJaasConfigAndPemTruststore() throws Exception {
        Path ca = selfSignedPem();
        Map<String, String> env = overlayEnvironment(ca.toString());
        env.put("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:9"); // must resolve; never contacted
        KafkaClientSettings settings = new KafkaClientSettings(defaultKafkaBroker(env, Map.of()));
        // Constructing the clients parses the JAAS line and loads the truststore; nothing connects yet.
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(
                settings.producer(Map.of(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true)),
                new StringSerializer(),
                new StringSerializer())) {
            assertThat(producer.metrics()).isNotEmpty();
        }
        try (Admin admin = Admin.create(settings.admin(Map.of()))) {
            assertThat(admin.metrics()).isNotEmpty();
        }

        // ... and so a wrong truststore fails when the service starts, not silently later.
        Map<String, String> broken =
                overlayEnvironment(dir.resolve("missing.crt").toString());
        broken.put("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:9");
        KafkaClientSettings bad = new KafkaClientSettings(defaultKafkaBroker(broken, Map.of()));
        assertThatThrownBy(() -> Admin.create(bad.admin(Map.of())).close(Duration.ZERO))
                .isInstanceOf(KafkaException.class);
    }

    /** A PEM certificate, made with the JDK's keytool (as the Strimzi cluster CA's ca.crt is PEM). */
    private Path selfSignedPem() throws IOException, InterruptedException {
        String keytool =
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        Path store = dir.resolve("ca.p12");
        Path pem = dir.resolve("ca.crt");
        run(
                keytool,
                "-genkeypair",
                "-alias",
                "ca",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=test-ca",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                store.toString(),
                "-storepass",
                "changeit");
        run(
                keytool,
                "-exportcert",
                "-rfc",
                "-alias",
                "ca",
                "-keystore",
                store.toString(),
                "-storepass",
                "changeit",
                "-file",
                pem.toString());
        assertThat(Files.readString(pem)).startsWith("-----BEGIN CERTIFICATE-----");
        return pem;
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor())
                .as(String.join(" ", command) + "\n" + output)
                .isZero();
    }
}

package org.courseplatform.devstack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.GroupAuthorizationException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.util.HashSet;
import org.apache.kafka.common.Uuid;

/**
 * The Kafka security of the Kubernetes overlay ({@code deploy/k8s/overlays/strimzi-cnpg}) on a
 * real broker, no cluster needed: a KRaft broker with a SASL_SSL listener (SCRAM-SHA-512, a
 * certificate of a test CA) and the StandardAuthorizer, as Strimzi configures it for
 * {@code authorization: simple}. Every KafkaUser of {@code kafka-users.yaml} gets a SCRAM login and
 * exactly its ACLs; every KafkaTopic is created. Then each service's clients, configured like the
 * overlay configures them ({@code platform-config.env}: SASL_SSL, SCRAM-SHA-512, a PEM truststore;
 * the JAAS line Strimzi puts in the user's Secret), must be able to do what the service does
 * (readiness check, idempotent outbox producer, consumers in their groups, dead-letter producers)
 * and nothing else: no write to a topic another service owns, no read of a topic it does not
 * consume, no other group. Without credentials, with a wrong password or without the CA nothing
 * connects.
 *
 * <p>What each service does is read from the code, independently of the ACLs: the writer of each
 * topic from its {@code course-platform/writer} annotation (which DeploymentManifestsTest checks
 * against the outbox calls), consumers and groups from each service's application.properties.
 */
class KafkaAclsTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final String STORE_PASSWORD = "changeit";

    private static Path repo;
    private static Path dir;
    private static KafkaRaftServer broker;
    private static int internalPort;
    private static int clientPort;
    private static Path caPem;
    private static Map<String, String> overlayKafkaSettings;
    private static final Map<String, String> passwords = new TreeMap<>();
    private static final Map<String, List<AclBinding>> aclsByUser = new TreeMap<>();
    private static final Map<String, String> writerOfTopic = new TreeMap<>();

    @BeforeAll
    static void startBrokerWithTheOverlaysUsersAndAcls() throws Exception {
        repo = repoRoot();
        Path overlay = repo.resolve("deploy/k8s/overlays/strimzi-cnpg");
        dir = Files.createTempDirectory("kafka-acls-test-");
        overlayKafkaSettings = kafkaSettings(overlay.resolve("platform-config.env"));
        makeCertificate();
        broker = startBroker();

        for (JsonNode topic : ofKind(readAll(overlay.resolve("kafka-topics.yaml")), "KafkaTopic")) {
            writerOfTopic.put(name(topic), topic.path("metadata").path("annotations").path("course-platform/writer").asText());
        }
        List<AclBinding> bindings = new ArrayList<>();
        for (JsonNode user : ofKind(readAll(overlay.resolve("kafka-users.yaml")), "KafkaUser")) {
            assertEquals("scram-sha-512", user.path("spec").path("authentication").path("type").asText());
            passwords.put(name(user), UUID.randomUUID().toString());
            List<AclBinding> acls = acls(name(user), user.path("spec").path("authorization").path("acls"));
            aclsByUser.put(name(user), acls);
            bindings.addAll(acls);
        }
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + internalPort))) {
            admin.createTopics(writerOfTopic.keySet().stream().map(t -> new NewTopic(t, 1, (short) 1)).toList()).all().get();
            List<UserScramCredentialUpsertion> logins = new ArrayList<>();
            passwords.forEach((user, password) -> logins.add(new UserScramCredentialUpsertion(user,
                    new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 4096), password)));
            admin.alterUserScramCredentials(new ArrayList<>(logins)).all().get();
            admin.createAcls(bindings).all().get();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (admin.describeAcls(AclBindingFilter.ANY).values().get().size() < new HashSet<>(bindings).size()
                    || admin.describeUserScramCredentials().all().get().size() < passwords.size()) {
                assertTrue(System.nanoTime() < deadline, "the broker did not apply the users and ACLs in time");
                Thread.sleep(100);
            }
        }
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.shutdown();
            broker.awaitShutdown();
        }
    }

    @Test
    void everyServiceLogsInOverTlsAndItsReadinessCheckDescribesTheCluster() throws Exception {
        assertEquals(serviceNames(), passwords.keySet(), "one KafkaUser per service (deploy/services.tsv)");
        for (String user : passwords.keySet()) {
            // As platform-events' KafkaReadiness: Admin.describeCluster, the cluster id.
            try (Admin admin = Admin.create(client(user, passwords.get(user)))) {
                String id = admin.describeCluster().clusterId().get(10, TimeUnit.SECONDS);
                assertFalse(id.isBlank(), user + " cluster id");
            }
        }
    }

    @Test
    void eachTopicAcceptsRecordsFromItsOneWriterOnly() throws Exception {
        for (String user : passwords.keySet()) {
            for (Map.Entry<String, String> topic : writerOfTopic.entrySet()) {
                boolean expected = topic.getValue().equals(user);
                Throwable error = produce(user, topic.getKey());
                if (expected) {
                    assertEquals(null, error, user + " must be able to write " + topic.getKey());
                } else {
                    assertInstanceOf(AuthorizationException.class, error, user + " must not write " + topic.getKey());
                }
            }
        }
    }

    @Test
    void consumersReadTheirTopicsInTheirGroupAndNothingElse() throws Exception {
        Map<String, Map<String, String>> consumed = consumedTopicsAndGroups();
        assertEquals(Set.of("course-events", "member-events"), consumed.get("members-service").keySet());
        assertEquals(Set.of("course-events"), consumed.get("scorm-service").keySet());
        assertEquals(Set.of("member-events", "course-events", "scorm-events", "migration-events"),
                consumed.get("webhook-dispatcher").keySet());
        Set<String> eventTopics = Set.of("member-events", "course-events", "scorm-events", "migration-events");
        for (String topic : eventTopics) {
            assertEquals(null, produce(writerOfTopic.get(topic), topic), "the writer of " + topic);
        }
        for (String user : passwords.keySet()) {
            Map<String, String> mine = consumed.getOrDefault(user, Map.of());
            for (String topic : eventTopics) {
                String group = mine.getOrDefault(topic, user);
                Throwable error = consume(user, topic, group);
                if (mine.containsKey(topic)) {
                    assertEquals(null, error, user + " must read " + topic + " in group " + group);
                } else {
                    assertInstanceOf(AuthorizationException.class, error, user + " must not read " + topic);
                }
            }
        }
        // A consumer may not join (or commit offsets for) another service's group.
        assertInstanceOf(GroupAuthorizationException.class, consume("members-service", "course-events", "webhook-dispatcher"));
        assertInstanceOf(GroupAuthorizationException.class, consume("scorm-service", "course-events", "members-service"));
    }

    @Test
    void nothingConnectsWithoutCredentialsTheRightPasswordOrTheClusterCa() {
        Map<String, Object> plaintext = new HashMap<>(client("course-service", passwords.get("course-service")));
        plaintext.keySet().removeIf(k -> k.startsWith("sasl.") || k.startsWith("ssl.") || k.equals("security.protocol"));
        assertNotNull(describe(plaintext), "a plaintext client must not get an answer from the SASL_SSL listener");

        assertInstanceOf(SaslAuthenticationException.class, describe(client("course-service", "wrong-password")));
        assertInstanceOf(SaslAuthenticationException.class, describe(client("no-such-user", "whatever")));

        Map<String, Object> noCa = new HashMap<>(client("course-service", passwords.get("course-service")));
        noCa.remove("ssl.truststore.type");
        noCa.remove("ssl.truststore.location");
        assertInstanceOf(SslAuthenticationException.class, describe(noCa), "the JDK's default CAs do not trust the cluster CA");
    }

    // ---------------------------------------------------------------- clients

    /** A client as the overlay configures a service: platform-config.env's KAFKA_* plus the user's JAAS line. */
    private static Map<String, Object> client(String user, String password) {
        Map<String, Object> config = new HashMap<>(overlayKafkaSettings);
        config.put("bootstrap.servers", "127.0.0.1:" + clientPort);
        config.put("ssl.truststore.location", caPem.toString());
        // The format of the sasl.jaas.config key of the Secret the Strimzi User Operator creates.
        config.put("sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required username=\""
                + user + "\" password=\"" + password + "\";");
        config.put("request.timeout.ms", 5000);
        config.put("default.api.timeout.ms", 8000);
        return config;
    }

    private static Throwable describe(Map<String, Object> config) {
        try (Admin admin = Admin.create(config)) {
            admin.describeCluster().clusterId().get(10, TimeUnit.SECONDS);
            return null;
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (Exception e) {
            return e;
        }
    }

    /** One record with the outbox relay's producer settings (acks=all, idempotent); the error, or null. */
    private static Throwable produce(String user, String topic) {
        Map<String, Object> config = client(user, passwords.get(user));
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 8000);
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 10000);
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5000);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>(topic, "42", "{\"from\":\"" + user + "\"}")).get(15, TimeUnit.SECONDS);
            return null;
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (Exception e) {
            return e;
        }
    }

    /** Subscribes in the group as SmallRye does, reads one record and commits; the error, or null. */
    private static Throwable consume(String user, String topic, String group) {
        Map<String, Object> config = client(user, passwords.get(user));
        config.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (System.nanoTime() < deadline) {
                List<ConsumerRecord<String, String>> records = new ArrayList<>();
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
                if (!records.isEmpty()) {
                    consumer.commitSync(Duration.ofSeconds(5));
                    return null;
                }
            }
            return new AssertionError(user + " read nothing from " + topic + " in group " + group);
        } catch (RuntimeException e) {
            return e;
        }
    }

    // ---------------------------------------------------------------- the code's consumers

    /** Per service: topic -> group id of each SmallRye Kafka incoming channel (application.properties). */
    private static Map<String, Map<String, String>> consumedTopicsAndGroups() {
        Map<String, Map<String, String>> result = new TreeMap<>();
        Pattern incoming = Pattern.compile("^mp\\.messaging\\.incoming\\.([^.]+)\\.connector$");
        for (String service : serviceNames()) {
            Map<String, String> props = properties(repo.resolve(service + "/src/main/resources/application.properties"));
            Map<String, String> topics = new TreeMap<>();
            for (String key : props.keySet()) {
                Matcher m = incoming.matcher(key);
                if (m.matches() && "smallrye-kafka".equals(props.get(key))) {
                    String channel = "mp.messaging.incoming." + m.group(1) + ".";
                    String group = props.getOrDefault(channel + "group.id",
                            props.getOrDefault("mp.messaging.connector.smallrye-kafka.group.id", props.get("quarkus.application.name")));
                    topics.put(props.getOrDefault(channel + "topic", m.group(1)), group);
                }
            }
            result.put(service, topics);
        }
        return result;
    }

    private static Set<String> serviceNames() {
        Set<String> names = new TreeSet<>();
        for (String line : read(repo.resolve("deploy/services.tsv")).split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                names.add(line.split("\t")[0].strip());
            }
        }
        return names;
    }

    // ---------------------------------------------------------------- manifests

    /** The KafkaUser's ACL rules as Strimzi's User Operator creates them (principal User:<name>). */
    private static List<AclBinding> acls(String user, JsonNode rules) {
        List<AclBinding> bindings = new ArrayList<>();
        for (JsonNode rule : rules) {
            JsonNode resource = rule.path("resource");
            ResourceType type = switch (resource.path("type").asText()) {
                case "topic" -> ResourceType.TOPIC;
                case "group" -> ResourceType.GROUP;
                case "cluster" -> ResourceType.CLUSTER;
                case "transactionalId" -> ResourceType.TRANSACTIONAL_ID;
                default -> throw new AssertionError("resource type " + resource);
            };
            String name = type == ResourceType.CLUSTER ? "kafka-cluster" : resource.path("name").asText();
            PatternType pattern = "prefix".equals(resource.path("patternType").asText("literal")) ? PatternType.PREFIXED : PatternType.LITERAL;
            AclPermissionType permission = "deny".equals(rule.path("type").asText("allow")) ? AclPermissionType.DENY : AclPermissionType.ALLOW;
            for (JsonNode op : rule.path("operations")) {
                // Strimzi spells operations in CamelCase (IdempotentWrite), Kafka's enum IDEMPOTENT_WRITE.
                AclOperation operation = AclOperation.valueOf(op.asText().replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT));
                bindings.add(new AclBinding(new ResourcePattern(type, name, pattern),
                        new AccessControlEntry("User:" + user, rule.path("host").asText("*"), operation, permission)));
            }
        }
        return bindings;
    }

    /** The KAFKA_* settings of an env file, named as Quarkus maps them (KAFKA_SASL_MECHANISM -> sasl.mechanism). */
    private static Map<String, String> kafkaSettings(Path envFile) {
        Map<String, String> settings = new LinkedHashMap<>();
        for (String line : read(envFile).split("\n")) {
            int eq = line.indexOf('=');
            if (line.startsWith("KAFKA_") && eq > 0) {
                settings.put(line.substring(6, eq).toLowerCase(Locale.ROOT).replace('_', '.'), line.substring(eq + 1).strip());
            }
        }
        assertEquals("SASL_SSL", settings.get("security.protocol"), "overlay KAFKA_SECURITY_PROTOCOL");
        assertEquals("SCRAM-SHA-512", settings.get("sasl.mechanism"), "overlay KAFKA_SASL_MECHANISM");
        assertEquals("PEM", settings.get("ssl.truststore.type"), "overlay KAFKA_SSL_TRUSTSTORE_TYPE");
        assertNotNull(settings.get("ssl.truststore.location"), "overlay KAFKA_SSL_TRUSTSTORE_LOCATION");
        return settings;
    }

    private static List<JsonNode> ofKind(List<JsonNode> docs, String kind) {
        return docs.stream().filter(d -> kind.equals(d.path("kind").asText())).toList();
    }

    private static String name(JsonNode doc) {
        return doc.path("metadata").path("name").asText();
    }

    private static List<JsonNode> readAll(Path file) {
        List<JsonNode> docs = new ArrayList<>();
        try (JsonParser parser = YAML.getFactory().createParser(file.toFile());
                MappingIterator<JsonNode> it = YAML.readValues(parser, JsonNode.class)) {
            while (it.hasNextValue()) {
                JsonNode doc = it.nextValue();
                if (doc != null && doc.isObject() && !doc.isEmpty()) {
                    docs.add(doc);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return docs;
    }

    private static Map<String, String> properties(Path file) {
        Properties props = new Properties();
        try (var reader = Files.newBufferedReader(file)) {
            props.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> map = new TreeMap<>();
        props.stringPropertyNames().stream().filter(k -> !k.startsWith("%")).forEach(k -> map.put(k, props.getProperty(k)));
        return map;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path repoRoot() {
        for (Path d = Path.of(System.getProperty("user.dir")).toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("deploy/routes.tsv"))) {
                return d;
            }
        }
        return fail("no deploy/routes.tsv above " + System.getProperty("user.dir"));
    }

    // ---------------------------------------------------------------- broker

    /** A test CA's certificate for 127.0.0.1 in a PKCS12 keystore (the broker) and as PEM (the clients' truststore). */
    private static void makeCertificate() throws Exception {
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        Path store = dir.resolve("broker.p12");
        caPem = dir.resolve("ca.crt");
        run(keytool, "-genkeypair", "-alias", "broker", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=kafka-acls-test",
                "-ext", "SAN=IP:127.0.0.1,DNS:localhost", "-validity", "2", "-storetype", "PKCS12",
                "-keystore", store.toString(), "-storepass", STORE_PASSWORD);
        run(keytool, "-exportcert", "-rfc", "-alias", "broker", "-keystore", store.toString(), "-storepass", STORE_PASSWORD,
                "-file", caPem.toString());
    }

    /**
     * One KRaft node: CLIENTS is SASL_SSL with SCRAM-SHA-512 (what the services use, Strimzi's
     * listener `tls` with scram-sha-512); INTERNAL and CONTROLLER are plaintext on loopback for the
     * broker itself and for this test's setup, whose principal (ANONYMOUS) is the only super user,
     * as Strimzi's own components are on their mTLS listener.
     */
    private static KafkaRaftServer startBroker() throws Exception {
        internalPort = freePort();
        clientPort = freePort();
        int controllerPort = freePort();
        Path logDir = dir.resolve("kafka");
        Files.createDirectories(logDir);
        Properties props = new Properties();
        props.put("process.roles", "broker,controller");
        props.put("node.id", "1");
        props.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        props.put("listeners", "INTERNAL://127.0.0.1:" + internalPort + ",CLIENTS://127.0.0.1:" + clientPort
                + ",CONTROLLER://127.0.0.1:" + controllerPort);
        props.put("advertised.listeners", "INTERNAL://127.0.0.1:" + internalPort + ",CLIENTS://127.0.0.1:" + clientPort);
        props.put("listener.security.protocol.map", "INTERNAL:PLAINTEXT,CLIENTS:SASL_SSL,CONTROLLER:PLAINTEXT");
        props.put("inter.broker.listener.name", "INTERNAL");
        props.put("controller.listener.names", "CONTROLLER");
        props.put("listener.name.clients.sasl.enabled.mechanisms", "SCRAM-SHA-512");
        props.put("listener.name.clients.scram-sha-512.sasl.jaas.config",
                "org.apache.kafka.common.security.scram.ScramLoginModule required;");
        props.put("listener.name.clients.ssl.keystore.location", dir.resolve("broker.p12").toString());
        props.put("listener.name.clients.ssl.keystore.type", "PKCS12");
        props.put("listener.name.clients.ssl.keystore.password", STORE_PASSWORD);
        props.put("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer");
        props.put("super.users", "User:ANONYMOUS");
        props.put("allow.everyone.if.no.acl.found", "false");
        props.put("auto.create.topics.enable", "false");
        props.put("log.dirs", logDir.toString());
        props.put("num.partitions", "1");
        props.put("offsets.topic.replication.factor", "1");
        props.put("offsets.topic.num.partitions", "1");
        props.put("transaction.state.log.replication.factor", "1");
        props.put("transaction.state.log.min.isr", "1");
        props.put("share.coordinator.state.topic.replication.factor", "1");
        props.put("share.coordinator.state.topic.min.isr", "1");
        props.put("group.initial.rebalance.delay.ms", "0");
        KafkaConfig config = KafkaConfig.fromProps(props, false);
        new Formatter()
                .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
                .setNodeId(1)
                .setClusterId(Uuid.randomUuid().toString())
                .setDirectories(List.of(logDir.toString()))
                .setMetadataLogDirectory(logDir.toString())
                .setControllerListenerName("CONTROLLER")
                .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION)
                .run();
        KafkaRaftServer server = new KafkaRaftServer(config, Time.SYSTEM);
        server.startup();
        return server;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertEquals(0, process.waitFor(), String.join(" ", command) + "\n" + output);
    }
}

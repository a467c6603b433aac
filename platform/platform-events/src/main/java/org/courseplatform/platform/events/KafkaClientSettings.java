package org.courseplatform.platform.events;

import io.smallrye.common.annotation.Identifier;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * The connection settings of the Kafka clients the platform builds itself (the outbox relay's
 * producer, the readiness check's admin client): every {@code kafka.*} property, and every
 * {@code KAFKA_*} environment variable, exactly as Quarkus hands them to SmallRye's consumers and
 * producers (the {@code default-kafka-broker} map: {@code KAFKA_SASL_JAAS_CONFIG} becomes
 * {@code sasl.jaas.config}). So every client of a service connects the same way: bootstrap
 * servers, {@code security.protocol}, {@code sasl.*}, {@code ssl.*}. A deployment that turns on
 * SASL_SSL (docs/kubernetes.md, "Kafka") sets them once, for all clients.
 *
 * <p>Only the settings the client type knows are passed (a consumer's {@code group.id} would
 * only be logged as unused), and a client's own settings win over the shared ones: the relay's
 * {@code acks=all} and idempotence are not for a deployment to weaken.
 */
@ApplicationScoped
public class KafkaClientSettings {

    /** Quarkus' TLS-registry hook; its SSL engine factory reads it, so it must pass through. */
    static final String TLS_CONFIGURATION_NAME = "tls-configuration-name";

    private final Map<String, Object> shared;

    @Inject
    public KafkaClientSettings(@Identifier("default-kafka-broker") Map<String, Object> shared) {
        this.shared = Map.copyOf(withoutNulls(shared));
    }

    /** Settings of a producer: the shared ones it knows, then {@code own}. */
    public Map<String, Object> producer(Map<String, Object> own) {
        return merge(shared, ProducerConfig.configNames(), own);
    }

    /** Settings of an admin client: the shared ones it knows, then {@code own}. */
    public Map<String, Object> admin(Map<String, Object> own) {
        return merge(shared, AdminClientConfig.configNames(), own);
    }

    static Map<String, Object> merge(Map<String, Object> shared, Set<String> known, Map<String, Object> own) {
        Map<String, Object> config = new HashMap<>();
        shared.forEach((key, value) -> {
            if (known.contains(key) || TLS_CONFIGURATION_NAME.equals(key)) {
                config.put(key, value);
            }
        });
        config.putAll(own);
        return config;
    }

    private static Map<String, Object> withoutNulls(Map<String, Object> map) {
        Map<String, Object> copy = new HashMap<>();
        map.forEach((key, value) -> {
            if (key != null && value != null) {
                copy.put(key, value);
            }
        });
        return copy;
    }
}

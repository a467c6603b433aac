package org.courseplatform.platform.events;

import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready only while the Kafka cluster answers: events would pile up in the outbox otherwise.
 * The admin client connects like every other Kafka client of the service
 * ({@link KafkaClientSettings}), so with SASL_SSL it also proves the service's credentials work.
 * {@code describeCluster} (the cluster id) needs no ACL beyond a successful login.
 */
@Readiness
@ApplicationScoped
public class KafkaReadiness implements AsyncHealthCheck {

    private final KafkaClientSettings kafka;
    private volatile Admin admin;

    public KafkaReadiness(KafkaClientSettings kafka) {
        this.kafka = kafka;
    }

    @Override
    public Uni<HealthCheckResponse> call() {
        return Uni.createFrom()
                .completionStage(() -> admin().describeCluster(new DescribeClusterOptions().timeoutMs(2000))
                        .clusterId()
                        .toCompletionStage())
                .ifNoItem()
                .after(Duration.ofMillis(2500))
                .fail()
                .map(id -> HealthCheckResponse.named("kafka")
                        .up()
                        .withData("cluster", id)
                        .build())
                .onFailure()
                .recoverWithItem(e -> HealthCheckResponse.named("kafka")
                        .down()
                        .withData("error", String.valueOf(e.getMessage()))
                        .build());
    }

    private Admin admin() {
        Admin a = admin;
        if (a == null) {
            synchronized (this) {
                if (admin == null) {
                    admin = Admin.create(kafka.admin(Map.of(
                            AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2000,
                            AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3000,
                            AdminClientConfig.CLIENT_ID_CONFIG, "readiness")));
                }
                a = admin;
            }
        }
        return a;
    }

    @PreDestroy
    void close() {
        if (admin != null) {
            admin.close(Duration.ofSeconds(1));
        }
    }
}

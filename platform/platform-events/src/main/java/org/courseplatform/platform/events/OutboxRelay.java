package org.courseplatform.platform.events;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import io.quarkus.logging.Log;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.pgclient.pubsub.PgSubscriber;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.courseplatform.platform.web.Workers;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Publishes outbox rows to Kafka in sequence order. A row is taken only once every transaction
 * that started before its own has ended, so no lower sequence can still appear behind it; a
 * transaction-scoped advisory lock makes one replica relay at a time, so order holds across
 * replicas; rows are marked published only after Kafka acknowledged them, so a crash
 * republishes (consumers are idempotent) but never loses.
 * A {@code NOTIFY} from the outbox trigger wakes the relay at once; a poll is the safety net.
 */
@ApplicationScoped
public class OutboxRelay {

    private static final String LOCK =
            "select pg_try_advisory_xact_lock(hashtext(current_schema() || '.outbox')) as locked";
    private static final String BATCH =
            "select seq, topic, message_key, payload, traceparent from outbox where published_at is null"
                    + " and tx_id < pg_snapshot_xmin(pg_current_snapshot()) order by seq limit $1";
    private static final String MARK = "update outbox set published_at = now() where seq = any($1)";
    private static final String PURGE = "delete from outbox where published_at < now() - make_interval(secs => $1)";

    static final String TRACEPARENT = "traceparent";

    private final Pool pool;
    private final KafkaProducer<String, String> producer;
    private final OutboxConfig config;
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean again = new AtomicBoolean();
    private final String channel;
    private final KafkaClientMetrics producerMetrics;
    private PgSubscriber subscriber;

    /**
     * The producer connects like every other Kafka client of the service ({@link KafkaClientSettings}:
     * bootstrap servers and, where a deployment sets them, SASL_SSL credentials and truststore).
     * Idempotent: under Kafka ACLs its user needs IdempotentWrite on the cluster or Write on a topic.
     * Its client metrics go to /q/metrics like those of SmallRye's clients ({@code kafka_producer_*},
     * {@code client_id="<service>-outbox"}): send rate, errors, retries.
     */
    public OutboxRelay(
            Pool pool,
            OutboxConfig config,
            @ConfigProperty(name = "platform.schema") String schema,
            KafkaClientSettings kafka,
            @ConfigProperty(name = "quarkus.application.name") String service,
            MeterRegistry registry) {
        this.pool = pool;
        this.producer = new KafkaProducer<>(
                kafka.producer(Map.of(
                        ProducerConfig.CLIENT_ID_CONFIG, service + "-outbox",
                        ProducerConfig.ACKS_CONFIG, "all",
                        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                        ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5,
                        ProducerConfig.LINGER_MS_CONFIG, 1,
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000,
                        ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000)),
                new StringSerializer(),
                new StringSerializer());
        this.config = config;
        this.channel = "outbox_" + schema;
        this.producerMetrics = new KafkaClientMetrics(producer);
        producerMetrics.bindTo(registry);
    }

    void start(@Observes StartupEvent event, PgNotifications notifications) {
        if (!config.relayEnabled()) {
            return;
        }
        subscriber = notifications.listen(channel, this::wake, "Outbox");
        warnWithoutAutovacuum();
    }

    /**
     * The outbox and the services' other queue tables (webhook deliveries, jobs) turn rows over
     * within seconds; without autovacuum their indexes fill with dead entries that every read
     * walks, and the relay and the queues slow down by orders of magnitude (docs/operations.md).
     * Said once at start, where an operator looks.
     */
    private void warnWithoutAutovacuum() {
        pool.query("select current_setting('autovacuum')")
                .execute()
                .subscribe()
                .with(
                        rows -> {
                            if ("off".equals(rows.iterator().next().getString(0))) {
                                Log.warnf("PostgreSQL runs with autovacuum off: the outbox and the queue tables fill"
                                        + " with dead rows and slow down; turn it on (docs/operations.md, Database)");
                            }
                        },
                        e -> Log.debugf("Could not read PostgreSQL's autovacuum setting: %s", e.getMessage()));
    }

    void stop(@Observes ShutdownEvent event) {
        if (subscriber != null) {
            subscriber.closeAndForget();
        }
        producerMetrics.close();
        producer.close(Duration.ofSeconds(5));
    }

    @Scheduled(every = "${platform.outbox.poll-interval:1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void poll() {
        wake();
    }

    @Scheduled(every = "1h", delayed = "1m")
    Uni<Void> purge() {
        return pool.preparedQuery(PURGE)
                .execute(Tuple.of(config.retention().toSeconds()))
                .replaceWithVoid()
                .onFailure()
                .invoke(e -> Log.warnf("Outbox purge failed: %s", e.getMessage()))
                .onFailure()
                .recoverWithNull();
    }

    /** Runs the relay now, or once more right after the run in progress. */
    public void wake() {
        if (!config.relayEnabled()) {
            return;
        }
        again.set(true);
        if (running.compareAndSet(false, true)) {
            again.set(false);
            drain().subscribe().with(published -> finish(), e -> {
                Log.warnf("Outbox relay failed, will retry: %s", e.getMessage());
                finish();
            });
        }
    }

    private void finish() {
        running.set(false);
        if (again.get()) {
            wake();
        }
    }

    /** Publishes batches until the outbox is empty or another replica holds the lock. */
    Uni<Integer> drain() {
        return pool.withTransaction(this::relayBatch).chain(count -> {
            if (count >= config.batchSize()) {
                return drain().map(more -> more + count);
            }
            return Uni.createFrom().item(count);
        });
    }

    private Uni<Integer> relayBatch(SqlConnection conn) {
        return conn.query(LOCK).execute().chain(lock -> {
            if (!lock.iterator().next().getBoolean("locked")) {
                return Uni.createFrom().item(0);
            }
            return conn.preparedQuery(BATCH)
                    .execute(Tuple.of(config.batchSize()))
                    .chain(rows -> {
                        List<Long> seqs = new ArrayList<>();
                        List<Row> batch = new ArrayList<>();
                        for (Row row : rows) {
                            seqs.add(row.getLong("seq"));
                            batch.add(row);
                        }
                        if (seqs.isEmpty()) {
                            return Uni.createFrom().item(0);
                        }
                        // KafkaProducer.send may block on metadata: never on the event loop.
                        return Workers.call(() -> CompletableFuture.allOf(batch.stream()
                                        .map(row -> send(
                                                row.getString("topic"),
                                                row.getString("message_key"),
                                                row.getString("payload"),
                                                row.getString("traceparent")))
                                        .toArray(CompletableFuture[]::new)))
                                .chain(acked -> Uni.createFrom().completionStage(acked))
                                .chain(() -> conn.preparedQuery(MARK).execute(Tuple.of(seqs.toArray(Long[]::new))))
                                .invoke(() -> Log.debugf("Outbox relayed %d events", seqs.size()))
                                .replaceWith(seqs.size());
                    });
        });
    }

    /**
     * Sends in call order; Kafka's idempotent producer keeps that order within a partition. The
     * event's trace context also goes as the record's {@code traceparent} header, where Kafka
     * tooling and binary-mode CloudEvents readers look for it.
     */
    private CompletableFuture<Void> send(String topic, String key, String payload, String traceparent) {
        CompletableFuture<Void> acked = new CompletableFuture<>();
        ProducerRecord<String, String> record = new ProducerRecord<>(topic, key, payload);
        if (traceparent != null) {
            record.headers().add(TRACEPARENT, traceparent.getBytes(StandardCharsets.US_ASCII));
        }
        producer.send(record, (metadata, error) -> {
            if (error == null) {
                acked.complete(null);
            } else {
                acked.completeExceptionally(error);
            }
        });
        return acked;
    }
}

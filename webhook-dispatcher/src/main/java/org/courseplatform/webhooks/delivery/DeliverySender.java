package org.courseplatform.webhooks.delivery;

import io.quarkus.logging.Log;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.pubsub.PgSubscriber;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgConnectOptions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.courseplatform.webhooks.WebhooksConfig;
import org.courseplatform.webhooks.security.SecretCipher;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Sends due deliveries. A sender claims batches of due rows with {@code FOR UPDATE SKIP LOCKED},
 * moving their {@code next_attempt_at} to the end of a lease and stamping a claim id, so replicas
 * share the work and rows a killed sender held come due again when the lease ends (sent twice at
 * worst, with the same delivery id). Requests run concurrently, bounded per instance and per
 * endpoint, each under its own deadline, so a slow endpoint holds only its own slots. Outcomes
 * are written in batches; an outcome counts only for the claim that sent it.
 * New deliveries wake the sender at once (in-process, and through {@code NOTIFY} on other
 * replicas); a poll picks up retries as they come due.
 */
@ApplicationScoped
public class DeliverySender {

    private static final String CLAIM = """
            update delivery d set next_attempt_at = now() + make_interval(secs => $1), claim_id = $2
            from webhook_endpoint e
            where d.id in (select id from delivery
                           where status = 'pending' and next_attempt_at <= now() and endpoint_id <> all($3::bigint[])
                           order by next_attempt_at limit $4
                           for update skip locked)
              and e.id = d.endpoint_id
            returning d.id, d.endpoint_id, d.type, d.body, d.test_mode, d.attempts, e.url, e.enabled,
                      e.workspace_id, e.secret_encrypted""";
    /** Rows a sender took but will not send now go back: due at once, or held while their endpoint is disabled. */
    private static final String RELEASE = """
            update delivery set claim_id = null, next_attempt_at = case when $3 then null else now() end
            where id = any($1::uuid[]) and claim_id = $2 and status = 'pending'""";
    private static final String RECORD = """
            with r as (
                select * from unnest($1::uuid[], $2::uuid[], $3::int[], $4::text[], $5::boolean[], $6::timestamptz[],
                                     $7::int[], $8::bigint[])
                       as r(id, claim_id, status_code, error, ok, started_at, duration_ms, delay_ms)
            ), u as (
                update delivery d set
                    attempts = d.attempts + 1,
                    status = case when r.ok then 'succeeded' when d.attempts + 1 >= d.max_attempts then 'failed' else 'pending' end,
                    next_attempt_at = case when r.ok or d.attempts + 1 >= d.max_attempts then null
                                           else now() + make_interval(secs => r.delay_ms / 1000.0) end,
                    claim_id = null, last_status_code = r.status_code, last_error = r.error,
                    last_attempt_at = r.started_at, updated_at = now()
                from r where d.id = r.id and d.claim_id = r.claim_id and d.status = 'pending'
                returning d.id, d.attempts
            )
            insert into delivery_attempt (delivery_id, attempt, started_at, duration_ms, status_code, error)
            select u.id, u.attempts, r.started_at, r.duration_ms, r.status_code, r.error from u join r on r.id = u.id""";

    private final Pool pool;
    private final WebhookClient client;
    private final SecretCipher cipher;
    private final WebhooksConfig.Sender config;
    private final RetrySchedule schedule;
    private final long leaseSeconds;

    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean again = new AtomicBoolean();
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final Map<Long, AtomicInteger> perEndpoint = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<Result> results = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean flushing = new AtomicBoolean();
    /** Set when due rows were left for lack of a free slot; a finished request then claims again. */
    private final AtomicBoolean starved = new AtomicBoolean();
    private PgSubscriber subscriber;

    public DeliverySender(Pool pool, WebhookClient client, SecretCipher cipher, WebhooksConfig config) {
        this.pool = pool;
        this.client = client;
        this.cipher = cipher;
        this.config = config.sender();
        this.schedule = new RetrySchedule(config.retry().delays(), config.retry().jitter());
        this.leaseSeconds = Math.max(config.sender().lease().toSeconds(), config.timeout().toSeconds() + 5);
    }

    void start(@Observes StartupEvent event, Vertx vertx,
            @ConfigProperty(name = "quarkus.datasource.reactive.url") String url,
            @ConfigProperty(name = "quarkus.datasource.username") String user,
            @ConfigProperty(name = "quarkus.datasource.password", defaultValue = "") String password) {
        if (!config.enabled()) {
            return;
        }
        // A Vert.x timer rather than the scheduler, which cannot poll more often than once a second.
        long every = Math.max(50, config.pollInterval().toMillis());
        vertx.setPeriodic(every, id -> poll());
        PgConnectOptions options = PgConnectOptions.fromUri(url.startsWith("vertx-reactive:") ? url.substring(15) : url)
                .setUser(user).setPassword(password);
        subscriber = PgSubscriber.subscriber(vertx, options).reconnectPolicy(retries -> 1000L);
        subscriber.channel("webhook_deliveries").handler(payload -> wake());
        subscriber.connect().subscribe().with(ok -> wake(),
                e -> Log.warnf("Delivery LISTEN not connected (%s); relying on polling", e.getMessage()));
    }

    void stop(@Observes ShutdownEvent event) {
        stopping.set(true);
        if (subscriber != null) {
            subscriber.closeAndForget();
        }
        // Give requests in flight a moment and write what is known; the rest comes due again after the lease.
        long deadline = System.nanoTime() + 3_000_000_000L;
        while ((inFlight.get() > 0 || !results.isEmpty() || flushing.get()) && System.nanoTime() < deadline) {
            flush();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
    }

    void poll() {
        wake();
        flush();
    }

    /** Claims and sends now, or once more right after the run in progress. */
    public void wake() {
        if (!config.enabled() || stopping.get()) {
            return;
        }
        again.set(true);
        if (running.compareAndSet(false, true)) {
            again.set(false);
            claimWhileDue().subscribe().with(ignored -> finish(), e -> {
                Log.warnf("Webhook sender: claiming failed, will retry: %s", e.getMessage());
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

    /** Claims batches while capacity is left and the last batch was full. */
    private Uni<Void> claimWhileDue() {
        int room = Math.min(config.batchSize(), config.maxInFlight() - inFlight.get());
        if (stopping.get()) {
            return Uni.createFrom().voidItem();
        }
        if (room <= 0) {
            starved.set(true);
            return Uni.createFrom().voidItem();
        }
        Long[] busy = perEndpoint.entrySet().stream()
                .filter(e -> e.getValue().get() >= config.maxInFlightPerEndpoint()).map(Map.Entry::getKey).toArray(Long[]::new);
        if (busy.length > 0) {
            starved.set(true);
        }
        UUID claim = UUID.randomUUID();
        return pool.preparedQuery(CLAIM).execute(Tuple.of(leaseSeconds, claim, busy, room)).chain(rows -> {
            List<UUID> later = new ArrayList<>();
            List<UUID> held = new ArrayList<>();
            for (Row row : rows) {
                long endpoint = row.getLong("endpoint_id");
                if (!row.getBoolean("enabled")) {
                    held.add(row.getUUID("id"));
                    continue;
                }
                AtomicInteger count = perEndpoint.computeIfAbsent(endpoint, k -> new AtomicInteger());
                if (count.incrementAndGet() > config.maxInFlightPerEndpoint()) {
                    count.decrementAndGet();
                    later.add(row.getUUID("id"));
                    continue;
                }
                inFlight.incrementAndGet();
                send(claim, row, count);
            }
            if (!later.isEmpty()) {
                starved.set(true);
            }
            Uni<Void> released = release(claim, later, false).chain(() -> release(claim, held, true));
            return rows.size() >= room ? released.chain(this::claimWhileDue) : released;
        });
    }

    private Uni<Void> release(UUID claim, List<UUID> ids, boolean hold) {
        if (ids.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return pool.preparedQuery(RELEASE).execute(Tuple.of(ids.toArray(UUID[]::new), claim, hold)).replaceWithVoid();
    }

    private void send(UUID claim, Row row, AtomicInteger endpointCount) {
        UUID id = row.getUUID("id");
        int attempt = row.getInteger("attempts") + 1;
        Instant started = Instant.now();
        Uni<WebhookClient.Outcome> outcome;
        try {
            String secret = cipher.decrypt(row.getBuffer("secret_encrypted").getBytes(), row.getLong("workspace_id"));
            String body = row.getString("body");
            long timestamp = started.getEpochSecond();
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("Content-Type", "application/json");
            headers.put("User-Agent", "CoursePlatform-Webhooks/1.0");
            headers.put("X-Service-Event", row.getString("type"));
            headers.put("X-Service-Delivery", id.toString());
            headers.put("X-Service-Timestamp", Long.toString(timestamp));
            headers.put("X-Service-Signature", Signatures.sign(secret, timestamp, body));
            Boolean testMode = row.getBoolean("test_mode");
            if (testMode != null) {
                headers.put("X-Service-Test-Mode", testMode.toString());
            }
            outcome = client.post(row.getString("url"), headers, body);
        } catch (RuntimeException e) {
            Log.warnf("Delivery %s not sent: %s", id, e.getMessage());
            outcome = Uni.createFrom().item(new WebhookClient.Outcome(null, "not sent: " + e.getMessage(), 0));
        }
        outcome.subscribe().with(o -> done(claim, id, attempt, started, o, endpointCount),
                e -> done(claim, id, attempt, started, new WebhookClient.Outcome(null, WebhookClient.describe(e), 0), endpointCount));
    }

    private void done(UUID claim, UUID id, int attempt, Instant started, WebhookClient.Outcome outcome, AtomicInteger endpointCount) {
        endpointCount.decrementAndGet();
        inFlight.decrementAndGet();
        long delay = outcome.succeeded() ? 0 : schedule.delayMillis(attempt);
        results.add(new Result(id, claim, outcome, started, delay));
        Log.debugf("Delivery %s attempt %d: %s", id, attempt,
                outcome.succeeded() ? "HTTP " + outcome.statusCode() : outcome.error());
        flush();
        if (starved.compareAndSet(true, false)) {
            wake();
        }
    }

    /** Writes the outcomes gathered so far, many per statement; one flush at a time. */
    void flush() {
        if (results.isEmpty() || !flushing.compareAndSet(false, true)) {
            return;
        }
        List<Result> batch = new ArrayList<>();
        Result next;
        while (batch.size() < 1000 && (next = results.poll()) != null) {
            batch.add(next);
        }
        int n = batch.size();
        UUID[] ids = new UUID[n];
        UUID[] claims = new UUID[n];
        Integer[] codes = new Integer[n];
        String[] errors = new String[n];
        Boolean[] ok = new Boolean[n];
        OffsetDateTime[] starts = new OffsetDateTime[n];
        Integer[] durations = new Integer[n];
        Long[] delays = new Long[n];
        for (int i = 0; i < n; i++) {
            Result r = batch.get(i);
            ids[i] = r.id();
            claims[i] = r.claim();
            codes[i] = r.outcome().statusCode();
            errors[i] = r.outcome().error();
            ok[i] = r.outcome().succeeded();
            starts[i] = OffsetDateTime.ofInstant(r.started(), ZoneOffset.UTC);
            durations[i] = (int) Math.min(Integer.MAX_VALUE, r.outcome().durationMillis());
            delays[i] = r.delayMillis();
        }
        pool.preparedQuery(RECORD).execute(Tuple.tuple(List.of(ids, claims, codes, errors, ok, starts, durations, delays)))
                .subscribe().with(done -> {
                    flushing.set(false);
                    if (!results.isEmpty()) {
                        flush();
                    }
                }, e -> {
                    Log.warnf("Webhook sender: recording %d outcomes failed, will retry: %s", n, e.getMessage());
                    results.addAll(batch);
                    flushing.set(false);
                });
    }

    /** Requests in flight in this instance (for tests and metrics). */
    public int inFlight() {
        return inFlight.get();
    }

    private record Result(UUID id, UUID claim, WebhookClient.Outcome outcome, Instant started, long delayMillis) {
    }

    /** Drops the counters of endpoints with nothing in flight, so the map does not keep endpoints long gone. */
    @Scheduled(every = "10m", delayed = "10m")
    void tidy() {
        perEndpoint.entrySet().removeIf(e -> e.getValue().get() == 0);
    }
}

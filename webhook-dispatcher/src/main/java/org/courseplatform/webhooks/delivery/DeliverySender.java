package org.courseplatform.webhooks.delivery;

import io.quarkus.logging.Log;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.pubsub.PgSubscriber;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.spec.SecretKeySpec;
import org.courseplatform.platform.events.EventTraces;
import org.courseplatform.platform.events.PgNotifications;
import org.courseplatform.webhooks.WebhooksConfig;

/**
 * Sends due deliveries. A sender claims batches of due rows with {@code FOR UPDATE SKIP LOCKED},
 * moving their {@code next_attempt_at} to the end of a lease and stamping a claim id, so replicas
 * share the work and rows a killed sender held come due again when the lease ends (sent twice at
 * worst, with the same delivery id). Requests run concurrently, bounded per instance and per
 * endpoint, each under its own deadline, so a slow endpoint holds only its own slots. Each
 * endpoint keeps up to as many claimed rows waiting as it has slots, so the next request starts
 * as soon as one finishes rather than after another claim; a waiting row whose lease could end
 * before its request goes back to the table. Outcomes
 * are written in batches; an outcome counts only for the claim that sent it.
 * New deliveries wake the sender at once (in-process, and through {@code NOTIFY} on other
 * replicas); a poll picks up retries as they come due.
 */
@ApplicationScoped
public class DeliverySender {

    private final DeliveryRepository deliveries;
    private final WebhookClient client;
    private final SigningKeys keys;
    private final WebhooksConfig.Sender config;
    private final RetrySchedule schedule;
    private final long leaseSeconds;
    private final DeliveryMetrics metrics;

    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean again = new AtomicBoolean();
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger buffered = new AtomicInteger();
    private final Map<Long, Lane> lanes = new ConcurrentHashMap<>();
    private final long sendWithinNanos;
    private final long pollNanos;
    private final ConcurrentLinkedQueue<Result> results = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean flushing = new AtomicBoolean();
    /**
     * Set when due rows may have been left for lack of a free slot (the last claim stopped at its
     * room, or some endpoint was full); a finished request that leaves its endpoint room for a
     * batch then claims again. Cleared by the claim it starts, so an idle sender does not query
     * on every completion.
     */
    private final AtomicBoolean starved = new AtomicBoolean();
    /**
     * Set while due rows may be waiting in the table (the last claim stopped at its room, or rows
     * were queued unclaimed; at start, until a claim takes every due row): the intake then queues
     * new rows unclaimed, behind them.
     */
    private final AtomicBoolean backlog = new AtomicBoolean(true);
    /**
     * When a claim that had to leave out full endpoints last found nothing. Such a claim walks
     * the due index past every row of those endpoints, so while they keep a backlog it runs at
     * most once per poll interval, unless an endpoint has room again.
     */
    private volatile long emptyExclusionClaimAt = Long.MIN_VALUE;

    private PgSubscriber subscriber;

    public DeliverySender(
            DeliveryRepository deliveries,
            WebhookClient client,
            SigningKeys keys,
            WebhooksConfig config,
            DeliveryMetrics metrics) {
        this.deliveries = deliveries;
        this.metrics = metrics;
        this.client = client;
        this.keys = keys;
        this.config = config.sender();
        this.schedule =
                new RetrySchedule(config.retry().delays(), config.retry().jitter());
        this.leaseSeconds =
                Math.max(config.sender().lease().toSeconds(), config.timeout().toSeconds() + 30);
        // A claimed row starts only while its lease still covers a whole attempt, with a margin.
        this.sendWithinNanos = (leaseSeconds - config.timeout().toSeconds() - 5) * 1_000_000_000L;
        this.pollNanos = Math.max(50, config.sender().pollInterval().toMillis()) * 1_000_000L;
    }

    void start(@Observes StartupEvent event, Vertx vertx, PgNotifications notifications) {
        if (!config.enabled()) {
            return;
        }
        // A Vert.x timer rather than the scheduler, which cannot poll more often than once a second.
        long every = Math.max(50, config.pollInterval().toMillis());
        vertx.setPeriodic(every, id -> poll());
        subscriber = notifications.listen("webhook_deliveries", this::wake, "Delivery");
    }

    void stop(@Observes ShutdownEvent event) {
        stopping.set(true);
        if (subscriber != null) {
            subscriber.closeAndForget();
        }
        // Rows taken but not started go back at once, so other replicas need not wait for the lease.
        Map<UUID, List<UUID>> waiting = new HashMap<>();
        for (Lane lane : lanes.values()) {
            synchronized (lane) {
                for (Claimed c : lane.waiting) {
                    waiting.computeIfAbsent(c.claim(), k -> new ArrayList<>())
                            .add(c.row().getUUID("id"));
                }
                buffered.addAndGet(-lane.waiting.size());
                lane.waiting.clear();
            }
        }
        waiting.forEach((claim, ids) -> release(claim, ids, false).subscribe().with(ok -> {}, e -> {}));
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

    /**
     * Claims batches while there is room. Each endpoint may hold up to twice its in-flight limit
     * (requests in flight plus rows waiting here), so a finished request is followed by the next
     * one at once, without waiting for a claim; the instance as a whole holds at most twice
     * {@code max-in-flight}. An endpoint is refilled only once its waiting rows have gone to
     * requests (its load is down to its in-flight limit), so each claim takes a batch for it
     * rather than the one or two rows the last requests made room for.
     */
    private Uni<Void> claimWhileDue() {
        if (stopping.get()) {
            return Uni.createFrom().voidItem();
        }
        int room = Math.min(config.batchSize(), 2 * config.maxInFlight() - inFlight.get() - buffered.get());
        if (room <= 0) {
            starved.set(true);
            return Uni.createFrom().voidItem();
        }
        int prefetch = 2 * config.maxInFlightPerEndpoint();
        List<Long> active = new ArrayList<>();
        List<Integer> loads = new ArrayList<>();
        List<Long> busy = new ArrayList<>();
        for (Lane lane : lanes.values()) {
            int load;
            synchronized (lane) {
                load = lane.inFlight + lane.waiting.size();
            }
            if (load > config.maxInFlightPerEndpoint()) {
                busy.add(lane.endpoint);
            } else if (load > 0) {
                active.add(lane.endpoint);
                loads.add(load);
            }
        }
        if (!busy.isEmpty()) {
            starved.set(true);
            if (active.isEmpty() && System.nanoTime() - emptyExclusionClaimAt < pollNanos) {
                return Uni.createFrom().voidItem(); // every endpoint with work is full; see emptyExclusionClaimAt
            }
        }
        UUID claim = UUID.randomUUID();
        return deliveries
                .claimDue(leaseSeconds, claim, busy, room, active, loads, prefetch)
                .chain(rows -> {
                    if (filled(rows, room, active, loads, prefetch)) {
                        // More may be due than the room the claim had: claim again as requests finish.
                        starved.set(true);
                        backlog.set(true);
                    } else if (busy.isEmpty()) {
                        // The claim took every due row: the intake may claim what it queues next.
                        backlog.set(false);
                    } else if (rows.size() == 0) {
                        emptyExclusionClaimAt = System.nanoTime();
                    }
                    long now = System.nanoTime();
                    List<UUID> held = new ArrayList<>();
                    Map<Long, Lane> touched = new LinkedHashMap<>();
                    for (Row row : rows) {
                        if (!row.getBoolean("enabled")) {
                            held.add(row.getUUID("id"));
                            continue;
                        }
                        Lane lane = lanes.computeIfAbsent(row.getLong("endpoint_id"), Lane::new);
                        synchronized (lane) {
                            lane.waiting.add(new Claimed(claim, row, now));
                        }
                        buffered.incrementAndGet();
                        touched.put(lane.endpoint, lane);
                    }
                    touched.values().forEach(this::drain);
                    Uni<Void> released = release(claim, held, true);
                    return rows.size() >= room ? released.chain(this::claimWhileDue) : released;
                });
    }

    /**
     * Whether a claim stopped at its room (in all, or for some endpoint) rather than at the end of
     * the due rows, so that more may be due. A claim that did not is the end of a backlog: until
     * then the intake queues new rows unclaimed, and each would cost a claim of its own.
     */
    private static boolean filled(Iterable<Row> rows, int room, List<Long> active, List<Integer> loads, int prefetch) {
        Map<Long, Integer> taken = new HashMap<>();
        int total = 0;
        for (Row row : rows) {
            taken.merge(row.getLong("endpoint_id"), 1, Integer::sum);
            total++;
        }
        if (total >= room) {
            return true;
        }
        for (Map.Entry<Long, Integer> e : taken.entrySet()) {
            int i = active.indexOf(e.getKey());
            int left = prefetch - (i < 0 ? 0 : loads.get(i));
            if (e.getValue() >= left) {
                return true;
            }
        }
        return false;
    }

    /**
     * What the intake may claim for this instance while it queues deliveries: a claim id and the
     * room left, in total and per endpoint (the lanes' loads). No room while the sender is off or
     * stopping, or while due rows may be waiting in the table (the last claim found some): then
     * new rows queue behind them and are claimed in due order.
     */
    public record Room(UUID claim, int total, int perEndpoint, Long[] endpoints, Integer[] loads, long leaseSeconds) {}

    public Room room() {
        int total = 0;
        if (config.enabled() && !stopping.get() && !backlog.get()) {
            total = Math.max(
                    0, Math.min(config.batchSize() * 5, 2 * config.maxInFlight() - inFlight.get() - buffered.get()));
        }
        List<Long> endpoints = new ArrayList<>();
        List<Integer> loads = new ArrayList<>();
        if (total > 0) {
            for (Lane lane : lanes.values()) {
                int load;
                synchronized (lane) {
                    load = lane.inFlight + lane.waiting.size();
                }
                if (load > 0) {
                    endpoints.add(lane.endpoint);
                    loads.add(load);
                }
            }
        }
        return new Room(
                UUID.randomUUID(),
                total,
                2 * config.maxInFlightPerEndpoint(),
                endpoints.toArray(Long[]::new),
                loads.toArray(Integer[]::new),
                leaseSeconds);
    }

    /**
     * Takes the rows the intake claimed for this instance (column {@code claimed}), once their
     * transaction has committed, and starts them like rows of a claim. Answers how many it took.
     */
    public int accept(Room room, Iterable<Row> rows) {
        long now = System.nanoTime();
        int taken = 0;
        Map<Long, Lane> touched = new LinkedHashMap<>();
        for (Row row : rows) {
            if (!row.getBoolean("claimed")) {
                backlog.set(true); // queued unclaimed: due rows wait in the table, claimed in due order
                continue;
            }
            Lane lane = lanes.computeIfAbsent(row.getLong("endpoint_id"), Lane::new);
            synchronized (lane) {
                lane.waiting.add(new Claimed(room.claim(), row, now));
            }
            buffered.incrementAndGet();
            touched.put(lane.endpoint, lane);
            taken++;
        }
        touched.values().forEach(this::drain);
        return taken;
    }

    /** Starts the lane's waiting rows while it and the instance have free slots. */
    private void drain(Lane lane) {
        List<Claimed> start = new ArrayList<>();
        List<Claimed> stale = new ArrayList<>();
        long now = System.nanoTime();
        synchronized (lane) {
            while (!lane.waiting.isEmpty()
                    && lane.inFlight < config.maxInFlightPerEndpoint()
                    && inFlight.get() < config.maxInFlight()) {
                Claimed next = lane.waiting.poll();
                buffered.decrementAndGet();
                if (now - next.claimedAt() > sendWithinNanos) {
                    stale.add(next); // its lease would end before the request could: hand it back
                    continue;
                }
                lane.inFlight++;
                inFlight.incrementAndGet();
                start.add(next);
            }
        }
        start.forEach(c -> send(c.claim(), c.row(), lane));
        Map<UUID, List<UUID>> back = new HashMap<>();
        stale.forEach(c -> back.computeIfAbsent(c.claim(), k -> new ArrayList<>())
                .add(c.row().getUUID("id")));
        back.forEach((claim, ids) -> release(claim, ids, false)
                .subscribe()
                .with(
                        ok -> wake(),
                        e -> Log.warnf("Webhook sender: releasing failed (the lease will): %s", e.getMessage())));
    }

    private Uni<Void> release(UUID claim, List<UUID> ids, boolean hold) {
        if (ids.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return deliveries.release(claim, ids, hold);
    }

    private void send(UUID claim, Row row, Lane lane) {
        UUID id = row.getUUID("id");
        int attempt = row.getInteger("attempts") + 1;
        Instant started = Instant.now();
        Uni<WebhookClient.Outcome> outcome;
        try {
            SecretKeySpec key = keys.key(
                    row.getLong("endpoint_id"),
                    row.getLong("workspace_id"),
                    row.getBuffer("secret_encrypted").getBytes());
            String body = row.getString("body");
            long timestamp = started.getEpochSecond();
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("Content-Type", "application/json");
            headers.put("User-Agent", "CoursePlatform-Webhooks/1.0");
            headers.put("X-Service-Event", row.getString("type"));
            headers.put("X-Service-Delivery", id.toString());
            headers.put("X-Service-Timestamp", Long.toString(timestamp));
            headers.put("X-Service-Signature", Signatures.sign(key, timestamp, body));
            Boolean testMode = row.getBoolean("test_mode");
            if (testMode != null) {
                headers.put("X-Service-Test-Mode", testMode.toString());
            }
            outcome = client.post(row.getString("url"), headers, body);
        } catch (RuntimeException e) {
            Log.warnf("Delivery %s not sent: %s", id, e.getMessage());
            outcome = Uni.createFrom().item(new WebhookClient.Outcome(null, "not sent: " + e.getMessage(), 0));
        }
        // The attempt is sent in the trace of the request that caused its event (a no-op without one).
        Uni<WebhookClient.Outcome> attempted = outcome;
        EventTraces.within(row.getString("traceparent"), () -> attempted)
                .subscribe()
                .with(
                        o -> done(claim, id, attempt, started, o, lane),
                        e -> done(
                                claim,
                                id,
                                attempt,
                                started,
                                new WebhookClient.Outcome(null, WebhookClient.describe(e), 0),
                                lane));
    }

    private void done(UUID claim, UUID id, int attempt, Instant started, WebhookClient.Outcome outcome, Lane lane) {
        synchronized (lane) {
            lane.inFlight--;
        }
        inFlight.decrementAndGet();
        long delay = outcome.succeeded() ? 0 : schedule.delayMillis(attempt);
        results.add(new Result(id, claim, outcome, started, delay));
        metrics.attempted(outcome.succeeded());
        Log.debugf(
                "Delivery %s attempt %d: %s",
                id, attempt, outcome.succeeded() ? "HTTP " + outcome.statusCode() : outcome.error());
        flush();
        drain(lane);
        if (buffered.get() > 0 && inFlight.get() < config.maxInFlight()) {
            lanes.values().forEach(this::drain); // rows of other endpoints waited for an instance slot
        }
        int load;
        synchronized (lane) {
            load = lane.inFlight + lane.waiting.size();
        }
        // This endpoint can take a batch again, or the instance has room for other endpoints' rows.
        if ((load <= config.maxInFlightPerEndpoint() || inFlight.get() + buffered.get() <= config.maxInFlight())
                && starved.compareAndSet(true, false)) {
            wake();
        }
    }

    /** One endpoint's share of this instance: requests in flight and claimed rows waiting for a slot. */
    private static final class Lane {
        final long endpoint;
        int inFlight;
        final ArrayDeque<Claimed> waiting = new ArrayDeque<>();

        Lane(long endpoint) {
            this.endpoint = endpoint;
        }
    }

    private record Claimed(UUID claim, Row row, long claimedAt) {}

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
        deliveries
                .recordOutcomes(ids, claims, codes, errors, ok, starts, durations, delays)
                .subscribe()
                .with(
                        done -> {
                            flushing.set(false);
                            if (!results.isEmpty()) {
                                flush();
                            }
                        },
                        e -> {
                            Log.warnf(
                                    "Webhook sender: recording %d outcomes failed, will retry: %s", n, e.getMessage());
                            results.addAll(batch);
                            flushing.set(false);
                        });
    }

    /** Requests in flight in this instance (for tests and metrics). */
    public int inFlight() {
        return inFlight.get();
    }

    private record Result(UUID id, UUID claim, WebhookClient.Outcome outcome, Instant started, long delayMillis) {}

    /** Drops idle lanes and their signing keys, so neither map keeps endpoints long gone. */
    @Scheduled(every = "10m", delayed = "10m")
    void tidy() {
        lanes.values().removeIf(lane -> {
            boolean idle;
            synchronized (lane) {
                idle = lane.inFlight == 0 && lane.waiting.isEmpty();
            }
            if (idle) {
                keys.forget(lane.endpoint);
            }
            return idle;
        });
    }
}

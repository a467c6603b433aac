import java.time.Instant;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * bench/WebhookEvents.java — publishes course.created CloudEvents to course-events the way
 * course-service's outbox relay does (key = workspace id), at a fixed rate or as fast as possible.
 * Each event's "time" is its send time, so a delivery's body carries when its event was sent.
 *
 * Usage: java -cp 'platform/dev-stack/target/lib/*' bench/WebhookEvents.java BOOTSTRAP WORKSPACE COUNT RATE
 *   RATE events per second (0: as fast as possible). Prints "sent N in S s".
 */
public class WebhookEvents {

    /**
     * Course ids no real course will take. Every reader of course-events sees these events, and
     * members-service's course projection keeps a course's first workspace: ids a suite's own
     * sequence later handed out (0, 1, 2, ...) made its real courses unknown to enrolments.
     */
    static final long FIRST_ID = 9_000_000_000_000_000_000L;

    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        long workspace = Long.parseLong(args[1]);
        int count = Integer.parseInt(args[2]);
        double rate = Double.parseDouble(args[3]);
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.LINGER_MS_CONFIG, 2);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        AtomicLong failed = new AtomicLong();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
            // The first send would wait for the topic's metadata (connecting, then a round trip) and
            // the schedule would then catch up in a burst: fetch it before the clock starts.
            producer.partitionsFor("course-events");
            long started = System.nanoTime();
            for (int i = 0; i < count; i++) {
                if (rate > 0) {
                    long due = started + (long) (i * 1_000_000_000L / rate);
                    long wait = due - System.nanoTime();
                    if (wait > 0) {
                        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                    }
                }
                String event = "{\"specversion\":\"1.0\",\"id\":\"" + UUID.randomUUID() + "\",\"source\":\"/course-service\","
                        + "\"type\":\"course.created\",\"subject\":\"" + i + "\",\"time\":\"" + Instant.now() + "\","
                        + "\"datacontenttype\":\"application/json\",\"workspaceid\":" + workspace + ",\"testmode\":false,"
                        + "\"data\":{\"course\":{\"id\":" + (FIRST_ID + i) + ",\"title\":\"Bench course " + i + "\",\"key\":\"BENCH-" + i
                        + "\",\"clientIdentifier\":null,\"identifier\":\"bench\",\"type\":\"course\"}}}";
                producer.send(new ProducerRecord<>("course-events", Long.toString(workspace), event), (m, e) -> {
                    if (e != null) {
                        failed.incrementAndGet();
                    }
                });
            }
            producer.flush();
            System.out.printf("sent %d in %.2f s (%d failed)%n", count, (System.nanoTime() - started) / 1e9, failed.get());
        }
    }
}
